import { attributesOf, childrenOf, localName, nodeName, type StyleSheet, type XmlNode } from './ttml-text.js';

/**
 * Issue 37: a TTML cue shown at the top of the picture (a sign, a speaker over the bottom text),
 * carried as `{\an8}`, which SRT and ASS keep and WebVTT writes as `line:0`. Other regions and
 * their exact places are not kept.
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
 * `{\an8}` (`{\an7}`/`{\an9}` for text aligned to the start/end) when the region shows its text at
 * the top: aligned `before` (displayAlign), or a region in the upper part of the picture (its
 * origin above 40 % and at most half the height); '' otherwise.
 */
export function topTagOf(region: Map<string, string> | undefined, own: Map<string, string>): string {
  const get = (name: string) => own.get(name) ?? region?.get(name);
  const display = get('displayalign')?.trim();
  const y = secondPercent(get('origin'));
  const height = secondPercent(get('extent'));
  const top =
    display === 'before' ||
    (display !== 'after' && y !== null && y < 40 && (height === null || height <= 50));
  if (!top) return '';
  const align = get('textalign')?.trim();
  return align === 'start' || align === 'left'
    ? '{\\an7}'
    : align === 'end' || align === 'right'
      ? '{\\an9}'
      : '{\\an8}';
}
