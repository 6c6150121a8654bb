import type { Cue, Line } from '@subtrans/subtitles';
import type { TaskLine } from './tasks.js';

/*
 * A subtitle's shapes from upload to export (issue 35), one of each:
 * - `Cue`: a cue of a file (times in ms, one text, numbered in file order), what every format's
 *   parser gives and every writer takes;
 * - `Line`: a task's line, a cue with an id of its own and its two texts: what the server stores,
 *   the editor edits and the structure edits (split, merge, shift…) compute on;
 * - on the wire a Line travels as `TaskLine` (a compact tuple with its review flags, /task/lines)
 *   or as SPEC §3's `Segment` (SRT timestamps, /task/get).
 */
export type { Cue, Line };

/** A line as /task/lines sends it, without its review flags. */
export function lineOfTaskLine([id, startMs, endMs, originalText, translatedText]: TaskLine): Line {
  return { id, startMs, endMs, originalText, translatedText };
}

export interface CueOptions {
  /** both texts in each cue (bilingual), the original first unless `originalFirst` is false */
  includeOriginal: boolean;
  originalFirst?: boolean;
}

/**
 * A task's lines as a file's cues: the translation, or both texts (a line whose translation is its
 * original once). Times decide the file's order (a line moved in time is exported where it plays);
 * lines starting together keep the task's order; cues are numbered from 1 as they come.
 */
export function cuesOfLines(lines: readonly Line[], opts: CueOptions): Cue[] {
  // Array.prototype.sort is stable: the task's order breaks ties
  const byTime = lines.slice().sort((a, b) => a.startMs - b.startMs);
  const originalFirst = opts.originalFirst ?? true;
  return byTime.map((l, i) => {
    const { originalText: original, translatedText: translated } = l;
    const both = originalFirst ? `${original}\n${translated}` : `${translated}\n${original}`;
    return {
      index: i + 1,
      startMs: l.startMs,
      endMs: l.endMs,
      text: opts.includeOriginal && translated !== original ? both : translated,
    };
  });
}
