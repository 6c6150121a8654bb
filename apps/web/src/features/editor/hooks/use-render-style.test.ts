import { describe, expect, it } from 'vitest';
import { DEFAULT_RENDER_STYLE, renderStyleSchema } from '@subtrans/contract';
import { DEFAULT_STYLE, readChoice } from './use-render-style';

describe('the remembered style of a video with subtitles', () => {
  it('starts from the contract’s default (written out so that the page loads no schema)', () => {
    expect(DEFAULT_STYLE).toEqual(DEFAULT_RENDER_STYLE);
    expect(readChoice(null)).toEqual({ style: DEFAULT_RENDER_STYLE, resolution: 'source' });
  });

  it('reads back what was stored, and the default for what is broken or no longer allowed', () => {
    const style = {
      font: 'serif',
      size: 7.5,
      colour: '#FFE14D',
      background: 'box',
      position: 'top',
      bilingual: true,
    };
    expect(readChoice(JSON.stringify({ style, resolution: '720p' }))).toEqual({
      style: { ...style, colour: '#ffe14d' },
      resolution: '720p',
    });
    const odd = readChoice(
      JSON.stringify({
        style: { font: 'comic', size: 40, colour: 'red', background: 'glow', bilingual: 'yes' },
        resolution: '4k',
      }),
    );
    expect(odd).toEqual({ style: DEFAULT_RENDER_STYLE, resolution: 'source' });
    expect(renderStyleSchema.parse(odd.style)).toEqual(odd.style);
    expect(readChoice('{not json')).toEqual({ style: DEFAULT_RENDER_STYLE, resolution: 'source' });
  });
});
