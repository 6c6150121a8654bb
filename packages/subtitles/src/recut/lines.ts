import { lineWidth } from '../width.js';
import {
  bareWord,
  canBreakBetween,
  CLOSE_SET,
  firstChar,
  isWide,
  lastChar,
  punctuationOf,
  WEAK_END,
} from './chars.js';
import type { RecutRules } from './rules.js';
import type { Token } from './tokens.js';

/** A cue's text broken into lines: where a line may break, and the balanced layout. */

/** Text that is never broken, and how it joins the previous chunk. */
interface Chunk {
  text: string;
  width: number;
  /** a space separates it from the previous chunk (dropped where the line breaks) */
  space: boolean;
}

/** The tokens [i, k] as chunks: the places between two chunks are where a line may break. */
export function chunksOf(tokens: readonly Token[], i: number, k: number): Chunk[] {
  const atoms: { text: string; space: boolean; breakable: boolean }[] = [];
  for (let t = i; t <= k; t += 1) {
    const tok = tokens[t]!;
    tok.text.split(' ').forEach((word, w) => {
      const chars = [...word];
      let start = 0;
      for (let c = 1; c <= chars.length; c += 1) {
        const a = chars[c - 1]!;
        const b = chars[c];
        if (b !== undefined && !((isWide(a) || isWide(b)) && canBreakBetween(a, b))) continue;
        const text = chars.slice(start, c).join('');
        const space = start === 0 && (w > 0 || (t > i && tok.space));
        const prev = atoms[atoms.length - 1];
        let breakable = true;
        if (prev && !space && start === 0) breakable = canBreakBetween(lastChar(prev.text), firstChar(text));
        if (prev && space && CLOSE_SET.has(firstChar(text))) breakable = false; // "Bonjour !"
        atoms.push({ text, space, breakable });
        start = c;
      }
    });
  }
  const chunks: Chunk[] = [];
  for (const a of atoms) {
    const last = chunks[chunks.length - 1];
    if (last && !a.breakable) last.text += (a.space ? ' ' : '') + a.text;
    else chunks.push({ text: a.text, width: 0, space: chunks.length > 0 && a.space });
  }
  for (const c of chunks) c.width = lineWidth(c.text);
  return chunks;
}

/** Do the chunks fit in maxLines lines of maxLineWidth? (greedy filling needs the fewest lines) */
export function fits(chunks: readonly Chunk[], rules: RecutRules): boolean {
  let lines = 1;
  let width = -1;
  for (const c of chunks) {
    if (c.width > rules.maxLineWidth) return false;
    const add = width < 0 ? c.width : width + (c.space ? 1 : 0) + c.width;
    if (add <= rules.maxLineWidth) width = add;
    else {
      lines += 1;
      if (lines > rules.maxLines) return false;
      width = c.width;
    }
  }
  return true;
}

/**
 * The chunks broken into lines: one line when it fits, else the fewest lines that fit, the break
 * points chosen to balance the lines' widths (bottom-heavy when equal), a break after a sentence
 * end or clause mark being worth maxLineWidth/2 or /4 columns of imbalance. When nothing fits (a
 * single word wider than the limits), up to maxLines lines with the least overflow.
 */
export function layout(chunks: readonly Chunk[], rules: RecutRules): string[] {
  const n = chunks.length;
  if (n === 0) return [''];
  const maxW = rules.maxLineWidth;
  const cw = [0];
  const sp = [0];
  chunks.forEach((c, t) => {
    cw.push(cw[t]! + c.width);
    sp.push(sp[t]! + (c.space ? 1 : 0));
  });
  /** width of the line made of chunks a..b */
  const widthOf = (a: number, b: number) => cw[b + 1]! - cw[a]! + sp[b + 1]! - sp[a + 1]!;
  const lineOf = (a: number, b: number) =>
    chunks
      .slice(a, b + 1)
      .map((c, t) => (t > 0 && c.space ? ' ' : '') + c.text)
      .join('');
  if (widthOf(0, n - 1) <= maxW) return [lineOf(0, n - 1)];

  // the fewest lines, greedily; a chunk wider than a line takes one of its own
  let greedy = 1;
  let width = -1;
  let overflow = false;
  for (const c of chunks) {
    const add = width < 0 ? c.width : width + (c.space ? 1 : 0) + c.width;
    if (add <= maxW) width = add;
    else if (width < 0) {
      width = c.width;
      overflow = true;
    } else {
      greedy += 1;
      width = c.width;
      if (c.width > maxW) overflow = true;
    }
  }
  const fitting = !overflow && greedy <= rules.maxLines;
  const lines = fitting ? greedy : Math.max(1, Math.min(rules.maxLines, n));
  const target = widthOf(0, n - 1) / lines;

  const breakValue = (b: number) => {
    const text = chunks[b]!.text;
    const p = punctuationOf(text);
    if (p === 'sentence') return maxW / 2;
    if (p === 'clause') return maxW / 4;
    // between two CJK characters with no punctuation: likely inside a word
    if (b + 1 < n && !chunks[b + 1]!.space) return -maxW / 4;
    return WEAK_END.has(bareWord(text)) ? -3 : 0;
  };
  const lineCost = (a: number, b: number, l: number) => {
    const w = widthOf(a, b);
    const over = Math.max(0, w - maxW);
    if (fitting && over > 0) return Infinity;
    return (
      over * 1000 +
      Math.abs(w - target) +
      0.01 * w * (lines - 1 - l) - // bottom-heavy
      (l < lines - 1 ? breakValue(b) : 0)
    );
  };

  // cost[l][b]: lines 0..l laid out, line l ending with chunk b
  const cost: number[][] = [];
  const from: number[][] = [];
  for (let l = 0; l < lines; l += 1) {
    cost.push(new Array<number>(n).fill(Infinity));
    from.push(new Array<number>(n).fill(-1));
    for (let b = l; b < n; b += 1) {
      if (l === 0) {
        cost[0]![b] = lineCost(0, b, 0);
        continue;
      }
      for (let a = b; a >= l; a -= 1) {
        if (fitting && widthOf(a, b) > maxW) break;
        const before = cost[l - 1]![a - 1]!;
        if (before === Infinity) continue;
        const c = before + lineCost(a, b, l);
        if (c < cost[l]![b]!) {
          cost[l]![b] = c;
          from[l]![b] = a;
        }
      }
    }
  }
  const out: string[] = [];
  let b = n - 1;
  for (let l = lines - 1; l >= 0; l -= 1) {
    const a = l === 0 ? 0 : from[l]![b]!;
    if (a < 0) return [lineOf(0, n - 1)]; // unreachable: a fitting layout exists
    out.unshift(lineOf(a, b));
    b = a - 1;
  }
  return out;
}
