import { describe, expect, it, vi } from 'vitest';
import type { Virtualizer } from '@tanstack/react-virtual';
import { scrollList } from './virtual-list';

/** a list element as the virtualiser holds it: only what scrollList touches */
function listOf(element: HTMLElement | null) {
  return { scrollElement: element } as unknown as Virtualizer<HTMLElement, Element>;
}

describe('scrollList', () => {
  it('leaves a list just mounted at 0 alone, then scrolls it like the default', () => {
    const element = document.createElement('div');
    const scrollTo = vi.spyOn(element, 'scrollTo').mockImplementation(() => undefined);
    const list = listOf(element);

    // the virtualiser's first act on mount: offset 0 on an element that is at 0 already
    scrollList(0, { adjustments: undefined, behavior: undefined }, list);
    expect(scrollTo).not.toHaveBeenCalled();

    scrollList(6000, { adjustments: 75, behavior: 'smooth' }, list);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 6075, behavior: 'smooth' });
    // back to the top (the first line chosen, undo of a scroll): written, not skipped
    scrollList(0, {}, list);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: undefined });
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('writes a first offset that is not 0 (a list that opens scrolled)', () => {
    const element = document.createElement('div');
    const scrollTo = vi.spyOn(element, 'scrollTo').mockImplementation(() => undefined);
    scrollList(750, {}, listOf(element));
    expect(scrollTo).toHaveBeenCalledWith({ top: 750, behavior: undefined });
  });

  it('does nothing without an element', () => {
    expect(() => scrollList(100, {}, listOf(null))).not.toThrow();
  });
});
