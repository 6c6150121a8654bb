import { htmlTag, tagsOf } from '../line-break/markup.js';

/**
 * Markup lost or unbalanced in a translation: a kind of tag of the source (<i>, <b>, <font>…)
 * missing from it, its opening and closing tags no longer in the same balance as in the source (a
 * source may leave italics open for the next cue: the translation must then do the same), a tag
 * closed before it opens, or an ASS override block ({\an8}) gone. A translation may have more
 * pairs than its source: the line breaker closes a tag at a line's end and opens it again on the
 * next line.
 */

interface TagCount {
  opens: number;
  closes: number;
  /** a closing tag came while none of its kind was open */
  early: boolean;
}

function tagCounts(text: string): { html: Map<string, TagCount>; blocks: string[] } {
  const html = new Map<string, TagCount>();
  const blocks: string[] = [];
  for (const raw of tagsOf(text)) {
    if (raw.startsWith('{')) {
      blocks.push(raw.replace(/\s+/g, ''));
      continue;
    }
    const tag = htmlTag(raw);
    if (!tag) continue;
    const c = html.get(tag.name) ?? { opens: 0, closes: 0, early: false };
    if (tag.closing) {
      c.closes += 1;
      if (c.closes > c.opens) c.early = true;
    } else c.opens += 1;
    html.set(tag.name, c);
  }
  return { html, blocks };
}

export function markupLost(source: string, translation: string): boolean {
  const src = tagCounts(source);
  const out = tagCounts(translation);
  for (const [name, s] of src.html) {
    const t = out.html.get(name);
    if (!t) return true;
    if (t.opens - t.closes !== s.opens - s.closes) return true;
    if (t.early && !s.early) return true;
  }
  // a tag the source does not have must at least be balanced
  for (const [name, t] of out.html) {
    if (!src.html.has(name) && (t.opens !== t.closes || t.early)) return true;
  }
  const blocks = new Set(out.blocks);
  return src.blocks.some((b) => !blocks.has(b));
}
