/**
 * Rules a request field can break beyond its type, size and format. A schema's refinement names
 * its rule (as the zod message); the server words it in the caller's language. A refinement
 * with any other message is answered as a plain "not valid".
 */
export const INPUT_RULES = {
  sixDigits: 'six_digits',
  srtTime: 'srt_time',
  targetNotAuto: 'target_not_auto',
  pictureNotAllowed: 'picture_not_allowed',
  nothingToUpdate: 'nothing_to_update',
  notZero: 'not_zero',
  inFuture: 'in_future',
  keyOrTask: 'key_or_task',
  /** the texts of one call together (params.max characters) */
  totalChars: 'total_chars',
  /** a line's start before its end, neither negative */
  timeOrder: 'time_order',
  /** a part number beyond the upload's parts (params.max) */
  partBeyondUpload: 'part_beyond_upload',
  /** a task option the chosen engine would ignore (params.engine: its name), issue 34 */
  ignoredByEngine: 'ignored_by_engine',
  /** an edit of a task's lines with no change, no new line and no deletion (issue 35) */
  noEdit: 'no_edit',
  /** a value given twice where each must be its own (a new line's key) */
  uniqueKey: 'unique_key',
} as const;
export type InputRule = (typeof INPUT_RULES)[keyof typeof INPUT_RULES];

const RULE_NAMES = new Set<string>(Object.values(INPUT_RULES));
export function isInputRule(message: string): message is InputRule {
  return RULE_NAMES.has(message);
}

/**
 * Bidirectional-text controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). In a name they can make the text that
 * follows read backwards (a "‮gpj.exe" user name shown to a manager), so names never keep them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** The text without bidi controls and control characters (an uploaded file's name). */
export function withoutControlCharacters(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(/\p{Cc}/gu, '');
}

/**
 * A display name as it is stored: no bidi controls, control characters turned into spaces, runs
 * of spaces made one, trimmed. Register, profile, create user and sign-in providers' names.
 */
export function cleanDisplayName(raw: string): string {
  return raw
    .replace(BIDI_CONTROLS, '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
