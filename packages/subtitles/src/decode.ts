export interface DecodedSubtitles {
  text: string;
  /** the WHATWG encoding label the bytes were read with: utf-8, utf-16le, utf-16be or gb18030 */
  encoding: string;
}

/**
 * Subtitle files arrive in UTF-8 (with or without a BOM), UTF-16 with a BOM, or — common for
 * Chinese subtitles — GB18030/GBK (GBK and GB2312 are subsets of GB18030). The BOM decides; without
 * one, bytes that are valid UTF-8 are UTF-8 and anything else is read as GB18030 (which maps every
 * byte sequence to some text, so this never throws). The BOM is not part of the text, nor any NUL
 * character.
 */
export function decodeSubtitleBytes(bytes: Uint8Array): DecodedSubtitles {
  const decoded = decodeBytes(bytes);
  // NUL is never text in a subtitle (a stray byte, or UTF-16 without its BOM read as UTF-8), and
  // PostgreSQL cannot store it: it is dropped here, where every upload is read
  return decoded.text.includes('\u0000')
    ? { ...decoded, text: decoded.text.replaceAll('\u0000', '') }
    : decoded;
}

function decodeBytes(bytes: Uint8Array): DecodedSubtitles {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body),
      encoding: 'utf-8',
    };
  } catch {
    return { text: new TextDecoder('gb18030').decode(body), encoding: 'gb18030' };
  }
}
