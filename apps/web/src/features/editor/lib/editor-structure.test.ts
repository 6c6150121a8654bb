import { describe, expect, it } from 'vitest';
import { editorReducer, initialState, type EditorState, type EditSegment } from './editor-state';
import { pendingPatches } from './editor-pending';
import { rowKey } from './editor-names';
import { pendingInserts, splitTime } from './editor-structure';

const line = (id: number, text = `line ${id}`): EditSegment => ({
  id,
  startMs: id * 1000,
  endMs: id * 1000 + 800,
  originalText: text,
  translatedText: `ligne ${id}`,
});
const ids = (s: EditorState) => s.segments.map((x) => x.id);

/** a split of line 2: its first half kept, the second a new line after it */
const split = (s: EditorState) =>
  editorReducer(s, {
    type: 'lines',
    changes: [{ id: 2, field: 'endMs', after: 2400 }],
    insert: [
      { after: 2, line: { startMs: 2400, endMs: 2800, originalText: 'half', translatedText: 'moitié' } },
    ],
  });

/**
 * Line 2 of three split, its new half (-1) sent in a save that answers id 7; `meanwhile` runs while
 * that save is on its way.
 */
function splitSavedAs7(meanwhile: (s: EditorState) => EditorState = (s) => s) {
  const s = split(initialState([line(1), line(2), line(3)]));
  const sent = new Map([[-1, s.segments[2]!]]);
  const typed = meanwhile(s);
  return editorReducer(typed, {
    type: 'saved',
    sent: pendingPatches(typed),
    created: new Map([[-1, 7]]),
    insertedSent: sent,
  });
}

describe('lines added and deleted in the editor (issue 35)', () => {
  it('splits as one undo step, with a temporary id, and undoes and redoes it', () => {
    let s = split(initialState([line(1), line(2), line(3)]));
    expect(ids(s)).toEqual([1, 2, -1, 3]);
    expect([...s.structure.added]).toEqual([-1]);
    expect(pendingPatches(s).get(2)).toEqual({ endMs: 2400 });
    expect(pendingInserts(s.segments, s.structure.added)).toEqual([
      { line: expect.objectContaining({ id: -1, originalText: 'half' }) as unknown, after: 2 },
    ]);
    expect(s.past).toHaveLength(1);
    s = editorReducer(s, { type: 'undo' });
    expect(ids(s)).toEqual([1, 2, 3]);
    expect(s.segments[1]!.endMs).toBe(2800);
    expect(s.structure.added.size).toBe(0);
    s = editorReducer(s, { type: 'redo' });
    expect(ids(s)).toEqual([1, 2, -1, 3]);
    expect(s.index.get(-1)).toBe(2);
  });

  it('merges: the others are deleted, and come back in their places on undo', () => {
    let s = initialState([line(1), line(2), line(3), line(4)]);
    s = editorReducer(s, {
      type: 'lines',
      changes: [{ id: 2, field: 'translatedText', after: 'ligne 2 ligne 3 ligne 4' }],
      remove: [3, 4],
    });
    expect(ids(s)).toEqual([1, 2]);
    expect([...s.structure.removed].sort()).toEqual([3, 4]);
    s = editorReducer(s, { type: 'undo' });
    expect(ids(s)).toEqual([1, 2, 3, 4]);
    expect(s.structure.removed.size).toBe(0);
    expect(s.segments[1]!.translatedText).toBe('ligne 2');
  });

  it('puts lines deleted apart (the first among them, named out of order) back in their places on undo', () => {
    let s = initialState([line(1), line(2), line(3), line(4), line(5)]);
    s = editorReducer(s, { type: 'lines', remove: [5, 1, 2, 4] });
    expect(ids(s)).toEqual([3]);
    s = editorReducer(s, { type: 'undo' });
    expect(ids(s)).toEqual([1, 2, 3, 4, 5]);
    expect(s.index.ids().map((id) => [id, s.index.get(id)])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 4],
    ]);
    s = editorReducer(s, { type: 'redo' });
    expect(ids(s)).toEqual([3]);
  });

  it('takes a saved line’s id in every place that named its key, and keeps what was typed meanwhile', () => {
    // typed into the new line while its save was on its way
    let s = splitSavedAs7((x) =>
      editorReducer(x, { type: 'change', changes: [{ id: -1, field: 'translatedText', after: 'moitié !' }] }),
    );
    expect(ids(s)).toEqual([1, 2, 7, 3]);
    expect(s.structure.added.size).toBe(0);
    expect(pendingPatches(s)).toEqual(new Map([[7, { translatedText: 'moitié !' }]]));
    // undo of the typing, then of the split: the saved line is now deleted (sent with the next save)
    s = editorReducer(s, { type: 'undo' });
    s = editorReducer(s, { type: 'undo' });
    expect(ids(s)).toEqual([1, 2, 3]);
    expect([...s.structure.removed]).toEqual([7]);
    // redo before that save: the deletion is simply not sent
    s = editorReducer(s, { type: 'redo' });
    expect(ids(s)).toEqual([1, 2, 7, 3]);
    expect(s.structure.removed.size).toBe(0);
  });

  it('keeps a saved line’s row key, and takes edits that still name its temporary id', () => {
    let s = splitSavedAs7();
    expect(ids(s)).toEqual([1, 2, 7, 3]);
    // its row keeps the key it was drawn with: the field being typed into is not remounted
    expect(rowKey(s.rowKeys, 7)).toBe(-1);
    expect(rowKey(s.rowKeys, 2)).toBe(2);
    // a keystroke handled by the row before the rename rendered names the line by -1
    s = editorReducer(s, { type: 'change', changes: [{ id: -1, field: 'originalText', after: 'half!' }] });
    expect(s.segments[2]!.originalText).toBe('half!');
    expect(pendingPatches(s)).toEqual(new Map([[7, { originalText: 'half!' }]]));
    // so does a line operation: a line inserted after it lands after it, not at the end
    s = editorReducer(s, {
      type: 'lines',
      insert: [{ after: -1, line: { startMs: 2900, endMs: 2950, originalText: 'x', translatedText: 'x' } }],
    });
    expect(ids(s)).toEqual([1, 2, 7, -2, 3]);
  });

  it('makes a line put back while its deletion was on its way a new line (the save deletes its id)', () => {
    let s = editorReducer(initialState([line(1), line(2), line(3)]), { type: 'lines', remove: [2] });
    // the save carrying the deletion is sent; undo puts the line back before it answers
    s = editorReducer(s, { type: 'undo' });
    expect(ids(s)).toEqual([1, 2, 3]);
    s = editorReducer(s, { type: 'saved', sent: new Map(), removedSent: [2] });
    expect(ids(s)).toEqual([1, -1, 3]);
    expect(s.segments[1]!.originalText).toBe('line 2');
    expect([...s.structure.added]).toEqual([-1]);
    expect(s.structure.removed.size).toBe(0);
    // its undo history names it by its new key: redo deletes it, undo puts it back again
    s = editorReducer(s, { type: 'redo' });
    expect(ids(s)).toEqual([1, 3]);
    expect(s.structure.added.size).toBe(0);
    s = editorReducer(s, { type: 'undo' });
    expect(ids(s)).toEqual([1, -1, 3]);
  });

  it('puts a line whose deletion was saved back as a new line (its id is never given again)', () => {
    let s = editorReducer(initialState([line(1), line(2), line(3)]), { type: 'lines', remove: [2] });
    s = editorReducer(s, { type: 'saved', sent: new Map(), removedSent: [2] });
    expect(s.structure.removed.size).toBe(0);
    s = editorReducer(s, { type: 'undo' });
    expect(ids(s)).toEqual([1, -1, 3]);
    expect(s.segments[1]!.originalText).toBe('line 2');
    expect([...s.structure.added]).toEqual([-1]);
    // redo deletes the new line, which was never saved: nothing to send
    s = editorReducer(s, { type: 'redo' });
    expect(ids(s)).toEqual([1, 3]);
    expect(s.structure.added.size).toBe(0);
    expect(s.structure.removed.size).toBe(0);
  });

  it('keeps lines made here and not saved, and leaves out lines deleted here, when the task is read again', () => {
    let s = split(initialState([line(1), line(2), line(3)]));
    s = editorReducer(s, { type: 'lines', remove: [3] });
    // the server's lines: another tab added line 9 first
    s = editorReducer(s, { type: 'load', segments: [line(9), line(1), line(2), line(3)] });
    expect(ids(s)).toEqual([9, 1, 2, -1]);
    expect([...s.structure.removed]).toEqual([3]);
  });
});

