import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useReducer } from 'react';
import { editorReducer, initialState } from '../lib/editor-state';
import { nextMatch, useFindReplace } from './use-find-replace';

afterEach(cleanup);

const segments = [
  { id: 1, startMs: 0, endMs: 1000, originalText: 'a cat', translatedText: 'Cat and cat' },
  { id: 2, startMs: 1000, endMs: 2000, originalText: 'a dog', translatedText: 'dog' },
  { id: 3, startMs: 2000, endMs: 3000, originalText: 'cats', translatedText: 'cat' },
];

function setup() {
  return renderHook(() => {
    const [state, dispatch] = useReducer(editorReducer, segments, initialState);
    return { state, ...useFindReplace(state.segments, dispatch) };
  });
}

describe('useFindReplace', () => {
  it('finds nothing while the bar is closed, then the matches of the open search', async () => {
    const { result } = setup();
    act(() => result.current.setFind({ ...result.current.find, query: 'cat' }));
    expect(result.current.matches).toEqual([]);
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    expect(result.current.matches.map((m) => m.id)).toEqual([1, 3]);
    expect(result.current.matchCount).toBe(3);
    act(() => result.current.setFind({ ...result.current.find, caseSensitive: true }));
    expect(result.current.matchCount).toBe(2);
    act(() =>
      result.current.setFind({ ...result.current.find, field: 'originalText', caseSensitive: false }),
    );
    expect(result.current.matches.map((m) => m.id)).toEqual([1, 3]);
  });

  it('replaces every match in one undo step and tells how many', () => {
    const { result } = setup();
    act(() => result.current.toggle());
    act(() => result.current.setFind({ ...result.current.find, query: 'cat', replacement: 'fox' }));
    let done: ReturnType<typeof result.current.replaceEvery> = null;
    act(() => {
      done = result.current.replaceEvery();
    });
    expect(done).toEqual({ count: 3, lines: 2 });
    expect(result.current.state.segments.map((s) => s.translatedText)).toEqual(['fox and fox', 'dog', 'fox']);
    expect(result.current.state.past).toHaveLength(1);
    let none: ReturnType<typeof result.current.replaceEvery> = { count: 1, lines: 1 };
    act(() => {
      none = result.current.replaceEvery();
    });
    expect(none).toBeNull();
  });

  it('steps to the next and previous match from the current line, going round', () => {
    const { result } = setup();
    act(() => result.current.toggle());
    act(() => result.current.setFind({ ...result.current.find, query: 'cat' }));
    expect(result.current.step(null, 1)).toBe(1);
    expect(result.current.step(1, 1)).toBe(3);
    expect(result.current.step(3, 1)).toBe(1);
    expect(result.current.step(1, -1)).toBe(3);
    // from a line without a match: the next one after it, or before it
    expect(result.current.step(2, 1)).toBe(3);
    expect(result.current.step(2, -1)).toBe(1);
  });

  it('nextMatch: none without matches, the first or last when past the end', () => {
    expect(nextMatch([], 1, 1)).toBeUndefined();
    expect(nextMatch([2, 4], 5, 1)).toBe(2);
    expect(nextMatch([2, 4], 1, -1)).toBe(4);
  });
});
