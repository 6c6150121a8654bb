import type { Cue } from './model.js';
import { WIDE, lineWidth, readingSpeed, visibleText } from './width.js';

/**
 * Subtitle cues re-cut from a speech-to-text transcript, following Netflix's timed-text norms
 * (the limits the editor flags): lines of at most 42 columns (a wide CJK character counts 2), at
 * most 2 lines, 17 characters per second, between 5/6 s and 7 s on screen.
 *
 * The transcript's words are laid end to end and cut greedily: each cue takes the longest run of
 * words that still fits, then backs off to the best cut point inside that run — a sentence end
 * first, then clause punctuation, then a pause, then any word boundary — avoiding a cue of one or
 * two words and a next cue that opens with the last word or two of a sentence. The cue's text is
 * broken into balanced lines (bottom-heavy when equal, after punctuation when that costs little
 * balance), and its end is pushed into the following silence when it is too short or too fast.
 */

/** A word with its time, as the engine gives it (Whisper: " Hello", " world," / "你", "好"). */
export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
}

/** A segment of the transcript; without words its text is spread over its time span. */
export interface TimedSegment {
  startMs: number;
  endMs: number;
  text: string;
  words?: TimedWord[];
}

export interface RecutRules {
  maxLineWidth: number;
  maxLines: number;
  maxCps: number;
  minDurationMs: number;
  maxDurationMs: number;
  /** shortest gap kept between two cues */
  minGapMs: number;
}

export const RECUT_DEFAULTS: RecutRules = {
  maxLineWidth: 42,
  maxLines: 2,
  maxCps: 17,
  minDurationMs: 833,
  maxDurationMs: 7000,
  minGapMs: 83,
};

/** A pause between two words at least this long is a cut point. */
export const PAUSE_MS = 400;
/** A silence at least this long always ends the cue: a subtitle is not left up over it. */
export const SILENCE_MS = 1500;

// ---------------------------------------------------------------------------------------------
// characters

const esc = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&');

/** may not begin a line (closing marks, punctuation, small kana, prolonged sound mark) */
const CLOSE =
  '.,!?;:…‥)]}%»”’、。，．！？：；）」』】》〉〕］｝〙〗〞ー々ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ・～‼⁇⁈⁉｡､';
/** may not end a line (opening marks) */
const OPEN = '([{«“‘「『【《〈〔［｛〘〖〝（';
/** straight quotes: opening or closing, so glued to both neighbours */
const QUOTES = `"'`;
const CLOSE_SET = new Set(CLOSE);
const OPEN_SET = new Set(OPEN);
const QUOTE_SET = new Set(QUOTES);

const TRAILING_CLOSERS = `[\\s"'”’»」』）)\\]】》〉〕］｝]*$`;
/** ends a sentence: . ! ? … and their full-width / ideographic forms, then any closing mark */
const SENTENCE_END = new RegExp(`[.!?…‥‼⁇⁈⁉。！？．｡]${TRAILING_CLOSERS}`, 'u');
/** ends a clause: , ; : and the ideographic / full-width forms */
const CLAUSE_END = new RegExp(`[,;:、，；：､]${TRAILING_CLOSERS}`, 'u');

/** letters and digits of the scripts written with spaces: never broken between two of them */
const WORD_CHAR = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}]/u;

const isWide = (ch: string) => WIDE.test(ch);

/** One piece of text split for timing: CJK characters one by one (with their punctuation), runs of other characters whole. */
const W = `(?:${WIDE.source})`;
const PIECE = new RegExp(
  `[${esc(OPEN)}]*(?:(?![${esc(CLOSE)}])${W}|(?:(?!${W})\\S)+)[${esc(CLOSE)}]*|\\S[${esc(CLOSE)}]*`,
  'gu',
);

/** May a line break fall between the characters `a` and `b` where no space separates them? */
function canBreakBetween(a: string, b: string): boolean {
  if (WORD_CHAR.test(a) && WORD_CHAR.test(b)) return false;
  if (CLOSE_SET.has(b) || OPEN_SET.has(a) || QUOTE_SET.has(a) || QUOTE_SET.has(b)) return false;
  return true;
}

/** Does a space separate two words whose text came without one (segment edges, bare words)? */
function spaceBetween(left: string, right: string): boolean {
  const a = lastChar(left);
  const b = firstChar(right);
  return !isWide(a) && !isWide(b) && !CLOSE_SET.has(b) && !OPEN_SET.has(a);
}

