/**
 * The text of a TTML `<p>` as a cue's: the document tree as fast-xml-parser gives it in
 * preserveOrder mode (an element `{ name: children, ':@': attributes }`, a text `{ '#text': … }`,
 * a CDATA section `{ '#cdata': [{ '#text': … }] }`), read without the parser (so this module has no
 * dependency).
 */

export type XmlNode = Record<string, unknown>;

import { parseColour } from './colours.js';

const ATTRS = ':@';
const TEXT = '#text';
const CDATA = '#cdata';

/** An element's name as written (`tt:p`), or null for a text or CDATA node. */
export function nodeName(node: XmlNode): string | null {
  for (const key of Object.keys(node)) {
    if (key !== ATTRS) return key === TEXT || key === CDATA ? null : key;
  }
  return null;
}

/** A name without its namespace prefix, lowercased: XML is case-sensitive, hand-edited files are not. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

export function childrenOf(node: XmlNode): XmlNode[] {
  const name = nodeName(node);
  const children = name === null ? undefined : node[name];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

/** An element's attributes by local name, lowercased (`ttp:frameRate` → `framerate`, `xml:space` → `space`). */
export function attributesOf(node: XmlNode): Map<string, string> {
  const attrs = new Map<string, string>();
  const raw = node[ATTRS];
  if (raw && typeof raw === 'object') {
    for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
      if (typeof value === 'string' && !name.startsWith('xmlns')) attrs.set(localName(name), value);
    }
  }
  return attrs;
}

/** the XML entities, and `&nbsp;` that files converted from HTML carry */
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g;

/**
 * Character references and the predefined entities decoded. The parser is told to decode none: a
 * DOCTYPE's own entities stay as written (`&lol9;`), never expanded (billion laughs, external files).
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const cp = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    const valid = cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
    return valid ? String.fromCodePoint(cp) : '\ufffd';
  });
}

const ITALIC = 1;
const BOLD = 2;
const UNDERLINE = 4;
/** a colour is set: its `0xrrggbb` is held above the style bits (COLOUR_SHIFT) */
const COLOUR = 8;
const COLOUR_SHIFT = 16;
const STYLE_BITS = ITALIC | BOLD | UNDERLINE | COLOUR;
/** each style as the SRT tag players read, in the order they nest */
const TAGS: [number, string][] = [
  [ITALIC, 'i'],
  [BOLD, 'b'],
  [UNDERLINE, 'u'],
];

/** styles by xml:id (the `<style>` elements of `<head>`), their attributes by local name */
export type StyleSheet = Map<string, Map<string, string>>;

export function styleSheetOf(head: XmlNode | undefined): StyleSheet {
  const sheet: StyleSheet = new Map();
  const visit = (node: XmlNode) => {
    const name = nodeName(node);
    if (name === null) return;
    if (localName(name) === 'style') {
      const attrs = attributesOf(node);
      const id = attrs.get('id');
      if (id) sheet.set(id, attrs);
    }
    childrenOf(node).forEach(visit);
  };
  if (head) visit(head);
  return sheet;
}

/** `flags` with the styles of `attrs` applied: its referenced styles first, then its own. */
export function styleFlags(attrs: Map<string, string>, sheet: StyleSheet, flags: number, depth = 0): number {
  let f = flags;
  // a style may refer to others; a loop or a long chain stops here
  if (depth < 8) {
    for (const id of (attrs.get('style') ?? '').split(/\s+/)) {
      const referenced = id ? sheet.get(id) : undefined;
      if (referenced) f = styleFlags(referenced, sheet, f, depth + 1);
    }
  }
  const set = (flag: number, on: boolean | undefined) => {
    if (on === true) f |= flag;
    else if (on === false) f &= ~flag;
  };
  const fontStyle = attrs.get('fontstyle')?.trim();
  set(ITALIC, fontStyle === undefined ? undefined : fontStyle === 'italic' || fontStyle === 'oblique');
  const weight = attrs.get('fontweight')?.trim();
  set(BOLD, weight === undefined ? undefined : weight === 'bold');
  const colour = attrs.has('color') ? parseColour(attrs.get('color')) : undefined;
  // white is what every player shows by default: not worth a tag on every line
  if (colour === '#ffffff' || colour === null) f &= STYLE_BITS & ~COLOUR;
  else if (colour) f = (f & STYLE_BITS) | COLOUR | (parseInt(colour.slice(1), 16) * COLOUR_SHIFT);
  const decoration = attrs.get('textdecoration');
  if (decoration !== undefined) {
    if (/\bnoUnderline\b/.test(decoration)) set(UNDERLINE, false);
    else if (/\bunderline\b/.test(decoration)) set(UNDERLINE, true);
  }
  return f;
}

/** a run of text with its whitespace handling and styles; null is a `<br/>` */
type Token = { text: string; preserve: boolean; flags: number } | null;

