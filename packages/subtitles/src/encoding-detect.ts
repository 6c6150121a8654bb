import { analyse } from 'chardet';
import type { SubtitleEncoding } from './encoding-names.js';

/** How an encoding was decided: a byte-order mark, the detector, or the user's choice. */
export type EncodingSource = 'bom' | 'detected' | 'chosen';

export interface EncodingGuess {
  encoding: SubtitleEncoding;
  source: EncodingSource;
  /** the byte-order mark's length (0 without one): it is not part of the text */
  bomLength: number;
  /** the likely encodings, best first (`encoding` first): what a menu offers before the rest */
  candidates: SubtitleEncoding[];
  /**
   * Latin-script code pages among the candidates when the best is one of them and so is another:
   * the detector's byte statistics hardly tell Czech in Windows-1250 from French in Windows-1252
   * on a few lines, the language of each reading does (preferByLanguage)
   */
  latinChoice?: SubtitleEncoding[];
}

/**
 * The languages (tinyld's codes) each Latin-script code page is made for: a reading in a
 * language its code page does not serve is the wrong reading.
 */
export const CODE_PAGE_LANGUAGES: Partial<Record<SubtitleEncoding, readonly string[]>> = {
  'windows-1250': ['cs', 'sk', 'pl', 'hu', 'ro'],
  'iso-8859-2': ['cs', 'sk', 'pl', 'hu', 'ro'],
  'windows-1252': ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'no', 'fi', 'is'],
  'windows-1254': ['tr'],
  'windows-1257': ['lt', 'lv', 'et'],
};

/**
 * The user's file read in the first of `guess.latinChoice` whose reading is in a language its code
 * page serves (`languageOf`: the trigram model, choosing among those languages); the detector's
 * best when none is. `decode` reads the bytes in an encoding.
 */
export function preferByLanguage(
  guess: EncodingGuess,
  decode: (encoding: SubtitleEncoding) => string,
  languageOf: (text: string, only: readonly string[]) => string,
): EncodingGuess {
  const choice = guess.latinChoice;
  if (!choice) return guess;
  const all = [...new Set(choice.flatMap((e) => CODE_PAGE_LANGUAGES[e] ?? []))];
  const fits = choice.find((e) => {
    // the lines with letters beyond ASCII: where the readings differ
    const text = decode(e)
      .split('\n')
      .filter((l) => /[^\t\r -~]/.test(l))
      .join('\n')
      .slice(0, 4096);
    return (CODE_PAGE_LANGUAGES[e] ?? []).includes(languageOf(text, all));
  });
  if (!fits || fits === guess.encoding) return guess;
  return { ...guess, encoding: fits, candidates: [fits, ...guess.candidates.filter((e) => e !== fits)] };
}

/** chardet's names as WHATWG labels; ISO-8859-1 and -9 are read as their Windows supersets (as browsers do) */
const FROM_CHARDET: Readonly<Record<string, SubtitleEncoding>> = {
  'UTF-8': 'utf-8',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
  'UTF-32LE': 'utf-32le',
  'UTF-32BE': 'utf-32be',
  GB18030: 'gb18030',
  Big5: 'big5',
  Shift_JIS: 'shift_jis',
  'EUC-JP': 'euc-jp',
  'ISO-2022-JP': 'iso-2022-jp',
  'EUC-KR': 'euc-kr',
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-2': 'iso-8859-2',
  'ISO-8859-5': 'iso-8859-5',
  'ISO-8859-6': 'iso-8859-6',
  'ISO-8859-7': 'iso-8859-7',
  'ISO-8859-8': 'iso-8859-8',
  'ISO-8859-9': 'windows-1254',
  'KOI8-R': 'koi8-r',
  'windows-1250': 'windows-1250',
  'windows-1251': 'windows-1251',
  'windows-1252': 'windows-1252',
  'windows-1253': 'windows-1253',
  'windows-1254': 'windows-1254',
  'windows-1255': 'windows-1255',
  'windows-1256': 'windows-1256',
  'windows-1257': 'windows-1257',
  'windows-1258': 'windows-1258',
  'windows-874': 'windows-874',
};

/** the detector reads at most this much: on 5 MB it took 0.8 s, and timing lines tell it nothing */
const SAMPLE_BYTES = 64 * 1024;

