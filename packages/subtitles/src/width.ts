/**
 * Display width and reading speed of subtitle text, as Netflix's timed-text style guide counts
 * them: a wide character (CJK ideographs, kana, Hangul, full-width forms: East Asian Width W/F)
 * counts as 2, so a Chinese or Japanese line of 42 holds 21 of them.
 */

/** One wide character (East Asian Width W/F). */
export const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u;

/** tags (<i>, {\an8}) are not read */
export const visibleText = (text: string) => text.replace(/<[^>]*>|\{\\[^}]*\}/g, '');

/** Display width of one line: wide characters count 2. */
export function lineWidth(line: string): number {
  let width = 0;
  for (const ch of visibleText(line)) width += WIDE.test(ch) ? 2 : 1;
  return width;
}

/** Characters read per second of display (line breaks and tags not counted). */
export function readingSpeed(text: string, durationMs: number): number {
  const chars = [...visibleText(text).replace(/\r?\n/g, '')].length;
  return durationMs > 0 ? chars / (durationMs / 1000) : Infinity;
}
