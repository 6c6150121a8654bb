import { layoutText, normsFor } from '@subtrans/subtitles';

/** How the next answer misbehaves (consumed in order; then answers are correct). */
export type Misbehaviour =
  | 'wrong-count'
  | 'merged'
  | 'echo-missing'
  | 'garbage'
  | 'error-object'
  | 'http500'
  | 'http429'
  | 'fenced'
  | 'entities'
  | 'slow'
  /** the numbered map wrapped in one key: {"lines": {…}} */
  | 'wrap-lines'
  /** the same under "translations" */
  | 'wrap-translations'
  /** a JSON array of the translations, in order */
  | 'array'
  /** two keys around the map: {"lines": {…}, "note": "…"} */
  | 'wrap-two-keys'
  /** prose instead of JSON (a model that never translates) */
  | 'refuse';

/** The "translation" both fake providers give: recognisable and reversible in tests. */
export const fakeTranslate = (text: string, target: string) => `[${target}] ${text}`;

/**
 * A translation as a task stores it: laid out for the target language with its default norms
 * (tasks lay out each translated line unless they keep the engine's breaks).
 */
export const laidOut = (text: string, target: string) => layoutText(text, target, normsFor(target));

/** A task's line as stored from fakeTranslate. */
export const fakeTranslatedLine = (text: string, target: string) =>
  laidOut(fakeTranslate(text, target), target);