export function bomOf(bytes: Uint8Array): { encoding: SubtitleEncoding; length: number } | null {
  const [a, b, c, d] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', length: 3 };
  // UTF-32LE's mark begins with UTF-16LE's: it is tested first
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return { encoding: 'utf-32le', length: 4 };
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return { encoding: 'utf-32be', length: 4 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/**
 * UTF-16 or UTF-32 without a mark, told by where the zero bytes fall: a subtitle's numbers, timings
 * and line ends are ASCII, so most of its code units have a zero high byte. A UTF-8 or legacy file
 * has hardly any zero bytes at all.
 */
function wideUnicode(bytes: Uint8Array): SubtitleEncoding | null {
  const n = Math.min(bytes.length, 8192) & ~3;
  if (n < 8) return null;
  const zeros = [0, 0, 0, 0];
  for (let i = 0; i < n; i += 1) if (bytes[i] === 0) zeros[i & 3]! += 1;
  const quads = n / 4;
  const [z0, z1, z2, z3] = zeros as [number, number, number, number];
  if (z3 >= quads * 0.98 && z2 >= quads * 0.9 && z0 < quads * 0.5) return 'utf-32le';
  if (z0 >= quads * 0.98 && z1 >= quads * 0.9 && z3 < quads * 0.5) return 'utf-32be';
  const pairs = n / 2;
  const even = z0 + z2;
  const odd = z1 + z3;
  if (odd >= pairs * 0.3 && even < pairs * 0.05) return 'utf-16le';
  if (even >= pairs * 0.3 && odd < pairs * 0.05) return 'utf-16be';
  return null;
}

/** the bytes read as UTF-8; null when they are not valid UTF-8 (no BOM here: it was looked for first) */
function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A candidate whose decoder finds bytes it has no character for is not the file's encoding:
 * multi-byte codes have invalid sequences, and code pages unassigned bytes (ISO-8859-8 for
 * Arabic text in Windows-1256). UTF-32 has no TextDecoder and was decided before.
 */
function decodesCleanly(bytes: Uint8Array, encoding: SubtitleEncoding): boolean {
  if (encoding === 'utf-32le' || encoding === 'utf-32be') return true;
  try {
    // streaming: a sample cut inside a character is not an error
    new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The lines that hold a byte over 0x7F, up to SAMPLE_BYTES: what tells encodings apart. Every
 * encoding here but UTF-16/32 (decided before) and ISO-2022 (7-bit) keeps 0x0A a line end.
 */
function sampleOf(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= SAMPLE_BYTES) return bytes;
  const out = new Uint8Array(SAMPLE_BYTES);
  let used = 0;
  let start = 0;
  while (start < bytes.length && used < SAMPLE_BYTES) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    let high = false;
    for (let i = start; i < end && !high; i += 1) high = bytes[i]! >= 0x80;
    if (high) {
      const line = bytes.subarray(start, Math.min(end + 1, start + SAMPLE_BYTES - used));
      out.set(line, used);
      used += line.length;
    }
    start = end + 1;
  }
  return used > 0 ? out.subarray(0, used) : bytes.subarray(0, SAMPLE_BYTES);
}

/**
 * chardet's ranking as our labels, best first, without repeats or encodings we do not read. On a
 * tie GB18030 goes first: a few CJK characters score alike in every multi-byte code, and most of
 * this product's legacy files are Chinese (GB18030 was its only guess before the detector).
 */
function ranked(sample: Uint8Array): SubtitleEncoding[] {
  const matches = analyse(sample)
    .map((m) => ({ name: FROM_CHARDET[m.name], confidence: m.confidence }))
    .filter((m): m is { name: SubtitleEncoding; confidence: number } => m.name !== undefined)
    .sort(
      (a, b) => b.confidence - a.confidence || Number(b.name === 'gb18030') - Number(a.name === 'gb18030'),
    );
  return [...new Set(matches.map((m) => m.name))];
}

/**
 * The encoding of a subtitle file: its byte-order mark; else UTF-16/32 by their zero bytes; else
 * UTF-8 when the bytes are valid UTF-8 (a UTF-8 file is never read as anything else; an
 * ISO-2022-JP file is 7-bit, so valid UTF-8 too, and is told by its escapes); else the detector's
 * best guess that decodes cleanly, GB18030 when it has none. A guess on a few characters may be
 * wrong (two kanji are valid Shift-JIS, GB18030 and Big5 alike): hence the candidates.
 */
export function detectEncoding(bytes: Uint8Array): EncodingGuess {
  return detectWithText(bytes).guess;
}

/**
 * detectEncoding, and the text when the guess is UTF-8 found by reading the bytes (no BOM): the
 * check for valid UTF-8 decoded them already, and decoding 5 MB again took longer than parsing.
 */
export function detectWithText(bytes: Uint8Array): { guess: EncodingGuess; utf8?: string } {
  const bom = bomOf(bytes);
  if (bom) {
    return {
      guess: { encoding: bom.encoding, source: 'bom', bomLength: bom.length, candidates: [bom.encoding] },
    };
  }
  const wide = wideUnicode(bytes);
  if (wide) return { guess: { encoding: wide, source: 'detected', bomLength: 0, candidates: [wide] } };
  const utf8 = utf8Text(bytes);
  if (utf8 !== null) {
    const escaped = bytes.includes(0x1b) && ranked(sampleOf(bytes))[0] === 'iso-2022-jp';
    const encoding = escaped ? 'iso-2022-jp' : 'utf-8';
    const candidates: SubtitleEncoding[] = escaped ? ['iso-2022-jp', 'utf-8'] : ['utf-8'];
    const guess: EncodingGuess = { encoding, source: 'detected', bomLength: 0, candidates };
    return escaped ? { guess } : { guess, utf8 };
  }
  const sample = sampleOf(bytes);
  const guesses = ranked(sample).filter((e) => e !== 'utf-8' && decodesCleanly(sample, e));
  const encoding = guesses[0] ?? 'gb18030';
  const candidates = [encoding, ...guesses.filter((e) => e !== encoding)].slice(0, 6);
  const latin = candidates.filter((e) => CODE_PAGE_LANGUAGES[e]);
  const latinChoice = latin[0] === encoding && latin.length > 1 ? latin : undefined;
  return {
    guess: {
      encoding,
      source: 'detected',
      bomLength: 0,
      candidates,
      ...(latinChoice ? { latinChoice } : {}),
    },
  };
}
