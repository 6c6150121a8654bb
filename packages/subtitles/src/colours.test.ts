import { describe, expect, it } from 'vitest';
import { assOfColour, colourOfAss, parseColour } from './colours.js';

describe('colours between TTML, WebVTT, SRT and ASS', () => {
  it('reads the forms TTML and SRT files use as #rrggbb', () => {
    expect(parseColour('Yellow')).toBe('#ffff00');
    expect(parseColour('#F80')).toBe('#ff8800');
    expect(parseColour('#FF8800')).toBe('#ff8800');
    expect(parseColour('#ff8800ff')).toBe('#ff8800');
    expect(parseColour('rgb(255, 136, 0)')).toBe('#ff8800');
    expect(parseColour('rgba(255,136,0,128)')).toBe('#ff8800');
  });

  it('has no colour for what is none, or cannot be seen', () => {
    for (const v of [undefined, '', 'transparent', '#ff880000', 'rgba(1,2,3,0)', 'blurple', 'url(x)'])
      expect(parseColour(v)).toBeNull();
  });

  it("turns ASS's blue-green-red order around, with or without alpha", () => {
    expect(colourOfAss('&H0000FF&')).toBe('#ff0000');
    expect(colourOfAss('&H8000FFFF')).toBe('#ffff00');
    expect(colourOfAss('&Hxyz&')).toBeNull();
    expect(assOfColour('#ff8800')).toBe('&H0088FF&');
  });
});
