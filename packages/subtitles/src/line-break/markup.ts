/**
 * A subtitle text as visible characters with the tags between them (<i>, <font …>, {\an8}), and
 * lines rendered back with their HTML-like tags balanced on each line: a tag open at the end of a
 * line is closed there and opened again at the start of the next, so each line stands alone (as
 * players and editors that show one line at a time need).
 */

/** a tag (global: for matchAll and replace only) */
export const TAG = /<[^>]*>|\{\\[^}]*\}/g;
const HTML_TAG = /^<\s*(\/)?\s*([a-zA-Z][\w-]*)[^>]*?(\/)?\s*>$/;

export interface Marked {
  /** the visible characters (code points) */
  chars: string[];
  /** the tags right before chars[i] (gaps[chars.length]: the tags after the last character) */
  gaps: string[][];
}

export function parseMarked(text: string): Marked {
  const chars: string[] = [];
  const gaps: string[][] = [[]];
  let last = 0;
  const pushText = (s: string) => {
    for (const ch of s) {
      chars.push(ch);
      gaps.push([]);
    }
  };
  for (const m of text.matchAll(TAG)) {
    pushText(text.slice(last, m.index));
    gaps[chars.length]!.push(m[0]);
    last = m.index + m[0].length;
  }
  pushText(text.slice(last));
  return { chars, gaps };
}

export interface HtmlTag {
  name: string;
  closing: boolean;
}

/** An HTML-like tag's name and kind; null for ASS override blocks and self-closing tags. */
export function htmlTag(raw: string): HtmlTag | null {
  const m = HTML_TAG.exec(raw);
  if (!m || m[3]) return null;
  return { name: m[2]!.toLowerCase(), closing: Boolean(m[1]) };
}

/** The tags of a text, in order. */
export const tagsOf = (text: string): string[] => text.match(TAG) ?? [];

/** One line to render: the visible range [start, end) of the characters. */
export interface LineRange {
  start: number;
  end: number;
}

/**
 * The lines of `marked` over the ranges (in order, not overlapping; what lies between two ranges,
 * the spaces a break removes, is dropped). The tags of a gap at a break go to the line before when
 * they close something, to the next line otherwise; then each line is balanced.
 */
export function renderLines(marked: Marked, ranges: readonly LineRange[]): string[] {
  const { chars, gaps } = marked;
  const lines: string[][] = ranges.map(() => []);
  ranges.forEach((r, k) => {
    const out = lines[k]!;
    // the gaps from the end of the previous line to this line's start
    const from = k === 0 ? 0 : ranges[k - 1]!.end;
    let opened = false;
    for (let g = from; g <= r.start; g += 1) {
      for (const raw of gaps[g]!) {
        const tag = htmlTag(raw);
        if (k > 0 && !opened && tag?.closing) lines[k - 1]!.push(raw);
        else {
          opened = true;
          out.push(raw);
        }
      }
    }
    for (let i = r.start; i < r.end; i += 1) {
      if (i > r.start) out.push(...gaps[i]!);
      out.push(chars[i]!);
    }
    // the tags after the line's last character go with the next line's gaps (above), or here
    if (k === ranges.length - 1) for (let g = r.end; g < gaps.length; g += 1) out.push(...gaps[g]!);
  });
  return balance(lines);
}

/** Each line closes the tags it leaves open and the next one opens them again. */
function balance(lines: string[][]): string[] {
  let open: { name: string; raw: string }[] = [];
  return lines.map((tokens, k) => {
    const head = open.map((t) => t.raw);
    const stack = [...open];
    for (const tok of tokens) {
      const tag = tok.length > 1 ? htmlTag(tok) : null;
      if (!tag) continue;
      if (!tag.closing) stack.push({ name: tag.name, raw: tok });
      else {
        const at = stack.map((t) => t.name).lastIndexOf(tag.name);
        if (at >= 0) stack.splice(at, 1);
      }
    }
    open = stack;
    const tail = k < lines.length - 1 ? [...stack].reverse().map((t) => `</${t.name}>`) : [];
    return tidy([...head, ...tokens, ...tail].join(''));
  });
}

/** Drops tags that enclose nothing ("<i></i>") and spaces at the line's ends, inside tags too. */
function tidy(line: string): string {
  let out = line;
  for (;;) {
    const next = out.replace(/<([a-zA-Z][\w-]*)\b[^>]*>(\s*)<\/\1\s*>/g, '$2');
    if (next === out) break;
    out = next;
  }
  return out.replace(/^((?:<[^/][^>]*>|\{\\[^}]*\})*)\s+/, '$1').replace(/\s+((?:<\/[^>]*>)*)$/, '$1');
}

/**
 * Joins the lines of a text into one, as the layout starts from one run of text: a space where
 * the break stood between two characters of space-separated text, nothing between CJK characters;
 * a tag closed at a line's end and opened again at the next line's start ("</i>\n<i>") is joined.
 */
export function joinLines(text: string, spaced: (before: string, after: string) => boolean): string {
  const lines = text.split(/\r?\n/);
  let out = lines[0]!;
  for (let k = 1; k < lines.length; k += 1) {
    const line = lines[k]!;
    const before = [...out.replace(TAG, '').trimEnd()].pop() ?? '';
    const after = [...line.replace(TAG, '').trimStart()][0] ?? '';
    const sep = before && after && spaced(before, after) ? ' ' : '';
    out = out.trimEnd() + sep + '\n' + line.trimStart();
  }
  // "</i>\n<i>" (and the same with a space) becomes nothing; then the marker goes
  return out.replace(/<\/([a-zA-Z][\w-]*)\s*>( ?)\n\s*<\1\s*>/g, '$2').replace(/( ?)\n/g, '$1');
}
