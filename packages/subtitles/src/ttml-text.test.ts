import { describe, expect, it } from 'vitest';
import { attributesOf, decodeEntities, localName, styleFlags, type StyleSheet } from './ttml-text.js';

describe('TTML text helpers', () => {
  it('decodes the XML entities and character references, and nothing a DOCTYPE declares', () => {
    expect(decodeEntities('a &lt;b&gt; &amp;amp; &quot;c&apos; &#65;&#x42;&#X43;')).toBe(
      'a <b> &amp; "c\' ABC',
    );
    expect(decodeEntities('&lol9; &xxe; &nbsp;')).toBe('&lol9; &xxe; \u00a0');
    // references to no character, or cut short
    expect(decodeEntities('&#0; &#xD800; &#x110000; &#65')).toBe('\ufffd \ufffd \ufffd &#65');
    expect(decodeEntities('no entity')).toBe('no entity');
  });

  it('names elements and attributes without their prefix, in lower case', () => {
    expect(localName('tt:P')).toBe('p');
    expect(localName('span')).toBe('span');
    const attrs = attributesOf({
      'tt:p': [],
      ':@': { 'ttp:frameRate': '25', 'xml:space': 'preserve', xmlns: 'x', 'xmlns:tts': 'y', BEGIN: '1s' },
    });
    expect([...attrs]).toEqual([
      ['framerate', '25'],
      ['space', 'preserve'],
      ['begin', '1s'],
    ]);
  });

  it('applies referenced styles first, then its own, and stops at a loop', () => {
    const sheet: StyleSheet = new Map([
      [
        'a',
        new Map([
          ['style', 'b'],
          ['fontstyle', 'italic'],
        ]),
      ],
      [
        'b',
        new Map([
          ['style', 'a'],
          ['fontweight', 'bold'],
        ]),
      ],
    ]);
    // a → b → a … : bold and italic, and no endless recursion
    expect(styleFlags(new Map([['style', 'a']]), sheet, 0)).toBe(3);
    // the element's own attribute wins over the referenced style
    expect(
      styleFlags(
        new Map([
          ['style', 'a'],
          ['fontstyle', 'normal'],
        ]),
        sheet,
        0,
      ),
    ).toBe(2);
    expect(styleFlags(new Map([['textdecoration', 'underline']]), sheet, 1)).toBe(5);
    expect(styleFlags(new Map([['textdecoration', 'noUnderline']]), sheet, 5)).toBe(1);
  });
});