describe('the edits of the lines the page has taken (linesSeq)', () => {
  it('is the seq of the last edit taken, kept by undo, by a load and by edits without one', () => {
    const s = editorReducer(initialState([line(1), line(2), line(3)]), {
      type: 'lines',
      remove: [3],
      seq: 4,
    });
    expect(s.linesSeq).toBe(4);
    expect(editorReducer(s, { type: 'undo' }).linesSeq).toBe(4);
    expect(split(s).linesSeq).toBe(4);
    expect(editorReducer(s, { type: 'load', segments: [line(1), line(2)] }).linesSeq).toBe(4);
  });
  it('is taken from an edit that changes nothing (a key ahead of the page waits for no other)', () => {
    const s = initialState([line(1)]);
    const same = editorReducer(s, { type: 'lines', remove: [9], seq: 2 });
    expect(same.linesSeq).toBe(2);
    expect(same.segments).toBe(s.segments);
    expect(same.past).toEqual([]);
  });
});

describe('where a split divides a line’s time', () => {
  const line = { startMs: 10_000, endMs: 14_000 };
  it('is the playhead while the media plays inside the line', () => {
    expect(splitTime(line, 12_345)).toBe(12_345);
  });
  it('is left to the texts’ shares when nothing plays, or the playhead is outside the line', () => {
    expect(splitTime(line, null)).toBeUndefined();
    expect(splitTime(line, 9_000)).toBeUndefined();
    expect(splitTime(line, 10_000)).toBeUndefined();
    expect(splitTime(line, 14_000)).toBeUndefined();
    expect(splitTime(line, 20_000)).toBeUndefined();
  });
});
