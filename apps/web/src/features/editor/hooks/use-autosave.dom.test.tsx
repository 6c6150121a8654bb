import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import {
  ErrorCodes,
  type SavedSegments,
  type SegmentPatch,
  type TaskWithLines,
  type UpdateSegmentsBody,
} from '@subtrans/contract';
import { ApiError } from '../../../lib/api-client';
import { SAVE_CAPS, SAVE_DEBOUNCE_MS, RETRY_DELAYS_MS, useAutosave } from './use-autosave';
import { useEditorDocument } from './use-editor-document';

const task = {
  version: 3,
  lines: [
    [1, 0, 1000, 'Hello', '你好', []],
    [2, 1000, 2000, 'World', '世界', ['source-language']],
  ],
} as unknown as TaskWithLines;

type Send = (
  taskId: string,
  version: number,
  patches: SegmentPatch[],
  structure?: Pick<UpdateSegmentsBody, 'insert' | 'remove' | 'retime'>,
) => Promise<SavedSegments>;

/** a save that adds and deletes no line */
const NO_LINES = { insert: [], remove: [], retime: [] };

function setup(send: Send) {
  const onRefused = vi.fn();
  const hook = renderHook(() => {
    const doc = useEditorDocument(task);
    const autosave = useAutosave({ taskId: 't1', doc, onRefused, send });
    return { doc, ...autosave };
  });
  const type = (text: string) =>
    act(() =>
      hook.result.current.doc.dispatch({
        type: 'change',
        changes: [{ id: 1, field: 'translatedText', after: text }],
        typing: true,
        now: Date.now(),
      }),
    );
  return { hook, onRefused, type };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useAutosave', () => {
  it('saves the changed fields once typing pauses, against the task version, then says saved', async () => {
    const send = vi.fn<Send>(async () => ({
      version: 4,
      segments: [],
      changed: [],
      created: [],
      reload: false,
    }));
    const { hook, type } = setup(send);
    type('你');
    type('你好！');
    expect(hook.result.current.saveState).toBe('pending');
    expect(hook.result.current.unsaved).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 1));
    expect(send).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('t1', 3, [{ id: 1, translatedText: '你好！' }], NO_LINES);
    expect(hook.result.current.saveState).toBe('saved');
    expect(hook.result.current.unsaved).toBe(false);
    expect(hook.result.current.doc.versionRef.current).toBe(4);
  });

  it('says pending in the render that shows an edit, with no render after it for the badge', () => {
    const send = vi.fn<Send>();
    let renders = 0;
    const hook = renderHook(() => {
      renders += 1;
      const doc = useEditorDocument(task);
      return { doc, ...useAutosave({ taskId: 't1', doc, onRefused: vi.fn(), send }) };
    });
    expect(hook.result.current.saveState).toBe('saved');
    const before = renders;
    act(() =>
      hook.result.current.doc.dispatch({
        type: 'lines',
        insert: [{ after: 1, line: { startMs: 1000, endMs: 1000, originalText: '', translatedText: '' } }],
      }),
    );
    // one render: a state set by an effect would draw the page again before a split's paint
    expect(renders - before).toBe(1);
    expect(hook.result.current.saveState).toBe('pending');
    expect(hook.result.current.unsaved).toBe(true);
  });

  it('takes the saved lines’ review flags from the answer', async () => {
    const send = vi.fn<Send>(async () => ({
      version: 4,
      segments: [
        { id: 1, flags: ['over-budget'] },
        { id: 2, flags: [] },
      ],
      changed: [],
      created: [],
      reload: false,
    }));
    const { hook } = setup(send);
    expect([...hook.result.current.doc.review]).toEqual([[2, 'source-language']]);
    act(() =>
      hook.result.current.doc.dispatch({
        type: 'change',
        changes: [
          { id: 1, field: 'translatedText', after: '你好你好你好你好你好你好' },
          { id: 2, field: 'translatedText', after: '世界！' },
        ],
      }),
    );
    await act(() => hook.result.current.save());
    expect([...hook.result.current.doc.review]).toEqual([[1, 'over-budget']]);
  });

  it('sends a timing as an SRT timestamp', async () => {
    const send = vi.fn<Send>(async () => ({
      version: 4,
      segments: [],
      changed: [],
      created: [],
      reload: false,
    }));
    const { hook } = setup(send);
    act(() =>
      hook.result.current.doc.dispatch({ type: 'change', changes: [{ id: 2, field: 'endMs', after: 2500 }] }),
    );
    await act(() => hook.result.current.save());
    expect(send).toHaveBeenCalledWith('t1', 3, [{ id: 2, endTime: '00:00:02,500' }], NO_LINES);
  });

  const conflictError = (lines: unknown[]) =>
    new ApiError(ErrorCodes.TASK_VERSION_CONFLICT.code, 'conflict', 409, {
      version: 7,
      baseVersion: 3,
      line: 1,
      lines,
    });

  it('stops on a conflict (another tab saved the line), keeps the edit, and saves it once kept', async () => {
    let calls = 0;
    const send = vi.fn<Send>(async () => {
      calls += 1;
      if (calls === 1)
        throw conflictError([
          [1, 0, 1000, 'Hello', 'other tab', []],
          [2, 1000, 2000, 'World', '世界!', []],
        ]);
      return { version: 8, segments: [], changed: [], created: [], reload: false };
    });
    const { hook, type } = setup(send);
    type('changed');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(hook.result.current.saveState).toBe('conflict');
    const { state } = hook.result.current.doc;
    // this tab's text stays, the other tab's is kept beside it; its other line is taken in
    expect(state.segments.map((s) => s.translatedText)).toEqual(['changed', '世界!']);
    expect(state.conflicts.get(1)?.translatedText).toBe('other tab');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(send).toHaveBeenCalledTimes(1);
    expect(hook.result.current.unsaved).toBe(true);
    // keep mine: saved against the version the conflict named
    act(() => hook.result.current.resolve('mine'));
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith('t1', 7, [{ id: 1, translatedText: 'changed' }], NO_LINES);
    expect(hook.result.current.saveState).toBe('saved');
  });

  it('takes the other tab’s line when asked, and has nothing left to save', async () => {
    const send = vi.fn<Send>(async () => {
      throw conflictError([[1, 0, 1000, 'Hello', 'other tab', []]]);
    });
    const { hook, type } = setup(send);
    type('changed');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    act(() => hook.result.current.resolve('theirs'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(send).toHaveBeenCalledTimes(1);
    expect(hook.result.current.doc.state.segments[0]!.translatedText).toBe('other tab');
    expect(hook.result.current.saveState).toBe('saved');
    expect(hook.result.current.unsaved).toBe(false);
    expect(hook.result.current.doc.versionRef.current).toBe(7);
  });

  it('takes in lines another tab saved meanwhile, from a save’s answer', async () => {
    const send = vi.fn<Send>(async () => ({
      version: 6,
      segments: [{ id: 1, flags: [] }],
      changed: [[2, 1500, 2500, 'World', 'from the other tab', ['over-budget']]],
      created: [],
      reload: false,
    }));
    const { hook, type } = setup(send);
    type('mine');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    const { state, review, versionRef } = hook.result.current.doc;
    expect(state.segments[1]).toEqual({
      id: 2,
      startMs: 1500,
      endMs: 2500,
      originalText: 'World',
      translatedText: 'from the other tab',
    });
    expect(review.get(2)).toBe('over-budget');
    expect(versionRef.current).toBe(6);
    expect(hook.result.current.saveState).toBe('saved');
  });

  it('tells of values the server refused, and does not keep retrying them', async () => {
    const send = vi.fn<Send>(async () => {
      throw new ApiError(40001, 'end before start', 400);
    });
    const { hook, onRefused, type } = setup(send);
    type('changed');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(hook.result.current.saveState).toBe('failed');
    expect(onRefused).toHaveBeenCalledWith('end before start');
    // tried once more after the autosave's pause, then nothing until the next edit
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(send).toHaveBeenCalledTimes(2);
    type('fixed');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('sends a split as one save: the change, and the new line after its first half; takes its id', async () => {
    const send = vi.fn<Send>(async () => ({
      version: 4,
      segments: [
        { id: 1, flags: [] },
        { id: 3, flags: ['over-budget'] },
      ],
      changed: [],
      created: [{ key: -1, id: 3 }],
      reload: false,
    }));
    const { hook } = setup(send);
    act(() =>
      hook.result.current.doc.dispatch({
        type: 'lines',
        changes: [{ id: 1, field: 'endMs', after: 600 }],
        insert: [{ after: 1, line: { startMs: 600, endMs: 1000, originalText: 'lo', translatedText: '好' } }],
      }),
    );
    expect(hook.result.current.unsaved).toBe(true);
    await act(() => hook.result.current.save());
    expect(send).toHaveBeenCalledWith('t1', 3, [{ id: 1, endTime: '00:00:00,600' }], {
      insert: [
        {
          key: -1,
          after: 1,
          startTime: '00:00:00,600',
          endTime: '00:00:01,000',
          originalText: 'lo',
          translatedText: '好',
        },
      ],
      remove: [],
      retime: [],
    });
    const { state, review } = hook.result.current.doc;
    expect(state.segments.map((x) => x.id)).toEqual([1, 3, 2]);
    expect(review.get(3)).toBe('over-budget');
    expect(hook.result.current.saveState).toBe('saved');
    expect(hook.result.current.unsaved).toBe(false);
  });

  it('retries network failures with growing pauses until the save goes through', async () => {
    let calls = 0;
    const send = vi.fn<Send>(async () => {
      calls += 1;
      if (calls < 3) throw new ApiError(-1, 'offline', 0);
      return { version: 9, segments: [], changed: [], created: [], reload: false };
    });
    const { hook, onRefused, type } = setup(send);
    type('changed');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(hook.result.current.saveState).toBe('failed');
    await act(() => vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]!));
    expect(send).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]! - 1));
    expect(send).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(send).toHaveBeenCalledTimes(3);
    expect(hook.result.current.saveState).toBe('saved');
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('runs calls one after another through enqueue', async () => {
    const send = vi.fn<Send>(async () => ({
      version: 4,
      segments: [],
      changed: [],
      created: [],
      reload: false,
    }));
    const { hook } = setup(send);
    const order: string[] = [];
    let release!: () => void;
    const first = hook.result.current.enqueue(
      () => new Promise<void>((r) => (release = () => (order.push('first'), r()))),
    );
    const second = hook.result.current.enqueue(async () => void order.push('second'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(order).toEqual([]);
    release();
    await act(() => Promise.all([first, second]));
    expect(order).toEqual(['first', 'second']);
  });

  it('sends a shift of every line as one map, then nothing more (issue 35)', async () => {
    const send = vi.fn<Send>(async () => ({
      version: 4,
      segments: [],
      changed: [],
      created: [],
      reload: false,
    }));
    const { hook } = setup(send);
    act(() =>
      hook.result.current.doc.dispatch({
        type: 'retime',
        map: { origin: 0, factor: 1, to: 700 },
        lines: 'all',
      }),
    );
    expect(hook.result.current.doc.state.segments.map((s) => s.startMs)).toEqual([700, 1700]);
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('t1', 3, [], {
      insert: [],
      remove: [],
      retime: [{ origin: 0, factor: 1, to: 700, lines: 'all' }],
    });
    expect(hook.result.current.saveState).toBe('saved');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 3));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends more changes than one call may carry in several calls, in order', async () => {
    // 2,000 lines of 200 characters: more bytes than one call carries
    const lines = Array.from({ length: 2000 }, (_, i) => [i + 1, i * 10, i * 10 + 5, 'a', 'b', []]);
    const big = { version: 1, lines } as unknown as TaskWithLines;
    let version = 1;
    const send = vi.fn<Send>(async () => ({
      version: ++version,
      segments: [],
      changed: [],
      created: [],
      reload: false,
    }));
    const hook = renderHook(() => {
      const doc = useEditorDocument(big);
      return { doc, ...useAutosave({ taskId: 't1', doc, onRefused: vi.fn(), send }) };
    });
    const long = 'c'.repeat(200);
    act(() =>
      hook.result.current.doc.dispatch({
        type: 'change',
        changes: lines.map((l) => ({ id: l[0] as number, field: 'translatedText' as const, after: long })),
      }),
    );
    for (let i = 0; i < 4; i += 1) await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(send).toHaveBeenCalledTimes(2);
    const bodies = send.mock.calls.map((c) => JSON.stringify(c[2]).length);
    for (const bytes of bodies) expect(bytes).toBeLessThan(SAVE_CAPS.bytes);
    expect(send.mock.calls[1]![1]).toBe(2);
    const ids = send.mock.calls.flatMap((c) => c[2].map((p) => p.id));
    expect(ids).toEqual(lines.map((l) => l[0]));
    expect(hook.result.current.saveState).toBe('saved');
  });
});
