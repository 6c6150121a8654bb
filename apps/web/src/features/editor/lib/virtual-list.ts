import type { Rect, Virtualizer } from '@tanstack/react-virtual';

/**
 * Sizes for the virtualised list without forcing a layout. @tanstack/react-virtual's defaults
 * read the list's rect and each new row's height the moment they mount, in the middle of React's
 * commit: the browser must lay the page out there and then (a tenth of the editor's first paint
 * on a slow machine). These take both from ResizeObservers instead, which report after the
 * browser's own layout and before it paints; until then the list assumes the window's height and
 * a row its cached or estimated height.
 */
export function observeListRect<E extends HTMLElement>(
  instance: Virtualizer<E, Element>,
  cb: (rect: Rect) => void,
) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.contentBoxSize[0];
    if (box) cb({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
  });
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

export function measureRow<E extends HTMLElement>(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<E, Element>,
) {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
}

/** the list before its first ResizeObserver report: as tall as the window (a few rows too many at worst) */
export const initialListRect = (): Rect => ({
  width: 0,
  height: typeof window === 'undefined' ? 0 : window.innerHeight,
});

const scrolledBefore = new WeakSet<Element>();

/**
 * Scrolls the list as the library's default does (`elementScroll`), except for its first act on a
 * list just mounted: writing offset 0 to an element that is at 0 already. The write would make the
 * browser lay the page out there and then, in the middle of React's commit, and again once the
 * rows are measured.
 */
export function scrollList<E extends HTMLElement>(
  offset: number,
  { adjustments = 0, behavior }: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<E, Element>,
) {
  const element = instance.scrollElement;
  if (!element) return;
  const top = offset + adjustments;
  if (!scrolledBefore.has(element)) {
    scrolledBefore.add(element);
    if (top === 0) return;
  }
  element.scrollTo({ top, behavior });
}
