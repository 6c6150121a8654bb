import { lazy, Suspense, useState } from 'react';
import type { EditorState } from '../lib/editor-state';
import { QualitySettings } from './quality-settings';
import { SegmentModal } from './segment-modal';
import { ShortcutsHelp } from './shortcuts';
import type { TimingDialogProps } from './timing-dialog';

/** loaded when first opened: its maths (fix timing) is not for the first paint */
const TimingDialog = lazy(() => import('./timing-dialog'));

/** true from the first time `open` is true: a dialog is built when it is first opened, not before */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

type SegmentValues = { originalText: string; translatedText: string; startMs: number; endMs: number };

/** The editor's dialogs: one line's full edit, the keyboard help, the quality rules. */
export function EditorDialogs(props: {
  state: Pick<EditorState, 'segments' | 'index'>;
  readOnly: boolean;
  /** the line in the edit dialog, if open */
  editing: number | null;
  onCloseEditing: () => void;
  onSaveEditing: (v: SegmentValues) => void;
  help: boolean;
  onCloseHelp: () => void;
  rulesOpen: boolean;
  /** the task's target language (whose limits the rules dialog shows) */
  target: string;
  onCloseRules: () => void;
  /** issue 35: shift, frame rate, two-point sync, fix timing */
  timing: Omit<TimingDialogProps, 'segments'>;
}) {
  const { state, editing } = props;
  const editedOnce = useOpenedOnce(editing !== null);
  const helpOnce = useOpenedOnce(props.help);
  const rulesOnce = useOpenedOnce(props.rulesOpen);
  const timingOnce = useOpenedOnce(props.timing.open);
  // the lines the timing dialog shows: held while it is closed, so an edit of the lines (a key,
  // or its own apply while it fades out) does not compute its previews again
  const [timingLines, setTimingLines] = useState(state.segments);
  if (props.timing.open && timingLines !== state.segments) setTimingLines(state.segments);
  const i = editing === null ? -1 : (state.index.get(editing) ?? -1);
  // built when first opened (not on the first paint), then kept for their animations
  return (
    <>
      {editedOnce ? (
        <SegmentModal
          segment={i >= 0 ? state.segments[i]! : null}
          previous={i >= 0 ? state.segments[i - 1] : undefined}
          next={i >= 0 ? state.segments[i + 1] : undefined}
          readOnly={props.readOnly}
          onClose={props.onCloseEditing}
          onSave={props.onSaveEditing}
        />
      ) : null}
      {helpOnce ? <ShortcutsHelp open={props.help} onClose={props.onCloseHelp} /> : null}
      {rulesOnce ? (
        <QualitySettings open={props.rulesOpen} target={props.target} onClose={props.onCloseRules} />
      ) : null}
      {timingOnce ? (
        <Suspense fallback={null}>
          <TimingDialog {...props.timing} segments={timingLines} />
        </Suspense>
      ) : null}
    </>
  );
}
