/**
 * Encoding detection on bench/encoding-corpus: each file read by decodeSubtitleBytes with no
 * encoding given, as an upload is. Read right when the text is the one the file was made from (its
 * SHA-256 in the manifest): an equivalent encoding (GBK for GB18030 text, ISO-8859-1 for
 * Windows-1252 text without its extra characters) reads the same text and counts as right.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { decodeSubtitleBytes } from '@subtrans/subtitles';
import { trigramLanguage } from '@subtrans/subtitles/trigram';

/** as the server reads an upload: the trigram model decides between Latin code pages */
const AS_UPLOADED = { languageOf: trigramLanguage };
import { FILES_DIR, MANIFEST, sha256, type CorpusFile } from './encoding-corpus/generate.js';
import type { Figure } from './ledger.js';

const GOAL = 0.99;

interface Reading extends CorpusFile {
  read: string;
  right: boolean;
}

/** the first place the reading differs from the text the file holds, for the report */
function firstDifference(file: CorpusFile, text: string): string {
  const bytes = readFileSync(path.join(FILES_DIR, file.file));
  const name = { big5: 'big5hkscs', shift_jis: 'shiftjis' }[file.encoding] ?? file.encoding;
  const truth = iconv.decode(bytes, name);
  let i = 0;
  while (i < truth.length && truth[i] === text[i]) i += 1;
  return `${JSON.stringify(truth.slice(i, i + 12))} read as ${JSON.stringify(text.slice(i, i + 12))}`;
}

export function benchEncodings(): Figure[] {
  const { files } = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { files: CorpusFile[] };
  const readings: Reading[] = files.map((f) => {
    const decoded = decodeSubtitleBytes(
      new Uint8Array(readFileSync(path.join(FILES_DIR, f.file))),
      undefined,
      AS_UPLOADED,
    );
    return { ...f, read: decoded.encoding, right: sha256(decoded.text) === f.sha256 };
  });
  const kinds = new Map<string, Reading[]>();
  for (const r of readings) {
    const kind = `${r.encoding}${r.encoding.startsWith('utf') ? (r.bom ? ' BOM' : ' no BOM') : ''}`;
    kinds.set(kind, [...(kinds.get(kind) ?? []), r]);
  }
  const pct = (rs: Reading[]) => Number(((100 * rs.filter((r) => r.right).length) / rs.length).toFixed(1));
  console.log(`\nEncoding detection: ${readings.length} SRT files of bench/encoding-corpus`);
  console.table(
    [...kinds].map(([kind, rs]) => ({
      encoding: kind,
      files: rs.length,
      'read right %': pct(rs),
      'read as (when wrong)': [...new Set(rs.filter((r) => !r.right).map((r) => r.read))].join(', '),
    })),
  );
  const wrong = readings.filter((r) => !r.right);
  for (const r of wrong) {
    const text = decodeSubtitleBytes(
      new Uint8Array(readFileSync(path.join(FILES_DIR, r.file))),
      undefined,
      AS_UPLOADED,
    ).text;
    console.warn(`misread: ${r.file} (${r.cues} cues) as ${r.read}: ${firstDifference(r, text)}`);
  }
  const utf8Wrong = wrong.filter((r) => r.encoding === 'utf-8').length;
  const figures: Figure[] = [
    {
      name: `encoding read right, ${readings.length} files of ${kinds.size} kinds`,
      value: pct(readings),
      unit: '%',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: `>= ${GOAL * 100} %`,
    },
    {
      name: 'UTF-8 files misread',
      value: utf8Wrong,
      unit: 'files',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: '0',
    },
  ];
  for (const [kind, rs] of kinds) {
    figures.push({
      name: `encoding read right: ${kind} (${rs.length} files)`,
      value: pct(rs),
      unit: '%',
      baseline: null,
      baselineValue: null,
      ratio: null,
    });
  }
  return figures;
}