/** elements whose content is not shown text */
const NOT_SHOWN = new Set([
  'metadata',
  'set',
  'animate',
  'animation',
  'desc',
  'title',
  'agent',
  'copyright',
  'image',
  'audio',
]);

function collect(nodes: XmlNode[], preserve: boolean, flags: number, sheet: StyleSheet, out: Token[]): void {
  for (const node of nodes) {
    const name = nodeName(node);
    if (name === null) {
      if (typeof node[TEXT] === 'string') out.push({ text: decodeEntities(node[TEXT]), preserve, flags });
      else if (Array.isArray(node[CDATA])) {
        for (const inner of node[CDATA] as XmlNode[]) {
          if (typeof inner[TEXT] === 'string') out.push({ text: inner[TEXT], preserve, flags });
        }
      }
      continue;
    }
    const local = localName(name);
    // a <p> in a <p> is one a tag left open swallowed: a cue of its own (ttml.ts)
    if (NOT_SHOWN.has(local) || local === 'p') continue;
    if (local === 'br') out.push(null);
    const attrs = attributesOf(node);
    const space = attrs.get('space');
    // a `<br>` left open by hand swallows the text after it: that text still follows the break
    collect(
      childrenOf(node),
      space ? space === 'preserve' : preserve,
      styleFlags(attrs, sheet, flags),
      sheet,
      out,
    );
  }
}

interface Run {
  text: string;
  flags: number;
}

/** the tags of `flags`, in nesting order (a colour outermost) */
const tagsOf = (flags: number) => {
  const tags = TAGS.filter(([f]) => flags & f).map(([, t]) => t);
  if (!(flags & COLOUR)) return tags;
  const rgb = Math.floor(flags / COLOUR_SHIFT)
    .toString(16)
    .padStart(6, '0');
  return [`font color="#${rgb}"`, ...tags];
};
/** `font color="…"` closes as `</font>` */
const closing = (tag: string) => `</${tag.split(' ')[0]}>`;

/** A line's runs as text: edge spaces off, each style a tag closed on the line. */
function render(runs: Run[]): string {
  const kept = runs.slice();
  while (kept.length > 0 && kept[0]!.text.trimStart() === '') kept.shift();
  while (kept.length > 0 && kept[kept.length - 1]!.text.trimEnd() === '') kept.pop();
  if (kept.length === 0) return '';
  kept[0] = { ...kept[0]!, text: kept[0]!.text.trimStart() };
  kept[kept.length - 1] = { ...kept[kept.length - 1]!, text: kept[kept.length - 1]!.text.trimEnd() };
  let out = '';
  let open: string[] = [];
  for (const run of kept) {
    const tags = tagsOf(run.flags);
    let same = 0;
    while (same < open.length && same < tags.length && open[same] === tags[same]) same += 1;
    out += open.slice(same).reverse().map(closing).join('');
    out += tags
      .slice(same)
      .map((t) => `<${t}>`)
      .join('');
    open = tags;
    out += run.text;
  }
  return out + open.slice().reverse().map(closing).join('');
}

/**
 * The shown text of an element: its text and its spans' in document order, `<br/>` a line break.
 * Whitespace is handled as TTML's default xml:space does: any run of spaces, tabs and line feeds
 * is one space, and none is kept at a line's edges (a file's indentation is no line break); under
 * `xml:space="preserve"` a line feed is a line break. Italic, bold and underlined text (inline
 * `tts:` attributes or referenced styles) is marked `<i>`, `<b>`, `<u>`, a colour other than white
 * `<font color>`; blank lines are dropped.
 */
export function shownText(node: XmlNode, preserve: boolean, sheet: StyleSheet, flags: number): string {
  const tokens: Token[] = [];
  collect(childrenOf(node), preserve, flags, sheet, tokens);
  const lines: string[] = [];
  let runs: Run[] = [];
  const endLine = () => {
    lines.push(render(runs));
    runs = [];
  };
  const add = (text: string, tokenFlags: number) => {
    const last = runs[runs.length - 1];
    if (last && last.flags === tokenFlags) last.text += text;
    else runs.push({ text, flags: tokenFlags });
  };
  for (const token of tokens) {
    if (token === null) {
      endLine();
      continue;
    }
    if (token.preserve) {
      token.text.split(/\r\n|\r|\n/).forEach((part, k) => {
        if (k > 0) endLine();
        if (part) add(part, token.flags);
      });
      continue;
    }
    let text = token.text.replace(/[ \t\r\n]+/g, ' ');
    const before = runs.length === 0 ? '' : runs[runs.length - 1]!.text;
    if (text.startsWith(' ') && (runs.length === 0 || before.endsWith(' '))) text = text.slice(1);
    if (text) add(text, token.flags);
  }
  endLine();
  return lines.filter((l) => l.length > 0).join('\n');
}
