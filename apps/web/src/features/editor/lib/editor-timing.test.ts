import { describe, expect, it } from 'vitest';
import { frameRateMap, shiftMap } from '@subtrans/subtitles/retime';
import { editorReducer, initialState, type EditorState, type EditSegment } from './editor-state';
import { hasPending, pendingPatches } from './editor-pending';
import { retimesToSend } from './editor-timing';

const line = (id: number): EditSegment => ({
  id,
  startMs: id * 1000,
  endMs: id * 1000 + 800,
  originalText: `line ${id}`,
  translatedText: `ligne ${id}`,
});
const starts = (s: EditorState) => s.segments.map((x) => x.startMs);

describe('lines moved in time in the editor (issue 35)', () => {
  it('shifts every line as one undo step saved as one map, and undoes it by the reverse map', () => {
    let s = initialState([line(1), line(2), line(3)]);
    s = editorReducer(s, { type: 'retime', map: shiftMap(500), lines: 'all' });
    expect(starts(s)).toEqual([1500, 2500, 3500]);
    // nothing dirty: the map is what is saved, not 3 values
    expect(pendingPatches(s).size).toBe(0);
    expect(hasPending(s)).toBe(true);
    expect(retimesToSend(s.retimes)).toEqual([{ origin: 0, factor: 1, to: 500, lines: 'all' }]);
    s = editorReducer(s, { type: 'saved', sent: new Map(), retimesSent: 1 });
    expect(hasPending(s)).toBe(false);
    s = editorReducer(s, { type: 'undo' });
    expect(starts(s)).toEqual([1000, 2000, 3000]);
    expect(retimesToSend(s.retimes)).toEqual([{ origin: 500, factor: 1, to: 0, lines: 'all' }]);
    s = editorReducer(s, { type: 'redo' });
    expect(starts(s)).toEqual([1500, 2500, 3500]);
    expect(s.retimes).toHaveLength(2);
  });

  it('moves only the lines named, and refuses a move before 0 without a step', () => {
    let s = initialState([line(1), line(2), line(3)]);
    const first = s.segments[0];
    s = editorReducer(s, { type: 'retime', map: frameRateMap(25, 23.976), lines: [2, 3] });
    expect(s.segments[0]).toBe(first);
    expect(starts(s)).toEqual([1000, 2085, 3128]);
    const refused = editorReducer(s, { type: 'retime', map: shiftMap(-1500), lines: 'all' });
    expect(refused).toBe(s);
  });

  it('leaves lines made here out of the map sent (they go whole, with their final times)', () => {
    let s = initialState([line(1), line(2)]);
    s = editorReducer(s, {
      type: 'lines',
      insert: [{ after: 1, line: { startMs: 1800, endMs: 1900, originalText: 'new', translatedText: '' } }],
    });
    s = editorReducer(s, { type: 'retime', map: shiftMap(100), lines: [1, -1] });
    expect(s.segments.map((x) => [x.id, x.startMs])).toEqual([
      [1, 1100],
      [-1, 1900],
      [2, 2000],
    ]);
    expect(retimesToSend(s.retimes)).toEqual([{ origin: 0, factor: 1, to: 100, lines: [1] }]);
    // once the new line has its id, a later undo names it by that id
    s = editorReducer(s, {
      type: 'saved',
      sent: new Map(),
      created: new Map([[-1, 9]]),
      insertedSent: new Map([[-1, s.segments[1]!]]),
      retimesSent: 1,
    });
    s = editorReducer(s, { type: 'undo' });
    expect(retimesToSend(s.retimes)).toEqual([{ origin: 100, factor: 1, to: 0, lines: [1, 9] }]);
  });

  it("moves another tab's lines as the unsaved map will move them on the server", () => {
    let s = initialState([line(1), line(2)]);
    s = editorReducer(s, { type: 'retime', map: shiftMap(250), lines: 'all' });
    s = editorReducer(s, { type: 'remote', lines: [{ ...line(2), startMs: 2100, originalText: 'theirs' }] });
    expect(s.segments[1]).toMatchObject({ startMs: 2350, endMs: 3050, originalText: 'theirs' });
    expect(s.conflicts.size).toBe(0);
  });

  it('keeps its own times of lines an unsaved map moves when the lines are read again', () => {
    let s = initialState([line(1), line(2)]);
    s = editorReducer(s, { type: 'retime', map: shiftMap(250), lines: 'all' });
    s = editorReducer(s, { type: 'load', segments: [line(1), line(2), line(3)] });
    expect(starts(s)).toEqual([1250, 2250, 3250]);
  });
});

describe("another tab's lines and this editor's undo (issue 35)", () => {
  it('an edit saved here and changed by another tab since is no longer undone over theirs', () => {
    let s = initialState([line(1), line(2)]);
    s = editorReducer(s, { type: 'change', changes: [{ id: 1, field: 'translatedText', after: 'mine' }] });
    s = editorReducer(s, {
      type: 'change',
      changes: [{ id: 2, field: 'translatedText', after: 'also mine' }],
    });
    s = editorReducer(s, { type: 'saved', sent: pendingPatches(s) });
    s = editorReducer(s, { type: 'remote', lines: [{ ...line(1), translatedText: 'theirs' }] });
    expect(s.segments[0]!.translatedText).toBe('theirs');
    // undo takes back this editor's own edit of line 2, then nothing: line 1 stays theirs
    s = editorReducer(s, { type: 'undo' });
    expect(s.segments[1]!.translatedText).toBe('ligne 2');
    expect(s.past).toHaveLength(0);
    s = editorReducer(s, { type: 'undo' });
    expect(s.segments[0]!.translatedText).toBe('theirs');
  });
});

describe('a line another tab deleted under edits made here (issue 35)', () => {
  it('is offered back: restored as a new line in its place with what was typed, or let go', () => {
    let s = initialState([line(1), line(2), line(3)]);
    s = editorReducer(s, {
      type: 'change',
      changes: [{ id: 2, field: 'translatedText', after: 'typed here' }],
    });
    s = editorReducer(s, { type: 'load', segments: [line(1), line(3)] });
    expect(s.segments.map((x) => x.id)).toEqual([1, 3]);
    expect(s.orphans).toEqual([
      { line: expect.objectContaining({ translatedText: 'typed here' }) as unknown, after: 1 },
    ]);
    const gone = editorReducer(s, { type: 'orphans', restore: false });
    expect(gone.orphans).toEqual([]);
    expect(gone.segments).toHaveLength(2);
    s = editorReducer(s, { type: 'orphans', restore: true });
    expect(s.orphans).toEqual([]);
    expect(s.segments.map((x) => [x.id, x.translatedText])).toEqual([
      [1, 'ligne 1'],
      [-1, 'typed here'],
      [3, 'ligne 3'],
    ]);
    expect([...s.structure.added]).toEqual([-1]);
    // one undo step takes it out again
    s = editorReducer(s, { type: 'undo' });
    expect(s.segments).toHaveLength(2);
  });
});
