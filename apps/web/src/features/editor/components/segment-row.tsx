import { memo, startTransition, useLayoutEffect, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { CommentOutlined, EditOutlined, LoadingOutlined, SyncOutlined } from '@ant-design/icons';
import { formatSrtTime, parseTimestamp } from '@subtrans/subtitles/time';
import type { EditSegment, Field } from '../lib/editor-state';
import './segment-row.css';
import { useRowLabels } from './row-labels';
import { TIMING_FLAGS } from '../lib/quality';

/** where a row becomes a card (segment-row.css has the same width) */
export const PHONE_QUERY = '(max-width: 639.98px)';

export interface RowHandlers {
  change(id: number, field: Field, value: string | number, typing: boolean): void;
  /** a key was typed in a line: called in the key's own event, before the change reaches the page */
  typing: () => void;
  focus(id: number): void;
  toggle(id: number): void;
  retranslate(id: number): void;
  edit(id: number): void;
  /** issue 36: a timing flag clicked: fix timing across the file, its changes shown first */
  fixTiming?: () => void;
  /** issue 40 §2: a line's comment badge clicked: the reviewers' comments, at this line */
  comments?: (id: number) => void;
}

/**
 * A line's new texts written into its fields at once, before the page renders the change (a split
 * or a merge, in the key's own event). Set after React's DOM changes, the focused field's new value
 * forced a style and layout of the whole changed list (~4 ms of a split's 30 on a slow machine);
 * set first, it lays out one field, and the render finds the field already showing its value.
 */
export function writeAhead(id: number, texts: Pick<EditSegment, 'originalText' | 'translatedText'>) {
  const fields = [
    ['original', texts.originalText],
    ['translation', texts.translatedText],
  ] as const;
  for (const [name, text] of fields) {
    const el = document.querySelector(`textarea[data-testid="seg-${id}-${name}"]`);
    if (el instanceof HTMLTextAreaElement && el.value !== text) el.value = text;
  }
}

// one element each for every row: a row rendered again (renumbered after a split) leaves its
// icons alone instead of building their SVGs again
const SYNC_ICON = <SyncOutlined />;
const LOADING_ICON = <LoadingOutlined />;
const EDIT_ICON = <EditOutlined />;
const COMMENT_ICON = <CommentOutlined />;

/**
 * Issue 40 §2: a line reviewers commented on: its open comments' count (or, all resolved, the
 * icon alone, muted), a button that opens the comments at this line.
 */
function CommentBadge(props: { id: number; open: number; onClick?: (id: number) => void }) {
  const labels = useRowLabels();
  const label = props.open > 0 ? labels.comments(props.open) : labels.commentsResolved;
  return (
    <button
      type="button"
      className="seg-comments"
      data-open={props.open > 0 || undefined}
      title={label}
      aria-label={label}
      onClick={() => props.onClick?.(props.id)}
      data-testid={`seg-${props.id}-comments`}
    >
      {COMMENT_ICON}
      {props.open > 0 ? <span>{props.open}</span> : null}
    </button>
  );
}

/**
 * A timecode: the first 8 characters (HH:MM:SS) shown, the full precision while focused;
 * committed on blur or Enter when it parses (SPEC §2).
 */
function TimeInput(props: {
  ms: number;
  label: string;
  testId: string;
  readOnly: boolean;
  onCommit: (ms: number) => void;
}) {
  // what is typed, and the time it started from: a draft not typed into follows the line's time
  // (an undo, a shift while the field has the focus), and is never committed over it
  const [draft, setDraft] = useState<{ text: string; from: number } | null>(null);
  const full = formatSrtTime(props.ms);
  const typed = draft !== null && draft.text !== formatSrtTime(draft.from);
  const commit = () => {
    if (draft === null) return;
    const ms = parseTimestamp(draft.text.trim());
    setDraft(null);
    if (typed && ms !== null && ms !== props.ms) props.onCommit(ms);
  };
  return (
    <input
      className="seg-time"
      aria-label={props.label}
      data-testid={props.testId}
      readOnly={props.readOnly}
      value={draft === null ? full.slice(0, 8) : typed ? draft.text : full}
      onFocus={() => setDraft({ text: full, from: props.ms })}
      onChange={(e) => setDraft({ text: e.target.value, from: draft?.from ?? props.ms })}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

/**
 * A text field as tall as its lines (at most 8); where the browser sizes fields to their content
 * (CSS field-sizing), wrapped lines count too. No script measures the text: the rows of a long
 * list render without a forced layout each.
 */
const rowsOf = (text: string) => Math.min(8, Math.max(1, text.split('\n').length));

/**
 * A text field that the browser keeps (uncontrolled): a key is drawn by the browser alone, with no
 * render of React in the key's own event, and the page (10,000 lines, undo, flags, autosave) hears
 * of it in a transition, at a lower priority that the next key can interrupt. A field kept by React
 * would render and commit once per key before the key is drawn, which slows typing on a long task.
 *
 * A new value from the page (undo, replace, re-translation) is written to the field; the page
 * catching up with keys already typed is not, so a slower page never undoes a key (nor breaks an
 * input method's composition).
 */
function TextField({
  value,
  onText,
  onTyping,
  ...rest
}: { value: string; onText: (text: string) => void; onTyping: () => void } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'defaultValue' | 'onChange' | 'rows'
>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [initial] = useState(value);
  /** the page's value at the last render */
  const pageValue = useRef(value);
  /** texts handed to the page that it has not shown yet, oldest first */
  const sent = useRef<string[]>([]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fresh = value !== pageValue.current;
    pageValue.current = value;
    // the page has caught up with a key typed here (and so with every key before it)
    const mine = sent.current.lastIndexOf(value);
    if (mine >= 0) {
      sent.current = sent.current.slice(mine + 1);
      return;
    }
    // a render for something else, before the page has the keys typed: the field keeps them
    if (!fresh) return;
    sent.current = [];
    if (el.value !== value) el.value = value;
  });
  return (
    <textarea
      {...rest}
      ref={ref}
      rows={rowsOf(value)}
      defaultValue={initial}
      onChange={(e) => {
        const next = e.target.value;
        const rows = rowsOf(next);
        if (e.target.rows !== rows) e.target.rows = rows;
        sent.current.push(next);
        onTyping();
        startTransition(() => onText(next));
      }}
    />
  );
}

/**
 * A review flag of the server: its name, and what it means as the tag's tooltip and accessible
 * description (a native title: an antd Tooltip per row would cost every row scrolled past).
 */
function ReviewTag({ flag }: { flag: string }) {
  const labels = useRowLabels();
  const name = labels.reviewName(flag);
  const hint = labels.reviewHint(flag);
  return (
    <span
      className="seg-review"
      title={hint}
      aria-label={`${name}: ${hint}`}
      role="note"
      data-review-flag={flag}
    >
      {name}
    </span>
  );
}

/**
 * One segment: index, timing, original and translation side by side, its flags and actions; on a
 * phone a card of them one under the other (segment-row.css).
 * Native fields drawn like the app's (segment-row.css), not antd components: a row is rendered
 * for every line scrolled past, and antd's per-component style hooks and textarea measuring made
 * a row 4.5× dearer (npm run bench editor: every row of 10,000 rendered, 86 s → 19 s).
 */
export const SegmentRow = memo(function SegmentRow(props: {
  seg: EditSegment;
  /** quality flags, comma-separated (a string keeps the row's props stable) */
  flags: string;
  /** review flags stored by the server, comma-separated ('' for none) */
  review?: string;
  /** the line's number in the task (its place, not its id) */
  number: number;
  selected: boolean;
  busy: boolean;
  readOnly: boolean;
  /** issue 34: after the part translated so far: its translation comes with the rest (not typed, not re-translated) */
  untranslated?: boolean;
  current: boolean;
  handlers: RowHandlers;
  /** issue 40 §2: the reviewers' comments on the line not resolved, and in all (0: none) */
  openComments?: number;
  comments?: number;
}) {
  const labels = useRowLabels();
  const line = labels.line(props.number);
  const { seg, handlers, readOnly } = props;
  const untranslated = props.untranslated ?? false;
  const flags = props.flags ? props.flags.split(',') : [];
  const review = props.review ? props.review.split(',') : [];
  return (
    // a form of its own: Chrome's autofill reads the form of a field that changed after each key,
    // and fields in no form make one form of every field in the page (60–80 with the rows on screen)
    <form
      noValidate
      onSubmit={(e) => e.preventDefault()}
      data-testid={`segment-${seg.id}`}
      data-flags={props.flags}
      data-review={props.review || undefined}
      data-untranslated={untranslated || undefined}
      onFocusCapture={() => handlers.focus(seg.id)}
      className="seg-row"
      data-current={props.current || undefined}
    >
      <input
        type="checkbox"
        className="seg-check"
        checked={props.selected}
        onChange={() => handlers.toggle(seg.id)}
        aria-label={line.select}
      />
      <span className="seg-id">{props.number}</span>
      <div className="seg-times">
        <TimeInput
          ms={seg.startMs}
          label={line.start}
          testId={`seg-${seg.id}-start`}
          readOnly={readOnly}
          onCommit={(ms) => handlers.change(seg.id, 'startMs', ms, false)}
        />
        <TimeInput
          ms={seg.endMs}
          label={line.end}
          testId={`seg-${seg.id}-end`}
          readOnly={readOnly}
          onCommit={(ms) => handlers.change(seg.id, 'endMs', ms, false)}
        />
      </div>
      <TextField
        className="seg-text seg-original"
        value={seg.originalText}
        readOnly={readOnly}
        aria-label={line.original}
        data-testid={`seg-${seg.id}-original`}
        onTyping={handlers.typing}
        onText={(text) => handlers.change(seg.id, 'originalText', text, true)}
      />
      <div className="seg-translation">
        <TextField
          className={flags.length ? 'seg-text seg-warn' : 'seg-text'}
          value={seg.translatedText}
          readOnly={readOnly || untranslated}
          placeholder={untranslated ? labels.untranslated : undefined}
          aria-label={line.translation}
          aria-invalid={flags.length ? true : undefined}
          data-testid={`seg-${seg.id}-translation`}
          data-segment-input={seg.id}
          onTyping={handlers.typing}
          onText={(text) => handlers.change(seg.id, 'translatedText', text, true)}
        />
        {flags.length || review.length || props.comments ? (
          <div className="seg-flags">
            {props.comments ? (
              <CommentBadge id={seg.id} open={props.openComments ?? 0} onClick={handlers.comments} />
            ) : null}
            {review.map((f) => (
              <ReviewTag key={f} flag={f} />
            ))}
            {flags.map((f) =>
              TIMING_FLAGS.has(f) && handlers.fixTiming && !readOnly ? (
                <button
                  key={f}
                  type="button"
                  className="seg-flag seg-flag-fix"
                  title={labels.fixTiming}
                  onClick={handlers.fixTiming}
                  data-testid={`seg-${seg.id}-fix-${f}`}
                >
                  {labels.flag(f)}
                </button>
              ) : (
                <span key={f} className="seg-flag">
                  {labels.flag(f)}
                </span>
              ),
            )}
          </div>
        ) : null}
      </div>
      <div className="seg-actions">
        <button
          type="button"
          className="seg-btn"
          title={labels.retranslate}
          // a line made here is re-translated once saved (it has no id on the server before)
          disabled={props.busy || readOnly || untranslated || seg.id < 0}
          onClick={() => handlers.retranslate(seg.id)}
          aria-label={labels.retranslate}
          data-testid={`seg-${seg.id}-retranslate`}
        >
          {props.busy ? LOADING_ICON : SYNC_ICON}
        </button>
        <button
          type="button"
          className="seg-btn"
          title={labels.edit}
          disabled={readOnly || untranslated}
          onClick={() => handlers.edit(seg.id)}
          aria-label={labels.edit}
          data-testid={`seg-${seg.id}-edit`}
        >
          {EDIT_ICON}
        </button>
      </div>
    </form>
  );
});
