import { visibleText } from '@subtrans/subtitles';

/**
 * Cues that form one sentence are sent to the engine as a group, so a model may move words between
 * their lines (word order differs between languages). A cue continues into the next one when its
 * text does not end with closing punctuation; a group is capped, so a file without punctuation
 * still batches, and a batch boundary never falls inside a group.
 */

/** the most cues in one group (and never more than a batch) */
export const GROUP_CAP = 5;

/**
 * Sentence-ending punctuation of the subtitle languages (Latin and CJK full stops, question and
 * exclamation marks, the ellipsis, Arabic and Urdu question mark and full stop, the Devanagari
 * danda), optionally followed by closing quotes or brackets; a music note ends a lyric line.
 */
const CLOSES = /(?:[.?!…。？！．｡؟۔।॥‼⁇⁈⁉♪](?:["'”’»」』）)\]】〕〉》›]|\s)*|♪\s*)$/u;

/** Whether a cue's text ends its sentence (an empty cue does: nothing continues through it). */
export function closesSentence(text: string): boolean {
  const plain = visibleText(text).trim();
  return plain === '' || CLOSES.test(plain);
}

/**
 * Cuts the line indices to translate into batches of at most `size` consecutive lines: a batch
 * never spans a gap (lines already translated), so its lines stay one passage for the engine, and
 * never splits a sentence group (`joinsNext(i)`: line i continues into line i + 1).
 */
export function batchesOf(
  indices: readonly number[],
  size: number,
  joinsNext: (i: number) => boolean = () => false,
): [number, number][] {
  const batches: [number, number][] = [];
  let i = 0;
  while (i < indices.length) {
    // one run of consecutive indices [from, end)
    let j = i + 1;
    while (j < indices.length && indices[j] === indices[j - 1]! + 1) j += 1;
    const end = indices[j - 1]! + 1;
    let batchFrom = indices[i]!;
    for (const [a, b] of groupsOf(batchFrom, end, size, joinsNext)) {
      if (b - batchFrom > size) {
        batches.push([batchFrom, a]);
        batchFrom = a;
      }
    }
    batches.push([batchFrom, end]);
    i = j;
  }
  return batches;
}

/**
 * The groups of lines [from, to), singletons included, in order: consecutive lines that continue
 * one another, at most GROUP_CAP (and `size`) long.
 */
export function groupsOf(
  from: number,
  to: number,
  size: number,
  joinsNext: (i: number) => boolean,
): [number, number][] {
  const most = Math.max(1, Math.min(GROUP_CAP, size));
  const out: [number, number][] = [];
  let k = from;
  while (k < to) {
    let g = k + 1;
    while (g < to && g - k < most && joinsNext(g - 1)) g += 1;
    out.push([k, g]);
    k = g;
  }
  return out;
}
