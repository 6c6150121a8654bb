import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useSelection } from './use-selection';

afterEach(cleanup);

describe('useSelection', () => {
  it('ticks and unticks lines, gives the first ones in order, and clears', () => {
    const { result } = renderHook(() => useSelection());
    const { toggle, first, clear } = result.current;
    act(() => {
      toggle(7);
      toggle(3);
      toggle(5);
      toggle(7);
    });
    expect([...result.current.selected]).toEqual([3, 5]);
    act(() => toggle(1));
    // the same callbacks read the latest selection
    expect(first(2)).toEqual([1, 3]);
    expect(result.current.toggle).toBe(toggle);
    act(() => clear());
    expect(result.current.selected.size).toBe(0);
    expect(first(50)).toEqual([]);
  });

  it('keeps the same empty selection when nothing was ticked (a merge clears it: no render of what reads it)', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useSelection();
    });
    const before = result.current.selected;
    const rendered = renders;
    act(() => result.current.clear());
    expect(result.current.selected).toBe(before);
    expect(renders).toBe(rendered);
  });
});
