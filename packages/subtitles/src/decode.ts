import { bomOf, detectWithText, preferByLanguage, type EncodingSource } from './encoding-detect.js';
import type { SubtitleEncoding } from './encoding-names.js';

export interface DecodedSubtitles {
  text: string;
  /** the WHATWG label the bytes were read with */
  encoding: SubtitleEncoding;
  source: EncodingSource;
  /** the likely encodings, best first (the one read first): what the upload dialog's menu leads with */
  candidates: SubtitleEncoding[];
  /**
   * the encoding was guessed among Latin-script code pages without `languageOf`: read again with
   * it, the guess may change (the web loads the trigram model only then)
   */
  languageMatters?: boolean;
}

export interface DecodeOptions {
  /**
   * the language of a text among `only` (the trigram model, trigram.ts trigramLanguage): decides
   * between Latin-script code pages (encoding-detect.ts preferByLanguage)
   */
  languageOf?: (text: string, only: readonly string[]) => string;
}

/**
 * Reads a subtitle file's bytes: in `encoding` when the user chose one, else in the one
 * detectEncoding finds (BOM, UTF-16/32, UTF-8, then chardet's guess; among Latin code pages the
 * one whose reading is in a language it serves, given `languageOf`). The same function in the
 * browser's preview and on the server, so both read the same text. Never throws: every encoding
 * here maps any bytes to some text. The BOM is not part of the text, nor any NUL character.
 */
export function decodeSubtitleBytes(
  bytes: Uint8Array,
  encoding?: SubtitleEncoding,
  opts: DecodeOptions = {},
): DecodedSubtitles {
  const { guess: detected, utf8 } = detectWithText(bytes);
  const sample = bytes.subarray(0, 64 * 1024);
  const guess =
    !encoding && opts.languageOf
      ? preferByLanguage(detected, (e) => decodeAs(sample, e), opts.languageOf)
      : detected;
  let decoded: DecodedSubtitles;
  if (encoding) {
    const bom = bomOf(bytes);
    const body = bom?.encoding === encoding ? bytes.subarray(bom.length) : bytes;
    const candidates = [encoding, ...guess.candidates.filter((e) => e !== encoding)];
    // `utf8` is set only for bytes without a BOM: `body` is all of them
    const text = encoding === 'utf-8' && utf8 !== undefined ? utf8 : decodeAs(body, encoding);
    decoded = { text, encoding, source: 'chosen', candidates };
  } else {
    const { encoding: found, source, candidates } = guess;
    const text =
      found === 'utf-8' && utf8 !== undefined ? utf8 : decodeAs(bytes.subarray(guess.bomLength), found);
    decoded = { text, encoding: found, source, candidates };
    if (guess.latinChoice && !opts.languageOf) decoded.languageMatters = true;
  }
  // NUL is never text in a subtitle (a stray byte, or a wrong wide encoding), and PostgreSQL
  // cannot store it: it is dropped here, where every upload is read
  return decoded.text.includes('\u0000')
    ? { ...decoded, text: decoded.text.replaceAll('\u0000', '') }
    : decoded;
}

function decodeAs(bytes: Uint8Array, encoding: SubtitleEncoding): string {
  if (encoding === 'utf-32le' || encoding === 'utf-32be') return decodeUtf32(bytes, encoding === 'utf-32le');
  try {
    // ignoreBOM: the mark was taken off above; one left now is a character the user can see
    const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
    return encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, windows1252) : text;
  } catch {
    // a platform without this decoder (every encoding here is in the WHATWG standard)
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * Windows-1252's 0x80–0x9F (€ … œ “ ” –): Node 20's TextDecoder reads the label as ISO-8859-1 and
 * gives C1 control characters for them; browsers already map them, so this finds nothing there.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const windows1252 = (c: string) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!;

/** UTF-32, which TextDecoder lacks: a code unit that is no character reads as U+FFFD */
function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  const CHUNK = 8192;
  const points: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; i += 4) {
    const cp = view.getUint32(i, littleEndian);
    points.push(cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? 0xfffd : cp);
    if (points.length === CHUNK) parts.push(String.fromCodePoint(...points.splice(0)));
  }
  if (bytes.length % 4) points.push(0xfffd);
  parts.push(String.fromCodePoint(...points));
  return parts.join('');
}
