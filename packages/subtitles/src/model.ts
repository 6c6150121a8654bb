/** One subtitle cue: times in milliseconds, text lines joined with "\n" (inline tags kept verbatim). */
export interface Cue {
  /** 1-based, renumbered in file order on parse */
  index: number;
  startMs: number;
  endMs: number;
  text: string;
}

/**
 * One line of a task (issue 35): a cue with an identity of its own (never changed while the line
 * exists) and its two texts, times in milliseconds. The editor, the structure edits and the export
 * work on this shape; `@subtrans/contract` names it with its wire forms.
 */
export interface Line {
  id: number;
  startMs: number;
  endMs: number;
  originalText: string;
  translatedText: string;
}

export type SubtitleFormat = 'srt' | 'vtt' | 'ass';

/** The file holds no cue, or is not a subtitle file at all. */
export class SubtitleParseError extends Error {
  readonly code = 'EMPTY_OR_INVALID';
  constructor(message = 'the subtitle file has no cue or is not in a known format') {
    super(message);
    this.name = 'SubtitleParseError';
  }
}

/** Unifies line endings (CRLF, CR, LF) and drops a byte-order mark. */
export function normaliseText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}
