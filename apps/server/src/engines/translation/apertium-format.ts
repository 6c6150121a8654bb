/**
 * Apertium's plain-text format, as apertium-destxt and apertium-retxt write and read it, done
 * here for the long-running pipelines: two processes per request cost more than the translation
 * when the server is large (each spawn copies its page tables). apertium-format.test.ts checks both
 * against the real programs.
 */

/** Characters that mean something in Apertium's stream: escaped with a backslash. */
const RESERVED = /[[\]\\^$@/<>{}]/g;
/**
 * Runs of blanks (`~` too: post-generation reads it as a mark): a single space stays as it is,
 * any other run goes in a superblank `[…]`.
 */
const BLANKS = /([ \t\n\r~]+)/;
/** a blank line (a paragraph break) ends a sentence */
const ENDS_SENTENCE = /\n\n|\r\n\r\n/;
/** apertium-destxt's largest blank kept inline */
const LARGE_BLOCK = 8192;
/** the sentence end the deformatter adds, taken out again by the reformatter */
const DOT = '.[]';

/** Text → stream, as apertium-destxt: reserved characters escaped, blanks kept, paragraphs ended. */
export function deformat(text: string): string {
  const parts = text.split(BLANKS);
  let out = '';
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      out += part.replace(RESERVED, '\\$&');
      return;
    }
    // apertium-destxt moves a run over 8 KB to a file of its own: no line has one that matters,
    // and the engine tidies blanks anyway
    const blank = part.length > LARGE_BLOCK ? (part.includes('\n') ? '\n' : ' ') : part;
    const last = i === parts.length - 2 && parts[i + 1] === '';
    if (last || ENDS_SENTENCE.test(blank)) out += DOT;
    out += blank === ' ' ? ' ' : `[${blank}]`;
  });
  // text that does not end in blanks ends its last sentence here
  if (parts.length % 2 === 1 && parts[parts.length - 1] !== '') out += DOT;
  return out;
}

const ESCAPED = new Set('[]\\^$@/<>{}');

/** Stream → text, as apertium-retxt: escapes undone, superblanks opened, the added dots dropped. */
export function reformat(stream: string): string {
  let out = '';
  for (let i = 0; i < stream.length; i += 1) {
    const c = stream[i]!;
    if (c === '\\' && i + 1 < stream.length && ESCAPED.has(stream[i + 1]!)) {
      out += stream[i + 1];
      i += 1;
    } else if (c === '.' && stream.startsWith(DOT, i)) {
      i += DOT.length - 1;
    } else if (c !== '[' && c !== ']') {
      out += c;
    }
  }
  return out;
}