const firstChar = (s: string) => String.fromCodePoint(s.codePointAt(0) ?? 32);
function lastChar(s: string): string {
  const chars = [...s];
  return chars[chars.length - 1] ?? ' ';
}

/** English words a cue or line should not end on (articles, prepositions, subjects…). */
const WEAK_END = new Set(
  'a an the to of and or but nor in on at for with from by into onto than as if my your his her our their its this these those that i we he she they is are was were be been not very'.split(
    ' ',
  ),
);
/** English words a cue may well begin with (conjunctions, relatives). */
const GOOD_START = new Set(
  'and but or nor because so that which who whom whose when where while if then although though until unless since'.split(
    ' ',
  ),
);
const bareWord = (text: string) => text.toLowerCase().replace(/[^\p{L}']/gu, '');

// ---------------------------------------------------------------------------------------------
// words

interface Token {
  /** the word, whitespace collapsed, no edge space */
  text: string;
  /** a space separates it from the previous token */
  space: boolean;
  startMs: number;
  endMs: number;
  /** the last token of its segment */
  segmentEnd: boolean;
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const collapse = (s: string) => s.replace(/\s+/g, ' ');

/** The text's pieces (see PIECE), with whether a space precedes each. */
function piecesOf(text: string, firstSpace: boolean): { text: string; space: boolean }[] {
  const out: { text: string; space: boolean }[] = [];
  collapse(text)
    .trim()
    .split(' ')
    .forEach((word, k) => {
      if (!word) return;
      const parts = word.match(PIECE) ?? [word];
      parts.forEach((p, m) => out.push({ text: p, space: m === 0 ? (k === 0 ? firstSpace : true) : false }));
    });
  return out;
}

/** Tokens spread over [startMs, endMs] proportionally to their number of characters. */
function spread(text: string, startMs: number, endMs: number, firstSpace: boolean): Token[] {
  const pieces = piecesOf(text, firstSpace);
  const lengths = pieces.map((p) => [...p.text].length);
  const total = lengths.reduce((a, b) => a + b, 0) || 1;
  const span = endMs - startMs;
  let done = 0;
  return pieces.map((p, k) => {
    const s = startMs + Math.round((span * done) / total);
    done += lengths[k]!;
    const e = startMs + Math.round((span * done) / total);
    return { text: p.text, space: p.space, startMs: s, endMs: e, segmentEnd: false };
  });
}

/**
 * The transcript as one stream of tokens: times rounded and clamped so starts never go back and
 * no word ends before it starts; a word too wide for a line is split like text without words.
 */
function tokenize(segments: readonly TimedSegment[], maxLineWidth: number): Token[] {
  const out: Token[] = [];
  let clock = 0;
  const clampStart = (ms: unknown) => (clock = Math.max(clock, finite(ms) ? Math.round(ms) : clock));
  const clampEnd = (ms: unknown, start: number) => Math.max(start, finite(ms) ? Math.round(ms) : start);
  /**
   * the space before a segment's first token, or between two words given without any: one is
   * added between two segments of a spaced language, and dropped between two wide characters
   * (Whisper starts a segment with " 你好" as well as with " Hello")
   */
  const edgeSpace = (explicit: boolean, text: string) => {
    const prev = out[out.length - 1];
    if (!prev) return false;
    if (isWide(lastChar(prev.text)) && isWide(firstChar(text))) return false;
    return explicit || spaceBetween(prev.text, text);
  };

  let pendingSpace = false;
  for (const seg of segments) {
    const first = out.length;
    const words = (seg.words ?? []).filter((w) => w && typeof w.text === 'string');
    const spoken = words.filter((w) => w.text.trim());
    if (spoken.length) {
      // words given without any whitespace while the segment's text has spaces: "bare" words
      const bare =
        spoken.length > 1 &&
        spoken.every((w) => !/\s/.test(w.text)) &&
        typeof seg.text === 'string' &&
        /\S\s+\S/.test(seg.text);
      for (const w of words) {
        const text = collapse(w.text).trim();
        if (!text) {
          if (/\s/.test(w.text)) pendingSpace = true;
          continue;
        }
        const explicit = pendingSpace || /^\s/.test(w.text);
        pendingSpace = /\s$/.test(w.text);
        const segmentFirst = out.length === first;
        const space = segmentFirst || bare ? edgeSpace(explicit, text) : explicit;
        const s = clampStart(w.startMs);
        const e = clampEnd(w.endMs, s);
        if (lineWidth(text) > maxLineWidth) out.push(...spread(text, s, e, space));
        else out.push({ text, space, startMs: s, endMs: e, segmentEnd: false });
      }
    } else if (typeof seg.text === 'string' && seg.text.trim()) {
      const s = clampStart(seg.startMs);
      const e = clampEnd(seg.endMs, s);
      const text = collapse(seg.text).trim();
      out.push(...spread(text, s, e, edgeSpace(pendingSpace || /^\s/.test(seg.text), text)));
      pendingSpace = /\s$/.test(seg.text);
    }
    if (out.length > first) out[out.length - 1]!.segmentEnd = true;
  }

  return out;
}

// ---------------------------------------------------------------------------------------------
// lines

/** Text that is never broken, and how it joins the previous chunk. */
interface Chunk {
  text: string;
  width: number;
  /** a space separates it from the previous chunk (dropped where the line breaks) */
  space: boolean;
}

/** The tokens [i, k] as chunks: the places between two chunks are where a line may break. */
function chunksOf(tokens: readonly Token[], i: number, k: number): Chunk[] {
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
function fits(chunks: readonly Chunk[], rules: RecutRules): boolean {
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

/** How much a line (or cue) ending with this text is worth breaking after. */
function punctuationOf(text: string): 'sentence' | 'clause' | null {
  if (SENTENCE_END.test(text)) return 'sentence';
  if (CLAUSE_END.test(text)) return 'clause';
  return null;
}

/**
 * The chunks broken into lines: one line when it fits, else the fewest lines that fit, the break
 * points chosen to balance the lines' widths (bottom-heavy when equal), a break after a sentence
 * end or clause mark being worth maxLineWidth/2 or /4 columns of imbalance. When nothing fits (a
 * single word wider than the limits), up to maxLines lines with the least overflow.
 */
function layout(chunks: readonly Chunk[], rules: RecutRules): string[] {
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

// ---------------------------------------------------------------------------------------------
// cuts

/** Builds subtitle cues from a transcript's timed segments (see the module comment). */
export function cuesFromTranscript(
  segments: readonly TimedSegment[],
  rules: Partial<RecutRules> = {},
): Cue[] {
  const r = settle(rules);
  const tokens = tokenize(segments, r.maxLineWidth);
  const n = tokens.length;
  if (n === 0) return [];

  // widths of token runs, with the spaces between them
  const tw = [0];
  const ts = [0];
  tokens.forEach((t, k) => {
    tw.push(tw[k]! + lineWidth(t.text));
    ts.push(ts[k]! + (t.space ? 1 : 0));
  });
  const runWidth = (a: number, b: number) => tw[b + 1]! - tw[a]! + ts[b + 1]! - ts[a + 1]!;
  const gapAfter = (k: number) => (k + 1 < n ? tokens[k + 1]!.startMs - tokens[k]!.endMs : Infinity);
  /** nothing may join the token k to the next in one cue */
  const hardAfter = (k: number) => k === n - 1 || gapAfter(k) >= SILENCE_MS;
  const sentenceEnd = (k: number) => SENTENCE_END.test(tokens[k]!.text);
  const unitEnd = (k: number) => sentenceEnd(k) || hardAfter(k);
  const tiny = (a: number, b: number) => b - a < 2 || runWidth(a, b) <= 8;
  /** may a cue end after token k? (not inside "i"+"Phone", not before a "," or "。") */
  const clean = (k: number) => {
    const next = tokens[k + 1];
    if (!next) return true;
    const b = firstChar(next.text);
    return next.space ? !CLOSE_SET.has(b) : canBreakBetween(lastChar(tokens[k]!.text), b);
  };

  // the first sentence end (or silence) at or after each token
  const unitEndFrom = new Array<number>(n);
  for (let k = n - 1; k >= 0; k -= 1) unitEndFrom[k] = unitEnd(k) ? k : unitEndFrom[k + 1]!;

  /**
   * how good a cut right after token k is, the cue being [i, k] out of the longest run [i, j]:
   * the cut's kind, then its length against an even share of what is left of the sentence (a
   * sentence of 2.2 cues is cut in 3 even cues, not in 2 full ones and a scrap)
   */
  const score = (i: number, k: number, j: number, target: number) => {
    const tok = tokens[k]!;
    const punctuation = punctuationOf(tok.text);
    const pause = gapAfter(k) >= PAUSE_MS;
    let s = punctuation === 'sentence' ? 100 : punctuation === 'clause' ? 60 : 0;
    if (pause) s = s ? s + 15 : 40;
    else if (!s && tok.segmentEnd) s = 30;
    const w = runWidth(i, k);
    s += w <= target ? (40 * w) / target : 40 - (20 * (w - target)) / target;
    if (!punctuation) {
      if (WEAK_END.has(bareWord(tok.text))) s -= 10;
      if (GOOD_START.has(bareWord(tokens[k + 1]?.text ?? ''))) s += 10;
    }
    if (tiny(i, k)) s -= 60;
    if (!clean(k)) s -= 1000;
    if (punctuation !== 'sentence') {
      // the next cue would open with the tail of this sentence
      let m = k + 1;
      while (m < n - 1 && !unitEnd(m) && runWidth(k + 1, m) <= 8) m += 1;
      if (unitEnd(m) && tiny(k + 1, m)) s -= 50;
    }
    return s;
  };

  const spans: { i: number; k: number }[] = [];
  for (let i = 0; i < n;) {
    // the longest run [i, j] that fits (fitting is monotone: search by doubling, then halving)
    const fitsTo = (b: number) => {
      for (let t = i; t < b; t += 1) if (hardAfter(t)) return false;
      let end = 0;
      for (let t = i; t <= b; t += 1) end = Math.max(end, tokens[t]!.endMs);
      return end - tokens[i]!.startMs <= r.maxDurationMs && fits(chunksOf(tokens, i, b), r);
    };
    let j = i;
    let step = 1;
    while (j + step < n && fitsTo(j + step)) {
      j += step;
      step *= 2;
    }
    for (step = Math.floor(step / 2); step >= 1; step = Math.floor(step / 2))
      if (j + step < n && fitsTo(j + step)) j += step;
    let k = j;
    if (!hardAfter(j)) {
      const capacity = Math.max(1, runWidth(i, j));
      // what is left of the sentence the run ends in, shared evenly among the cues it needs
      const rest = runWidth(i, unitEndFrom[j]!);
      const target = rest / Math.max(1, Math.ceil(rest / capacity));
      let best = -Infinity;
      for (let c = i; c <= j; c += 1) {
        const s = score(i, c, j, target);
        if (s >= best) {
          best = s;
          k = c;
        }
      }
    }
    spans.push({ i, k });
    i = k + 1;
  }

  // timing
  const cues: Cue[] = spans.map(({ i, k }, c) => {
    let end = 0;
    for (let t = i; t <= k; t += 1) end = Math.max(end, tokens[t]!.endMs);
    return {
      index: c + 1,
      startMs: tokens[i]!.startMs,
      endMs: end,
      text: layout(chunksOf(tokens, i, k), r).join('\n'),
    };
  });
  for (let c = 1; c < cues.length; c += 1) {
    const cue = cues[c]!;
    cue.startMs = Math.max(cue.startMs, cues[c - 1]!.startMs + 1);
  }
  cues.forEach((cue, c) => {
    const s = cue.startMs;
    const next = cues[c + 1]?.startMs ?? Infinity;
    let e = Math.min(Math.max(cue.endMs, s + 1), s + r.maxDurationMs);
    const chars = [...visibleText(cue.text).replace(/\n/g, '')].length;
    let readMs = Math.ceil((chars * 1000) / r.maxCps);
    while (readingSpeed(cue.text, readMs) > r.maxCps) readMs += 1; // 21 / 1.4 = 15.000000000000002
    const need = Math.max(r.minDurationMs, readMs);
    if (e - s < need) e = Math.max(e, Math.min(s + need, s + r.maxDurationMs, next - r.minGapMs));
    if (e > next - r.minGapMs) e = Math.max(s + 1, next - r.minGapMs);
    cue.endMs = e;
  });
  return cues;
}

/** The rules with defaults for what is missing; nonsense limits (0, NaN) fall back too. */
function settle(rules: Partial<RecutRules>): RecutRules {
  const r = { ...RECUT_DEFAULTS };
  for (const key of Object.keys(RECUT_DEFAULTS) as (keyof RecutRules)[]) {
    const v = rules[key];
    if (finite(v) && (v > 0 || (v === 0 && (key === 'minGapMs' || key === 'minDurationMs')))) r[key] = v;
  }
  r.maxLines = Math.max(1, Math.floor(r.maxLines));
  r.maxDurationMs = Math.max(1, r.maxDurationMs);
  return r;
}
