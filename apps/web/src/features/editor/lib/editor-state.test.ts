import { describe, expect, it } from 'vitest';
import { editorReducer, initialState, type EditSegment } from './editor-state';
import { pendingPatches } from './editor-pending';
import { findMatches, replaceAll } from './find';

const segs = (): EditSegment[] => [
  { id: 1, startMs: 0, endMs: 1000, originalText: 'Hello cat', translatedText: 'Bonjour chat' },
  { id: 2, startMs: 1000, endMs: 2000, originalText: 'The Cat sleeps', translatedText: 'Le chat dort' },
  { id: 3, startMs: 2000, endMs: 3000, originalText: 'Good night', translatedText: 'Bonne nuit' },
];

describe('editor state', () => {
  it('records a change, marks it unsaved, undoes and redoes it', () => {
    let s = initialState(segs());
    s = editorReducer(s, {
      type: 'change',
      changes: [{ id: 2, field: 'translatedText', after: 'Le chat rêve' }],
    });
    expect(s.segments[1]!.translatedText).toBe('Le chat rêve');
    expect(pendingPatches(s)).toEqual(new Map([[2, { translatedText: 'Le chat rêve' }]]));
    s = editorReducer(s, { type: 'undo' });
    expect(s.segments[1]!.translatedText).toBe('Le chat dort');
    // an undo is a change to save too
    expect(pendingPatches(s).get(2)).toEqual({ translatedText: 'Le chat dort' });
    s = editorReducer(s, { type: 'redo' });
    expect(s.segments[1]!.translatedText).toBe('Le chat rêve');
  });

  it('coalesces keystrokes in one field into one undo step, but not across fields or pauses', () => {
    let s = initialState(segs());
    for (const [text, now] of [
      ['B', 0],
      ['Bo', 100],
      ['Bon', 200],
    ] as const)
      s = editorReducer(s, {
        type: 'change',
        changes: [{ id: 1, field: 'translatedText', after: text }],
        typing: true,
        now,
      });
    expect(s.past).toHaveLength(1);
    s = editorReducer(s, {
      type: 'change',
      changes: [{ id: 1, field: 'translatedText', after: 'Bon!' }],
      typing: true,
      now: 5000,
    });
    expect(s.past).toHaveLength(2);
    s = editorReducer(s, { type: 'undo' });
    s = editorReducer(s, { type: 'undo' });
    expect(s.segments[0]!.translatedText).toBe('Bonjour chat');
  });

  it('forgets unsaved marks only for the values that were saved', () => {
    let s = initialState(segs());
    s = editorReducer(s, { type: 'change', changes: [{ id: 1, field: 'translatedText', after: 'A' }] });
    const sent = pendingPatches(s);
    s = editorReducer(s, { type: 'change', changes: [{ id: 1, field: 'translatedText', after: 'AB' }] });
    s = editorReducer(s, { type: 'saved', sent });
    // typed again while saving: still unsaved
    expect(pendingPatches(s).get(1)).toEqual({ translatedText: 'AB' });
    s = editorReducer(s, { type: 'saved', sent: pendingPatches(s) });
    expect(s.dirty.size).toBe(0);
  });

  it('keeps unsaved local text when the server’s segments arrive', () => {
    let s = initialState(segs());
    s = editorReducer(s, { type: 'change', changes: [{ id: 3, field: 'translatedText', after: 'Mine' }] });
    const fromServer = segs().map((x) => ({ ...x, translatedText: `${x.translatedText} (server)` }));
    s = editorReducer(s, { type: 'load', segments: fromServer });
    expect(s.segments.map((x) => x.translatedText)).toEqual([
      'Bonjour chat (server)',
      'Le chat dort (server)',
      'Mine',
    ]);
  });

  it('finds and replaces across segments, case-insensitive by default, as one undo step', () => {
    const list = segs();
    expect(
      findMatches(list, 'cat', { field: 'originalText', caseSensitive: false }).map((m) => m.id),
    ).toEqual([1, 2]);
    expect(findMatches(list, 'cat', { field: 'originalText', caseSensitive: true }).map((m) => m.id)).toEqual(
      [1],
    );
    expect(findMatches(list, 'chat', { field: 'translatedText', caseSensitive: false })).toHaveLength(2);
    expect(findMatches(list, 'a.b', { field: 'translatedText', caseSensitive: false })).toEqual([]);
    let s = initialState(list);
    const changes = replaceAll(list, 'chat', 'matou', { field: 'translatedText', caseSensitive: false });
    s = editorReducer(s, { type: 'change', changes });
    expect(s.segments.map((x) => x.translatedText)).toEqual(['Bonjour matou', 'Le matou dort', 'Bonne nuit']);
    expect(s.past).toHaveLength(1);
    s = editorReducer(s, { type: 'undo' });
    expect(s.segments.map((x) => x.translatedText)).toEqual(['Bonjour chat', 'Le chat dort', 'Bonne nuit']);
  });

  it('takes in another tab’s lines, keeping unsaved edits here and naming the lines that differ', () => {
    let s = initialState(segs());
    s = editorReducer(s, {
      type: 'change',
      changes: [
        { id: 1, field: 'translatedText', after: 'Salut chat' },
        { id: 2, field: 'translatedText', after: 'Le chat dort (autre)' },
      ],
    });
    const other = segs().map((x) => ({
      ...x,
      translatedText: `${x.translatedText} (autre)`,
      startMs: x.startMs + 1,
    }));
    s = editorReducer(s, { type: 'remote', lines: other });
    // line 1: the text edited here stays and is a conflict; its start (not edited here) is taken
    expect(s.segments[0]).toMatchObject({ translatedText: 'Salut chat', startMs: 1 });
    // line 2: edited here as the other tab saved it: no conflict
    expect(s.segments[1]).toMatchObject({ translatedText: 'Le chat dort (autre)', startMs: 1001 });
    expect(s.segments[2]!.translatedText).toBe('Bonne nuit (autre)');
    expect([...s.conflicts.keys()]).toEqual([1]);
    expect([...pendingPatches(s).keys()]).toEqual([1, 2]);

    const mine = editorReducer(s, { type: 'resolve', keep: 'mine' });
    expect(mine.conflicts.size).toBe(0);
    expect(pendingPatches(mine).get(1)).toEqual({ translatedText: 'Salut chat' });

    const theirs = editorReducer(s, { type: 'resolve', keep: 'theirs' });
    expect(theirs.conflicts.size).toBe(0);
    expect(theirs.segments[0]!.translatedText).toBe('Bonjour chat (autre)');
    expect([...pendingPatches(theirs).keys()]).toEqual([2]);
  });
});
