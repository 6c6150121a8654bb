import { XMLParser } from 'fast-xml-parser';
import { SubtitleParseError, type Cue } from './model.js';
import { parseTtmlTime, ttmlRates, type TtmlRates } from './ttml-time.js';
import { regionsOf, placeTagOf, type Regions } from './ttml-region.js';
import {
  attributesOf,
  childrenOf,
  localName,
  nodeName,
  shownText,
  styleFlags,
  styleSheetOf,
  type StyleSheet,
  type XmlNode,
} from './ttml-text.js';

/**
 * TTML and its profiles (DFXP, SMPTE-TT, EBU-TT-D, IMSC/Netflix text): every `<p>` under `<body>`
 * is a cue, whatever its namespace prefix (`tt:p`, `p`). The only module that imports
 * fast-xml-parser, so a bundle without TTML goes without it.
 */

/**
 * preserveOrder keeps text and `<br/>` in document order; values stay strings, whitespace as
 * written (ttml-text.ts handles it as TTML does). processEntities is off: the parser expands no
 * entity at all, so a DOCTYPE's entities (billion laughs, external files) are never expanded;
 * ttml-text.ts decodes the predefined ones and character references itself.
 */
const OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
  allowBooleanAttributes: true,
} as const;

/** the closing tag of a `<p>`, with or without a prefix: where a cut-off file can be read up to */
const P_CLOSE = /<\/(?:[A-Za-z_][\w.-]*:)?p\s*>/g;

function parseXml(text: string): XmlNode[] {
  const parser = new XMLParser(OPTIONS);
  try {
    return parser.parse(text) as XmlNode[];
  } catch {
    // a file cut off inside a tag, or broken after its last complete cue: read up to that cue
    let end = -1;
    for (const m of text.matchAll(P_CLOSE)) end = m.index + m[0].length;
    if (end < 0) throw new SubtitleParseError('not a well-formed TTML document');
    try {
      return parser.parse(text.slice(0, end)) as XmlNode[];
    } catch {
      throw new SubtitleParseError('not a well-formed TTML document');
    }
  }
}

/** an element's interval in the document's time, ms; end null: open (to the end of the media) */
interface Interval {
  beginMs: number;
  endMs: number | null;
}

interface Context extends Interval {
  rates: TtmlRates;
  sheet: StyleSheet;
  preserve: boolean;
  flags: number;
  regions: Regions;
  /** the region an ancestor (body, div) set; a <p> may set its own */
  region?: string;
}

/**
 * An element's interval inside its parent's (TTML's parallel time containment: `begin` and `end`
 * count from the parent's begin, `dur` from the element's own, the parent's end clips the child's
 * and is its end when it has none). Null when a time is malformed or the element begins after its
 * parent has ended. A `timeContainer="seq"` is read as parallel too (subtitle files do not use it),
 * and every ttp:timeBase as media time.
 */
function intervalOf(attrs: Map<string, string>, parent: Context): Interval | null {
  const time = (name: string): number | null | undefined => {
    const v = attrs.get(name);
    return v === undefined ? undefined : parseTtmlTime(v, parent.rates);
  };
  const begin = time('begin');
  const end = time('end');
  const dur = time('dur');
  if (begin === null || end === null || dur === null) return null;
  const beginMs = parent.beginMs + (begin ?? 0);
  let endMs = end !== undefined ? parent.beginMs + end : dur !== undefined ? beginMs + dur : parent.endMs;
  if (parent.endMs !== null) {
    if (beginMs >= parent.endMs) return null;
    endMs = endMs === null ? parent.endMs : Math.min(endMs, parent.endMs);
  }
  return { beginMs, endMs };
}

const TIMING = ['begin', 'end', 'dur'];

/**
 * A `<p>` with no times of its own whose spans have them (word by word captions): from its first
 * span's begin to its last span's end.
 */
function spanInterval(p: XmlNode, context: Context): Interval | null {
  let beginMs = Infinity;
  let endMs = -Infinity;
  const visit = (node: XmlNode, parent: Context) => {
    const name = nodeName(node);
    // a <p> swallowed by this one is a cue of its own (nestedParagraphs)
    if (name === null || localName(name) === 'p') return;
    const attrs = attributesOf(node);
    const timed = TIMING.some((t) => attrs.has(t));
    const own = timed ? intervalOf(attrs, parent) : null;
    if (own && own.endMs !== null) {
      beginMs = Math.min(beginMs, own.beginMs);
      endMs = Math.max(endMs, own.endMs);
      return;
    }
    for (const child of childrenOf(node)) visit(child, own ? { ...parent, ...own } : parent);
  };
  for (const child of childrenOf(p)) visit(child, context);
  return endMs >= beginMs ? { beginMs, endMs } : null;
}

