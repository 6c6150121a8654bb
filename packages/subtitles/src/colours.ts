/**
 * Issue 37: a text colour carried between formats as SRT's `<font color="#rrggbb">`, the markup the
 * product keeps in a line (ASS writes it as `\c`, WebVTT as a `<c.class>`).
 */

/** CSS's basic colour keywords (those TTML names too) and the WebVTT default colour classes */
const NAMED: Record<string, string> = {
  black: '#000000',
  silver: '#c0c0c0',
  gray: '#808080',
  grey: '#808080',
  white: '#ffffff',
  maroon: '#800000',
  red: '#ff0000',
  purple: '#800080',
  fuchsia: '#ff00ff',
  magenta: '#ff00ff',
  green: '#008000',
  lime: '#00ff00',
  olive: '#808000',
  yellow: '#ffff00',
  navy: '#000080',
  blue: '#0000ff',
  teal: '#008080',
  aqua: '#00ffff',
  cyan: '#00ffff',
  orange: '#ffa500',
};

/** WebVTT's default classes (`<c.yellow>`, as CEA-608 captions convert), every player styles them */
export const VTT_COLOUR_CLASSES: Record<string, string> = {
  white: '#ffffff',
  lime: '#00ff00',
  cyan: '#00ffff',
  red: '#ff0000',
  yellow: '#ffff00',
  magenta: '#ff00ff',
  blue: '#0000ff',
  black: '#000000',
};

const byte = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
const hex2 = (n: number) => byte(n).toString(16).padStart(2, '0');

/**
 * `value` as `#rrggbb`: a keyword, `#rgb`, `#rrggbb`, `#rrggbbaa` (TTML), `rgb()`/`rgba()`; null
 * for anything else and for a fully transparent colour (nothing to show).
 */
export function parseColour(value: string | undefined): string | null {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  if (NAMED[v]) return NAMED[v];
  let m = /^#([0-9a-f]{3})$/.exec(v);
  if (m) return `#${[...m[1]!].map((c) => c + c).join('')}`;
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(v);
  if (m) return m[2] === '00' ? null : `#${m[1]}`;
  m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*(\d+(?:\.\d+)?)\s*)?\)$/.exec(v);
  if (m) return Number(m[4] ?? 1) === 0 ? null : `#${hex2(+m[1]!)}${hex2(+m[2]!)}${hex2(+m[3]!)}`;
  return null;
}

/** ASS's `&HBBGGRR&` (or `&HAABBGGRR&`) as `#rrggbb`; null when it is none */
export function colourOfAss(value: string): string | null {
  const m = /^&?H?([0-9a-f]{2})?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})&?$/i.exec(value.trim());
  return m ? `#${m[4]}${m[3]}${m[2]}`.toLowerCase() : null;
}

/** `#rrggbb` as ASS's `&HBBGGRR&` */
export function assOfColour(hex: string): string {
  return `&H${hex.slice(5, 7)}${hex.slice(3, 5)}${hex.slice(1, 3)}&`.toUpperCase();
}
