/**
 * Makes the encoding corpus: `npx tsx bench/encoding-corpus/generate.ts` (seeded: the same files
 * byte for byte). SRT files of 2–40 cues from the sentences beside this file, each encoded with
 * iconv-lite in an encoding used for its language, and manifest.json: each file's encoding, byte-
 * order mark, language, cues and the SHA-256 of its text (what the bench compares a reading with).
 * A quarter of the files have 2–5 cues: a detector has least to go on there.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { random } from '../subtitles.js';
import { JA, KO, ZH_HANS, ZH_HANT } from './sentences-east-asia.js';
import { CS, DE, EL, ES, FR, LT, PL, RU, TR } from './sentences-europe.js';
import { AR, HE } from './sentences-rtl.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FILES_DIR = path.join(HERE, 'files');
export const MANIFEST = path.join(HERE, 'manifest.json');

const SENTENCES: Record<string, string[]> = {
  'zh-Hans': ZH_HANS,
  'zh-Hant': ZH_HANT,
  ja: JA,
  ko: KO,
  pl: PL,
  cs: CS,
  ru: RU,
  fr: FR,
  de: DE,
  es: ES,
  el: EL,
  tr: TR,
  lt: LT,
  he: HE,
  ar: AR,
};
const ALL = Object.keys(SENTENCES);

/** encoding (WHATWG label, as decodeSubtitleBytes names it), with a BOM or not, languages, files */
const PLAN: { encoding: string; bom: boolean; languages: string[]; files: number }[] = [
  { encoding: 'utf-8', bom: false, languages: ALL, files: 24 },
  { encoding: 'utf-8', bom: true, languages: ALL, files: 12 },
  { encoding: 'utf-16le', bom: true, languages: ALL, files: 8 },
  { encoding: 'utf-16be', bom: true, languages: ALL, files: 6 },
  { encoding: 'utf-16le', bom: false, languages: ALL, files: 8 },
  { encoding: 'utf-16be', bom: false, languages: ALL, files: 6 },
  { encoding: 'utf-32le', bom: true, languages: ALL, files: 4 },
  { encoding: 'utf-32be', bom: true, languages: ALL, files: 4 },
  { encoding: 'gb18030', bom: false, languages: ['zh-Hans'], files: 16 },
  { encoding: 'big5', bom: false, languages: ['zh-Hant'], files: 14 },
  { encoding: 'shift_jis', bom: false, languages: ['ja'], files: 14 },
  { encoding: 'euc-jp', bom: false, languages: ['ja'], files: 10 },
  { encoding: 'euc-kr', bom: false, languages: ['ko'], files: 14 },
  { encoding: 'windows-1250', bom: false, languages: ['pl', 'cs'], files: 14 },
  { encoding: 'windows-1251', bom: false, languages: ['ru'], files: 14 },
  { encoding: 'windows-1252', bom: false, languages: ['fr', 'de', 'es'], files: 16 },
  { encoding: 'windows-1253', bom: false, languages: ['el'], files: 10 },
  { encoding: 'windows-1254', bom: false, languages: ['tr'], files: 10 },
  { encoding: 'windows-1255', bom: false, languages: ['he'], files: 10 },
  { encoding: 'windows-1256', bom: false, languages: ['ar'], files: 10 },
  { encoding: 'windows-1257', bom: false, languages: ['lt'], files: 10 },
];

/** cues per file by its place in its encoding's files: short, medium, long, longer */
const SIZES: [number, number][] = [
  [2, 5],
  [6, 12],
  [13, 25],
  [26, 40],
];

export interface CorpusFile {
  file: string;
  encoding: string;
  bom: boolean;
  language: string;
  cues: number;
  bytes: number;
  /** SHA-256 (hex) of the SRT text the file was encoded from, without the BOM */
  sha256: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const srtTime = (ms: number) =>
  `${pad(Math.floor(ms / 3_600_000), 2)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:` +
  `${pad(Math.floor(ms / 1000) % 60, 2)},${pad(ms % 1000, 3)}`;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function srt(rnd: () => number, sentences: string[], cues: number, eol: string): string {
  const pick = () => sentences[Math.floor(rnd() * sentences.length)]!;
  let t = 2000 + Math.floor(rnd() * 60_000);
  const blocks: string[] = [];
  for (let i = 1; i <= cues; i += 1) {
    const start = t + 300 + Math.floor(rnd() * 2000);
    const end = start + 1200 + Math.floor(rnd() * 3500);
    t = end;
    const lines = rnd() < 0.3 ? [pick(), pick()] : [pick()];
    blocks.push([String(i), `${srtTime(start)} --> ${srtTime(end)}`, ...lines].join(eol) + eol);
  }
  return blocks.join(eol);
}

/** iconv-lite's name for a WHATWG label; its UTF-16/32 take a BOM only when asked */
const ICONV: Record<string, string> = { big5: 'big5hkscs', shift_jis: 'shiftjis' };

/** The bytes of `text` in `encoding`; throws when a character is not in it (a sentence to change). */
export function encode(text: string, encoding: string, bom: boolean): Buffer {
  const name = ICONV[encoding] ?? encoding;
  const bytes = iconv.encode(text, name, { addBOM: bom });
  const back = iconv.decode(bytes, name);
  if (back !== text) {
    const lost = [...text].filter((c) => !iconv.decode(iconv.encode(c, name), name).startsWith(c));
    throw new Error(`${encoding} cannot hold: ${[...new Set(lost)].join(' ')}`);
  }
  // EUC-KR proper (not its Windows extension, which a detector for EUC-KR may reject)
  if (encoding === 'euc-kr' && bytes.some((b) => b >= 0x80 && b < 0xa1)) {
    throw new Error('euc-kr: a syllable outside KS X 1001');
  }
  return bytes;
}

/** The files with their manifest entries; bench/encoding-corpus.test.ts holds the committed ones to them. */
export function generate(): { entry: CorpusFile; bytes: Buffer }[] {
  const rnd = random(20_260_137);
  const corpus: { entry: CorpusFile; bytes: Buffer }[] = [];
  let n = 0;
  for (const { encoding, bom, languages, files } of PLAN) {
    for (let k = 0; k < files; k += 1) {
      n += 1;
      const language = languages[(k + n) % languages.length]!;
      const [min, max] = SIZES[k % SIZES.length]!;
      const cues = min + Math.floor(rnd() * (max - min + 1));
      const eol = rnd() < 0.6 ? '\r\n' : '\n';
      const text = srt(rnd, SENTENCES[language]!, cues, eol);
      const bytes = encode(text, encoding, bom);
      const file = `${pad(n, 3)}-${encoding}${bom ? '-bom' : ''}-${language}.srt`;
      const entry = { file, encoding, bom, language, cues, bytes: bytes.length, sha256: sha256(text) };
      corpus.push({ entry, bytes });
    }
  }
  return corpus;
}

/** manifest.json's text for `entries` */
export const manifestText = (entries: CorpusFile[]) => `${JSON.stringify({ files: entries }, null, 2)}\n`;

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  mkdirSync(FILES_DIR, { recursive: true });
  for (const f of readdirSync(FILES_DIR)) rmSync(path.join(FILES_DIR, f));
  const corpus = generate();
  for (const { entry, bytes } of corpus) writeFileSync(path.join(FILES_DIR, entry.file), bytes);
  writeFileSync(MANIFEST, manifestText(corpus.map((f) => f.entry)));
  const total = corpus.reduce((sum, f) => sum + f.bytes.length, 0);
  console.log(`${corpus.length} files, ${(total / 1e6).toFixed(2)} MB in ${FILES_DIR}`);
}
