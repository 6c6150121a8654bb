/**
 * Issue 37: a line from an ASS file written to SRT or WebVTT. Their players do not read ASS's
 * override blocks (`{\i1}`, `{\pos(…)}`) and show them as text, so each block becomes the markup the
 * format has (`<i>`, `<b>`, `<u>`, `<s>`, `<font color>` for `\c`; one `{\anN}` position, which SRT
 * players read and WebVTT writes as cue settings) or goes.
 */
import { colourOfAss } from './colours.js';

const STYLES: Record<string, string> = { i: 'i', b: 'b', u: 'u', s: 's' };
const BLOCK = /\{([^}]*)\}/g;

/** `text` with ASS's override blocks as `format`'s markup; text without a block is returned as is. */
export function overridesAs(text: string, format: 'srt' | 'vtt'): string {
  if (!text.includes('{') && !text.includes('\\h')) return text;
  const open = new Set<string>();
  let position = '';
  let coloured = false;
  const out = text.replace(BLOCK, (whole, body: string) => {
    if (!body.includes('\\')) return whole; // braces in the words, not an override block
    let markup = '';
    for (const tag of body.split('\\').slice(1)) {
      const an = /^an([1-9])$/.exec(tag);
      if (an) {
        position ||= `{\\an${an[1]}}`;
        continue;
      }
      const colour = /^1?c(?:(&H[0-9a-f]+&?)|$)/i.exec(tag);
      if (colour) {
        // a new colour ends the last one; `\c` alone goes back to the style's
        if (coloured) markup += '</font>';
        const hex = colour[1] ? colourOfAss(colour[1]) : null;
        coloured = hex !== null;
        if (hex) markup += `<font color="${hex}">`;
        continue;
      }
      const style = /^([ibus])(\d+)?$/.exec(tag);
      if (!style) continue;
      const name = STYLES[style[1]!]!;
      // WebVTT has no strike-through tag
      if (name === 's' && format === 'vtt') continue;
      // \b700 is bold by weight; 0 turns off
      const on = style[2] !== undefined && style[2] !== '0';
      if (on && !open.has(name)) {
        open.add(name);
        markup += `<${name}>`;
      } else if (!on && open.has(name)) {
        open.delete(name);
        markup += `</${name}>`;
      }
    }
    return markup;
  });
  // a style left open closes at the end of the line, as in ASS
  const closing =
    [...open]
      .reverse()
      .map((n) => `</${n}>`)
      .join('') + (coloured ? '</font>' : '');
  const body = (out + closing).replace(/\\h/g, '\u00a0');
  // the position opens the text: SRT players read it there, serialiseVtt makes it cue settings
  return position + body;
}
