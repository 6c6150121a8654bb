/** Issue 38: the timeline's own layers in wavesurfer's wrapper (shot marks, ruler, painted lines). */

/** an element named by `part` (tests and styles find it in the shadow root), styled inline */
export function layerElement<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  part: string | null,
  style: Partial<CSSStyleDeclaration>,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (part) el.setAttribute('part', part);
  Object.assign(el.style, style);
  return el;
}

/**
 * One child of `layer` per item, at its time in percent of the file (so a zoom moves none of
 * them): the children drawn before are reused, the ones over removed, new ones made by `make`.
 */
export function placeMarks<T extends { atMs: number }>(
  layer: HTMLElement,
  items: readonly T[],
  durationMs: number,
  make: () => HTMLElement,
  update: (el: HTMLElement, item: T) => void,
) {
  while (layer.childElementCount > items.length) layer.lastElementChild!.remove();
  items.forEach((item, i) => {
    let el = layer.children[i] as HTMLElement | undefined;
    if (!el) {
      el = make();
      layer.appendChild(el);
    }
    el.style.left = `${(item.atMs / durationMs) * 100}%`;
    update(el, item);
  });
}
