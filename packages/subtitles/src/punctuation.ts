/**
 * Punctuation as the target language writes it, for engines that leave it as the source had it
 * (rule-based engines: Apertium keeps a space before a full stop it did not write, and never adds
 * Spanish's opening ¿ and ¡). Issue 36: 57 of 1,852 Spanish cues had "bella ." and 237 of 237
 * questions lacked their ¿.
 */

/** the language part of a code: `es-MX` → `es` */
const base = (lang: string) => lang.toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * French sets a (narrow no-break) space before ? ! : ; and inside « »: those are left as they are;
 * every other language here writes none before closing punctuation.
 */
const BEFORE = /[ \t\u00a0\u202f]+(?=[.,!?;:…)\]}»](?![\p{L}\p{N}]))/gu;
const BEFORE_FR = /[ \t]+(?=[.,…)\]}](?![\p{L}\p{N}]))/gu;
/** no space after an opening bracket or Spanish's opening marks */
const AFTER_OPENING = /([([{¿¡])[ \t]+/g;

/** a sentence ends at marks followed by a blank ("3.5" and "a.m." do not end one) */
const SENTENCE_END = /(?<=[.!?…])(?=\s)/u;
/** the marks that end a sentence, then what may close after them (quotes, brackets, tags) */
const ENDING = /([?!])[.!?…]*(?:["'”’»)\]]|<\/[^>]+>|\s)*$/u;
/** what a sentence may start with before its first word: blanks, a speaker's dash, quotes, tags */
const LEAD = /^(\s*(?:[-–—]\s*)?(?:<[^>]+>|\{[^}]*\}|["'“‘«(\s])*)/u;

/**
 * Spanish opens a question with ¿ and an exclamation with ¡. A sentence (of one cue, a speaker's
 * line being a sentence of its own) that ends with ? or ! and has no opening mark gets one before
 * its first word; "?!" is opened as its first mark says.
 */
function openSpanish(line: string): string {
  return line
    .split(SENTENCE_END)
    .map((sentence) => {
      const end = ENDING.exec(sentence);
      // not a question or an exclamation, or already opened (¡…? is written too)
      if (!end || sentence.includes('¿') || sentence.includes('¡')) return sentence;
      const lead = LEAD.exec(sentence)![1]!;
      const body = sentence.slice(lead.length);
      // nothing but marks ("?", "...!"): nothing to open
      if (!/[\p{L}\p{N}]/u.test(body.slice(0, end.index - lead.length))) return sentence;
      return `${lead}${end[1] === '?' ? '¿' : '¡'}${body}`;
    })
    .join('');
}

/**
 * A line's punctuation tidied for `lang`: no space before closing punctuation (French keeps its
 * own), none after an opening bracket, and Spanish's opening ¿ and ¡ supplied. Each line of a cue
 * is a sentence boundary only where a speaker's dash starts it; a sentence running on to the next
 * line keeps one opening mark.
 */
export function tidyPunctuation(text: string, lang: string): string {
  const code = base(lang);
  let out = text.replace(code === 'fr' ? BEFORE_FR : BEFORE, '').replace(AFTER_OPENING, '$1');
  if (code === 'es') {
    // speakers' lines are sentences of their own; other line breaks are inside a sentence
    const speakers = /^\s*[-–—]/m.test(out) && out.split('\n').every((l) => /^\s*[-–—]/.test(l));
    out = speakers ? out.split('\n').map(openSpanish).join('\n') : openSpanish(out);
  }
  return out;
}
