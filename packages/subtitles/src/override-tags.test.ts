import { describe, expect, it } from 'vitest';
import { overridesAs } from './override-tags.js';

describe('ASS override blocks written to SRT and WebVTT', () => {
  it('turns style tags into markup and closes what is left open', () => {
    expect(overridesAs('{\\i1}We start{\\i0} at {\\b1}nine', 'srt')).toBe('<i>We start</i> at <b>nine</b>');
    expect(overridesAs('{\\b700\\u1}loud', 'vtt')).toBe('<b><u>loud</u></b>');
    expect(overridesAs('{\\s1}gone{\\s0}', 'srt')).toBe('<s>gone</s>');
    expect(overridesAs('{\\s1}gone{\\s0}', 'vtt')).toBe('gone');
  });

  it('keeps one position (WebVTT writes it as cue settings), drops what neither reads', () => {
    expect(overridesAs('{\\pos(960,100)\\an8\\fs40}Station,\nnorth exit', 'srt')).toBe(
      '{\\an8}Station,\nnorth exit',
    );
    expect(overridesAs('{\\pos(960,100)\\an8\\fs40}Station', 'vtt')).toBe('{\\an8}Station');
    expect(overridesAs('{\\blur3\\fs20}soft\\hline', 'srt')).toBe('soft\u00a0line');
  });

  it('carries colours as <font color>: a new one ends the last, \\c alone goes back', () => {
    expect(overridesAs('{\\c&H0000FF&\\blur3}red\\hline', 'srt')).toBe(
      '<font color="#ff0000">red\u00a0line</font>',
    );
    expect(overridesAs('{\\1c&H00FFFF&}yellow {\\c&HFF0000&}blue{\\c} plain', 'vtt')).toBe(
      '<font color="#ffff00">yellow </font><font color="#0000ff">blue</font> plain',
    );
  });

  it('leaves text without override blocks alone, braces in words too', () => {
    expect(overridesAs('<i>already SRT</i>', 'srt')).toBe('<i>already SRT</i>');
    expect(overridesAs('a set {1, 2}', 'vtt')).toBe('a set {1, 2}');
  });
});