interface Found {
  startMs: number;
  endMs: number;
  text: string;
}

function walk(nodes: XmlNode[], context: Context, out: Found[]): void {
  for (const node of nodes) {
    const name = nodeName(node);
    if (name === null) continue;
    const local = localName(name);
    if (local === 'head' || local === 'metadata') continue;
    const attrs = attributesOf(node);
    let interval = intervalOf(attrs, context);
    if (!interval) continue;
    const space = attrs.get('space');
    const inner: Context = {
      ...context,
      ...interval,
      preserve: space ? space === 'preserve' : context.preserve,
      flags: styleFlags(attrs, context.sheet, context.flags),
      region: attrs.get('region') ?? context.region,
    };
    if (local !== 'p') {
      walk(childrenOf(node), inner, out);
      continue;
    }
    if (!TIMING.some((t) => attrs.has(t)) && context.endMs === null) interval = spanInterval(node, inner);
    const shown = shownText(node, inner.preserve, context.sheet, inner.flags);
    const position = inner.region ? context.regions.get(inner.region) : undefined;
    const text = shown && placeTagOf(position, attrs) + shown;
    // a cue without an end (none of its own, nor of an element around it) is skipped, and so is an
    // empty <p/> (a screen clear in some files)
    if (interval && interval.endMs !== null && text.length > 0) {
      out.push({ startMs: Math.round(interval.beginMs), endMs: Math.round(interval.endMs), text });
    }
    walk(nestedParagraphs(node), context, out);
  }
}

/**
 * The `<p>`s inside a `<p>`: a tag left open (`<span>`, `<br>`) makes the parser put the next
 * `<p>`s inside it. Each is read as the cue it was meant to be, in the outer one's place.
 */
function nestedParagraphs(p: XmlNode): XmlNode[] {
  const found: XmlNode[] = [];
  const visit = (node: XmlNode) => {
    for (const child of childrenOf(node)) {
      const name = nodeName(child);
      if (name === null) continue;
      if (localName(name) === 'p') found.push(child);
      else visit(child);
    }
  };
  visit(p);
  return found;
}

/** The document's `<tt>` element, whatever its prefix; null when the root is something else. */
function rootOf(nodes: XmlNode[]): XmlNode | null {
  for (const node of nodes) {
    const name = nodeName(node);
    if (name !== null) return localName(name) === 'tt' ? node : null;
  }
  return null;
}

/**
 * Parses TTML/DFXP: the cues are the `<p>` elements of `<body>` (in `<div>`s or not) in document
 * order; their text as ttml-text.ts's shownText gives it. Times: `begin` with `end` or `dur`, in
 * any of TTML's time expressions (ttml-time.ts), offset by the `begin` of the `<body>` and `<div>`s
 * around them and clipped by their `end`; a `<p>` without times takes its spans'. A `<p>` with a
 * malformed time, or no end, is skipped. XML that is not well-formed is read up to its last
 * complete `</p>` when that parses.
 *
 * Throws SubtitleParseError when the text is no TTML document or holds no cue.
 */
export function parseTtml(input: string): Cue[] {
  const root = rootOf(parseXml(input.replace(/^\uFEFF/, '')));
  if (!root) throw new SubtitleParseError('not a TTML document (no <tt> root element)');
  const rootAttrs = attributesOf(root);
  const children = childrenOf(root);
  const head = children.find((n) => localName(nodeName(n) ?? '') === 'head');
  const context: Context = {
    beginMs: 0,
    endMs: null,
    rates: ttmlRates((name) => rootAttrs.get(name)),
    sheet: styleSheetOf(head),
    preserve: rootAttrs.get('space') === 'preserve',
    flags: 0,
    regions: new Map(),
  };
  context.regions = regionsOf(head, context.sheet);
  context.flags = styleFlags(rootAttrs, context.sheet, 0);
  const found: Found[] = [];
  walk(children, context, found);
  if (found.length === 0) throw new SubtitleParseError();
  return found.map((c, i) => ({ index: i + 1, ...c }));
}
