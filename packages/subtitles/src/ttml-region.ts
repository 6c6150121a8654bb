import { attributesOf, childrenOf, localName, nodeName, type StyleSheet, type XmlNode } from './ttml-text.js';

/**
 * Issue 37: where a TTML cue is shown (a sign at the top, a speaker on the left), carried as one of
 * the nine places of `{\anN}`, which SRT and ASS keep and WebVTT writes as cue settings. Exact
 * origins and extents are not kept.
 */

/** the `<region>`s of `<layout>` by xml:id, each with the attributes of the styles it refers to */
export type Regions = Map<string, Map<string, string>>;

export function regionsOf(head: XmlNode | undefined, sheet: StyleSheet): Regions {
  const regions: Regions = new Map();
  const visit = (node: XmlNode) => {
    const name = nodeName(node);
    if (name === null) return;
    if (localName(name) === 'region') {
      const own = attributesOf(node);
      const id = own.get('id');
      const merged = new Map<string, string>();
      for (const ref of (own.get('style') ?? '').split(/\s+/))
        for (const [k, v] of (ref && sheet.get(ref)) || []) merged.set(k, v);
      // a region's <style> children, then its own attributes, win over referenced styles
      for (const child of childrenOf(node)) for (const [k, v] of attributesOf(child)) merged.set(k, v);
      for (const [k, v] of own) merged.set(k, v);
      if (id) regions.set(id, merged);
    }
    childrenOf(node).forEach(visit);
  };
  if (head) visit(head);
  return regions;
}

/** the second of two lengths, when it is a percentage (`10% 80%` → 80); null otherwise */
const secondPercent = (value: string | undefined): number | null => {
  const m = /^\s*\S+\s+(-?\d+(?:\.\d+)?)%\s*$/.exec(value ?? '');
  return m ? Number(m[1]) : null;
};

/**
 * The place of the text as `{\anN}` (1–3 bottom, 4–6 middle, 7–9 top; left, centre, right), ''
 * at the bottom centre: the top when the region aligns its text `before` (displayAlign) or lies
 * in the upper part of the picture (its origin above 40 % and at most half the height), the
 * middle when it aligns it `center`; the column from textAlign.
 */
export function placeTagOf(region: Map<string, string> | undefined, own: Map<string, string>): string {
  const get = (name: string) => own.get(name) ?? region?.get(name);
  const display = get('displayalign')?.trim();
  const y = secondPercent(get('origin'));
  const height = secondPercent(get('extent'));
  const top =
    display === 'before' ||
    (display !== 'after' &&
      display !== 'center' &&
      y !== null &&
      y < 40 &&
      (height === null || height <= 50));
  const row = top ? 2 : display === 'center' ? 1 : 0;
  const align = get('textalign')?.trim();
  const column = align === 'start' || align === 'left' ? 0 : align === 'end' || align === 'right' ? 2 : 1;
  const an = row * 3 + column + 1;
  return an === 2 ? '' : `{\\an${an}}`;
}
