/** The editor's line and its undo steps (shared by editor-state.ts and editor-structure.ts). */
export interface EditSegment {
  id: number;
  startMs: number;
  endMs: number;
  originalText: string;
  translatedText: string;
}

export type Field = 'originalText' | 'translatedText' | 'startMs' | 'endMs';
export type Value = string | number;

export interface Change {
  id: number;
  field: Field;
  before: Value;
  after: Value;
}

/** A line put in (after the line `after`, null: first) or taken out of the task (issue 35). */
export interface LineOp {
  op: 'insert' | 'remove';
  line: EditSegment;
  after: number | null;
}

/** One part of an undo step: a field's change, or a line put in or taken out. */
export type StepItem = Change | LineOp;
