import { detect } from 'tinyld';
import {
  detectByScript,
  fromTrigram,
  plainText,
  TRIGRAM_LANGUAGES,
  type DetectedLanguage,
} from './language.js';

/**
 * The trigram model (tinyld) for Latin-script text, apart from language.ts: it is about 545 KB of
 * data, which the web loads only when a file's lines are in Latin script.
 */

/** The language (tinyld's code) the model finds `text` in, among `only` when given; '' for none. */
export function trigramLanguage(text: string, only?: readonly string[]): string {
  return detect(text, only ? { only: [...only] } : undefined);
}

/**
 * The language of subtitle lines (SPEC §5): fewer than 10 letters → zh-CN; otherwise the
 * dominant writing system decides, and Latin-script text goes to the trigram model. Nothing
 * recognisable → zh-CN ('fallback', for the §8 warning).
 */
export function detectLanguage(lines: readonly string[]): DetectedLanguage {
  const found = detectByScript(lines);
  return 'latin' in found ? fromTrigram(trigramLanguage(found.latin)) : found;
}

/**
 * Which of two or more languages the trigram model finds the text closer to (null when it knows
 * none of them or cannot tell). Choosing among the few candidates is far surer on a short line
 * than naming a language out of all.
 */
export function likelierLanguage(text: string, candidates: readonly string[]): string | null {
  const known = new Set<string>(TRIGRAM_LANGUAGES);
  if (candidates.some((c) => !known.has(c))) return null;
  const found = trigramLanguage(plainText(text), candidates);
  return candidates.includes(found) ? found : null;
}
