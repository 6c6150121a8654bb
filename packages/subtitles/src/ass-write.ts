import { textLines, type LineEnding } from './srt.js';
import { formatAssTime } from './time.js';
import { assOfColour, parseColour } from './colours.js';
import { vttTagsOut } from './vtt-markup.js';
import { burnFontFor, lookStyle, type AssCanvas, type AssLook } from './ass-look.js';

/**
 * Issue 37 §3: any task exported as ASS, with a style chosen for its language (a CJK font for
 * Chinese, Japanese and Korean, whose glyphs Arial lacks and a renderer would otherwise substitute
 * unpredictably) and, for a bilingual file, the original in a second, smaller style.
 */

/** one line of the file: the translation, and the original when the file is bilingual */
export interface AssEvent {
  startMs: number;
  endMs: number;
  text: string;
  original?: string;
}

export interface AssWriteOptions {
  /** the translation's language (BCP 47, as tasks name them): chooses the Default style's font */
  language?: string;
  /** the original's language: its style's font */
  sourceLanguage?: string;
  /** `Title:` of the [Script Info] section */
  title?: string;
  eol?: LineEnding;
  /** bilingual: the original above the translation (default) or below it */
  originalFirst?: boolean;
  /** bilingual: the original's size against the translation's, 0.4–1 (default 0.7) */
  originalScale?: number;
  /** issue 40: lines to burn into a picture, in the creator's look, on the picture's own canvas */
  look?: AssLook;
  /** the picture's size (with `look`; default 1920×1080) */
  canvas?: AssCanvas;
}

/** the script's canvas: sizes and margins below are pixels of a 1080p picture */
const PLAY_RES = { x: 1920, y: 1080 };
const FONT_SIZE = 64;

/** The font a subtitler would pick for `language`: Noto CJK (installed with fonts-noto-cjk) for CJK. */
export function assFontFor(language = ''): string {
  const lang = language.toLowerCase();
  if (/^zh-(tw|hk|mo)|^zh-hant/.test(lang)) return 'Noto Sans CJK TC';
  if (lang.startsWith('zh')) return 'Noto Sans CJK SC';
  if (lang.startsWith('ja')) return 'Noto Sans CJK JP';
  if (lang.startsWith('ko')) return 'Noto Sans CJK KR';
  return 'Arial';
}

const STYLE_FORMAT =
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding';

/** white text, a black outline and a soft shadow, bottom centre: the look of most subtitles */
const style = (name: string, font: string, size: number) =>
  `Style: ${name},${font},${size},&H00FFFFFF,&H000000FF,&H00000000,&H64000000,0,0,0,0,100,100,0,0,1,${Math.max(1, Math.round(size / 32))},1,2,60,60,48,1`;

/** `#rrggbb` or `rrggbb` as ASS's `&HBBGGRR&` */
function assColour(value: string): string | null {
  const hex = parseColour(value);
  return hex ? assOfColour(hex) : null;
}

const SIMPLE_TAGS: Record<string, string> = { i: 'i', b: 'b', u: 'u', s: 's' };

/**
 * A line's text as ASS dialogue: SRT's markup as override tags (`<i>` → `{\i1}`, `<font
 * color="#ff0000">` → `{\c&H0000FF&}`), other tags dropped (ASS would show them as text), `{\an8}`
 * and other override blocks kept, line breaks as `\N`.
 */
export function assText(text: string): string {
  // WebVTT's timestamps would read as text (its other tags are dropped below anyway)
  return textLines(vttTagsOut(text))
    .filter((l) => l.trim().length > 0)
    .map((line) =>
      line.replace(
        /<\s*(\/)?\s*([a-z]+)([^>]*)>/gi,
        (_whole, close: string | undefined, tag: string, rest: string) => {
          const name = tag.toLowerCase();
          const simple = SIMPLE_TAGS[name];
          if (simple) return `{\\${simple}${close ? 0 : 1}}`;
          if (name === 'font') {
            if (close) return '{\\c}';
            const colour = /color\s*=\s*["']?([^"'\s>]+)/i.exec(rest);
            const ass = colour ? assColour(colour[1]!) : null;
            return ass ? `{\\c${ass}}` : '';
          }
          return '';
        },
      ),
    )
    .join('\\N');
}

/** Writes an ASS script: [Script Info], the styles, and a Dialogue line per event in the given order. */
export function writeAss(events: readonly AssEvent[], opts: AssWriteOptions = {}): string {
  const eol = opts.eol ?? '\n';
  const title = (opts.title ?? 'SubTrans').replace(/[\r\n]+/g, ' ');
  const bilingual = events.some((e) => e.original !== undefined);
  const scale = Math.min(1, Math.max(0.4, opts.originalScale ?? 0.7));
  const look = opts.look;
  const canvas = look
    ? (opts.canvas ?? { width: PLAY_RES.x, height: PLAY_RES.y })
    : { width: PLAY_RES.x, height: PLAY_RES.y };
  const styles = look
    ? [lookStyle('Default', burnFontFor(opts.language, look.font), look, canvas)]
    : [style('Default', assFontFor(opts.language), FONT_SIZE)];
  if (bilingual)
    styles.push(
      look
        ? lookStyle('Original', burnFontFor(opts.sourceLanguage, look.font), look, canvas, scale)
        : style('Original', assFontFor(opts.sourceLanguage), Math.round(FONT_SIZE * scale)),
    );
  const head = [
    '[Script Info]',
    `Title: ${title}`,
    'ScriptType: v4.00+',
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    `PlayResX: ${canvas.width}`,
    `PlayResY: ${canvas.height}`,
    '',
    '[V4+ Styles]',
    STYLE_FORMAT,
    ...styles,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const originalFirst = opts.originalFirst ?? true;
  const out = [head.join(eol)];
  for (const e of events) {
    let text = assText(e.text);
    if (e.original !== undefined && e.original !== e.text) {
      // one event, two styles: `\r` switches style inside it, so the two stay together as one block
      const original = `{\\rOriginal}${assText(e.original)}{\\r}`;
      text = originalFirst ? `${original}\\N${text}` : `${text}\\N${original}`;
    }
    out.push(`Dialogue: 0,${formatAssTime(e.startMs)},${formatAssTime(e.endMs)},Default,,0,0,0,,${text}`);
  }
  return out.join(eol) + eol;
}
export type { AssCanvas, AssLook } from './ass-look.js';
