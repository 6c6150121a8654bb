import { assOfColour, parseColour } from './colours.js';

/**
 * Issue 40: the look of lines burned into a picture, chosen by the creator: a face, a size relative
 * to the picture's height (the same on a phone's upright video as on a film), a colour, an outline
 * or a box, at the bottom or the top. The script's canvas is the output picture itself, so libass
 * scales nothing and no line is stretched on a picture of another shape.
 */
export interface AssLook {
  font: 'sans' | 'serif';
  /** the text's height, % of the picture's height */
  size: number;
  /** `#rrggbb` */
  colour: string;
  background: 'outline' | 'box';
  position: 'bottom' | 'top';
}

export interface AssCanvas {
  width: number;
  height: number;
}

/**
 * The installed face for `language`: Noto CJK (fonts-noto-cjk) in its regional variant for Chinese,
 * Japanese and Korean, whose glyphs differ by region; Liberation (fonts-liberation, metrics of Arial
 * and Times) for the others.
 */
export function burnFontFor(language = '', font: AssLook['font'] = 'sans'): string {
  const lang = language.toLowerCase();
  const face = font === 'serif' ? 'Serif' : 'Sans';
  if (/^zh-(tw|hk|mo)|^zh-hant/.test(lang)) return `Noto ${face} CJK TC`;
  if (lang.startsWith('zh')) return `Noto ${face} CJK SC`;
  if (lang.startsWith('ja')) return `Noto ${face} CJK JP`;
  if (lang.startsWith('ko')) return `Noto ${face} CJK KR`;
  return `Liberation ${face}`;
}

/** ASS's `&HAABBGGRR`: alpha 00 is opaque */
const withAlpha = (assColour: string, alpha: number) =>
  `&H${alpha.toString(16).padStart(2, '0').toUpperCase()}${assColour.slice(2, 8)}`;

/** the box's and the shadow's black: 0x60 of 0xFF transparent (about 60 % opaque) */
const SHADE = '&H60000000';

/** The pixels of a line `scale` times the look's size on `canvas`. */
export const lookPixels = (look: AssLook, canvas: AssCanvas, scale = 1) =>
  Math.max(8, Math.round((canvas.height * look.size * scale) / 100));

/** One `Style:` line of the look, `scale` times its size (the original of a bilingual line is smaller). */
export function lookStyle(
  name: string,
  fontName: string,
  look: AssLook,
  canvas: AssCanvas,
  scale = 1,
): string {
  const px = lookPixels(look, canvas, scale);
  const colour = withAlpha(assOfColour(parseColour(look.colour) ?? '#ffffff'), 0);
  const box = look.background === 'box';
  // an outline about a sixteenth of the letters' height reads on any picture; a box pads the line
  const border = box ? Math.max(2, Math.round(px / 5)) : Math.max(1, Math.round(px / 16));
  const shadow = box ? 0 : Math.max(1, Math.round(px / 40));
  const outline = box ? SHADE : '&H00000000';
  const alignment = look.position === 'top' ? 8 : 2;
  const marginV = Math.round(canvas.height * 0.05);
  const marginH = Math.round(canvas.width * 0.06);
  return [
    `Style: ${name}`,
    fontName,
    px,
    colour,
    '&H000000FF',
    outline,
    SHADE,
    0,
    0,
    0,
    0,
    100,
    100,
    0,
    0,
    box ? 3 : 1,
    border,
    shadow,
    alignment,
    marginH,
    marginH,
    marginV,
    1,
  ].join(',');
}
