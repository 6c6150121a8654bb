import { assEvents, type AssEvent } from './ass.js';
import { formatAssTime } from './time.js';

export { ASS_EVENT_FORMAT, assCueText, assEvents, type AssEvent } from './ass.js';

/**
 * Issue 37 §3: an ASS/SSA file kept whole. A task made from ASS translates its dialogue only; on
 * export the file is written again from its own text, each translated event's Text field (and its
 * times, where the editor changed them) replaced and everything else byte for byte as it came:
 * script info, styles, fonts, Aegisub's sections, comments, drawings, the line endings.
 */

/** the file's lines and the line ending after each (the last may have none) */
function splitLines(text: string): { lines: string[]; ends: string[] } {
  const parts = text.split(/(\r\n|\r|\n)/);
  const lines: string[] = [];
  const ends: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    lines.push(parts[i]!);
    ends.push(parts[i + 1] ?? '');
  }
  return { lines, ends };
}

/** A task's line as the export gives it: its id (cue k of the file has id k), times and texts. */
export interface AssLine {
  id: number;
  startMs: number;
  endMs: number;
  text: string;
  /** bilingual: the original, written in the `Original` style with the translation */
  original?: string;
}

export interface AssRewriteOptions {
  /** bilingual: the original above the translation (default) or below */
  originalFirst?: boolean;
  /** bilingual: the original's size against its event's style, 0.4–1 (default 0.7) */
  originalScale?: number;
}

/** a line's text as a Text field: line breaks as `\N` */
const textField = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim().length > 0)
    .join('\\N');

function eventText(line: AssLine, opts: AssRewriteOptions): string {
  const text = textField(line.text);
  if (line.original === undefined || line.original === line.text) return text;
  const original = `{\\rOriginal}${textField(line.original)}{\\r}`;
  return (opts.originalFirst ?? true) ? `${original}\\N${text}` : `${text}\\N${original}`;
}

/** `event`'s Dialogue line with `line`'s times (as written when unchanged) and text */
function dialogueOf(head: string, event: AssEvent, line: AssLine, opts: AssRewriteOptions): string {
  const fields = event.fields.slice();
  const at = (name: string) => event.format.findIndex((f) => f.toLowerCase() === name.toLowerCase());
  const time = (name: string, ms: number, was: number) => {
    const i = at(name);
    // an unchanged time keeps its bytes (two-digit hours, spaces)
    if (i >= 0 && ms !== was) fields[i] = formatAssTime(ms);
  };
  time('Start', line.startMs, event.startMs);
  time('End', line.endMs, event.endMs);
  const t = at('Text');
  if (t >= 0) fields[t] = eventText(line, opts);
  return `${head}${fields.join(',')}`;
}

/** the `Original` style: the first style of the file (Default if it has one), smaller */
function originalStyle(lines: string[], scale: number): { after: number; style: string } | null {
  let format: string[] | null = null;
  let inStyles = false;
  let chosen: { index: number; values: string[] } | null = null;
  lines.forEach((line, index) => {
    const section = /^\s*\[(.+)\]\s*$/.exec(line);
    if (section) {
      inStyles = /styles/i.test(section[1]!);
      return;
    }
    if (!inStyles) return;
    const fmt = /^\s*Format\s*:(.*)$/i.exec(line);
    if (fmt) format = fmt[1]!.split(',').map((f) => f.trim().toLowerCase());
    const style = /^\s*Style\s*:(.*)$/i.exec(line);
    if (!style) return;
    const values = style[1]!.split(',').map((v) => v.trim());
    if (!chosen || values[0]?.toLowerCase() === 'default') chosen = { index, values };
  });
  if (!chosen || !format) return null;
  const { index, values } = chosen as { index: number; values: string[] };
  const named = values.slice();
  named[0] = 'Original';
  const size = (format as string[]).indexOf('fontsize');
  if (size >= 0) named[size] = String(Math.max(1, Math.round(Number(named[size]) * scale)));
  return { after: index, style: `Style: ${named.join(',')}` };
}

/**
 * The file `source` written again with the task's `lines`: each line of id k ≤ the file's event
 * count replaces event k's times and text; an event whose line was deleted is left out; a line the
 * editor made (split, insert) is written after the event of the line before it, with that event's
 * style, layer, name and margins. Everything else is copied as it came.
 */
export function rewriteAss(source: string, lines: readonly AssLine[], opts: AssRewriteOptions = {}): string {
  const bom = source.startsWith('\uFEFF') ? '\uFEFF' : '';
  const { lines: fileLines, ends } = splitLines(bom ? source.slice(1) : source);
  const events = assEvents(source);
  const eventOf = new Map(events.map((e, i) => [i + 1, e]));
  // the task's lines after each event's line (the event's own first), in the task's order
  const written = new Map<number, string[]>();
  let last: AssEvent | undefined = events[0];
  for (const line of lines) {
    const own = eventOf.get(line.id);
    const event = own ?? last;
    if (!event) continue;
    const head = /^\s*Dialogue\s*:/i.exec(fileLines[event.line]!)![0];
    const out = written.get(event.line) ?? [];
    const text = dialogueOf(head, event, line, opts);
    if (own) out.unshift(text);
    else out.push(text);
    written.set(event.line, out);
    if (own) last = own;
  }
  const eventLines = new Set(events.map((e) => e.line));
  const bilingual = lines.some((l) => l.original !== undefined && l.original !== l.text);
  const extraStyle = bilingual
    ? originalStyle(fileLines, Math.min(1, Math.max(0.4, opts.originalScale ?? 0.7)))
    : null;
  // the file's own line ending for the lines added
  const eol = ends.find((e) => e.length > 0) ?? '\n';
  let out = bom;
  fileLines.forEach((line, i) => {
    if (eventLines.has(i)) {
      // a deleted line's event is left out; the line's own ending after the last written
      const texts = written.get(i) ?? [];
      if (texts.length > 0) out += texts.join(eol) + ends[i];
    } else {
      out += line + ends[i];
    }
    if (extraStyle?.after === i) out += extraStyle.style + (ends[i] || eol);
  });
  return out;
}
