import { parseColour, VTT_COLOUR_CLASSES } from './colours.js';

/**
 * Issue 37: WebVTT's inline markup and the product's (SRT's: `<i>`, `<b>`, `<u>`, `<font color>`).
 * A colour class read becomes `<font color>`, which SRT and ASS carry; a colour written to WebVTT
 * becomes a class styled in the file's STYLE block. Speaker, language and ruby tags and karaoke
 * timestamps have no SRT or ASS form and are left out there.
 */

const CLASS_TAG = /<(\/)?c((?:\.[^\s.<>]+)*)(?:[ \t][^>]*)?>/g;

/** `<c.yellow>…</c>` as `<font color="#ffff00">…</font>`; a class that is no colour is dropped */
export function vttColoursIn(text: string): string {
  if (!text.includes('<c') && !text.includes('</c')) return text;
  const opened: boolean[] = [];
  const out = text.replace(CLASS_TAG, (_whole, close: string | undefined, classes: string) => {
    if (close) return opened.pop() ? '</font>' : '';
    const colour = classes
      .split('.')
      .map((c) => VTT_COLOUR_CLASSES[c.toLowerCase()])
      .find(Boolean);
    opened.push(Boolean(colour));
    return colour ? `<font color="${colour}">` : '';
  });
  // a class left open closes at the end of the cue, as WebVTT reads it
  return (
    out +
    opened
      .filter(Boolean)
      .map(() => '</font>')
      .join('')
  );
}

const VTT_ONLY = /<\/?(?:v|lang|ruby|c)(?:[.\s][^>]*)?>|<rt>[^<]*<\/rt>|<\/?rt>|<\d[\d:.]*>/gi;

/** a line without WebVTT's tags that SRT and ASS players would print (speaker, ruby, timestamps) */
export function vttTagsOut(text: string): string {
  return text.includes('<') ? text.replace(VTT_ONLY, '') : text;
}

const CLASS_OF_COLOUR = new Map(Object.entries(VTT_COLOUR_CLASSES).map(([name, hex]) => [hex, name]));
const FONT_TAG = /<\s*(\/)?\s*font\b([^>]*)>/gi;

/**
 * A line's `<font color>` as WebVTT classes (`<c.yellow>`, `<c.c_ff8800>`), each class used added
 * to `used` (name → colour) for the STYLE block; a `<font>` without a colour is dropped.
 */
export function fontsAsVtt(text: string, used: Map<string, string>): string {
  if (!/<\s*\/?\s*font/i.test(text)) return text;
  const opened: boolean[] = [];
  return text.replace(FONT_TAG, (_whole, close: string | undefined, rest: string) => {
    if (close) return opened.pop() ? '</c>' : '';
    const colour = parseColour(/color\s*=\s*["']?([^"'\s>]+)/i.exec(rest)?.[1]);
    opened.push(colour !== null);
    if (!colour) return '';
    const name = CLASS_OF_COLOUR.get(colour) ?? `c_${colour.slice(1)}`;
    used.set(name, colour);
    return `<c.${name}>`;
  });
}

/** the STYLE block that gives each class used its colour ('' when none is) */
export function vttStyleBlock(used: Map<string, string>, eol: string): string {
  if (used.size === 0) return '';
  const rules = [...used].map(([name, colour]) => `::cue(.${name}) { color: ${colour}; }`);
  return `${eol}STYLE${eol}${rules.join(eol)}${eol}`;
}
