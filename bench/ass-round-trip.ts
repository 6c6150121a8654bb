/**
 * ASS kept whole: each file of bench/ass-corpus (styles, `\pos`, `\an8`, karaoke, drawings,
 * comments, [Fonts]/[Graphics], Aegisub's sections; CRLF and LF; with and without a BOM) written
 * again by rewriteAss with every event translated and its times unchanged. The expected output is
 * computed here on its own: the source's bytes with the Text field of each event's line (by line
 * index, the field after the Format line's count of commas) replaced, and nothing else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assEvents, rewriteAss, type AssLine } from '@subtrans/subtitles/ass-document';
import type { Figure } from './ledger.js';

const CORPUS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ass-corpus');

/** event k's translation: one line, or two on every other event (written with `\N`) */
const translation = (k: number) => (k % 2 ? `T${k}` : `T${k}a\nT${k}b`);

/** the text with each line's ending kept: [line, ending] pairs, the last ending maybe '' */
function linesOf(text: string): [string, string][] {
  const out: [string, string][] = [];
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c !== '\r' && c !== '\n') continue;
    const end = c === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
    out.push([text.slice(start, i), text.slice(i, end)]);
    start = end;
    i = end - 1;
  }
  out.push([text.slice(start), '']);
  return out;
}

/** `line` with everything after its `fields - 1`th comma past the `Dialogue:` key replaced by `text` */
function withText(line: string, fields: number, text: string): string {
  let at = line.indexOf(':') + 1;
  for (let i = 0; i < fields - 1; i += 1) at = line.indexOf(',', at) + 1;
  return line.slice(0, at) + text;
}

function expected(source: string, translated: Map<number, { fields: number; text: string }>): string {
  const bom = source.startsWith('\uFEFF') ? '\uFEFF' : '';
  return (
    bom +
    linesOf(source.slice(bom.length))
      .map(([line, eol], i) => {
        const t = translated.get(i);
        return (t ? withText(line, t.fields, t.text) : line) + eol;
      })
      .join('')
  );
}

interface RoundTrip {
  file: string;
  events: number;
  endings: string;
  bom: boolean;
  identical: boolean;
  firstDifference: string;
}

function roundTrip(file: string): RoundTrip {
  const bytes = readFileSync(path.join(CORPUS, file));
  // the BOM kept as a character: rewriteAss writes it back as it came
  const source = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const events = assEvents(source);
  const lines: AssLine[] = events.map((e, i) => ({
    id: i + 1,
    startMs: e.startMs,
    endMs: e.endMs,
    text: translation(i + 1),
  }));
  const out = Buffer.from(rewriteAss(source, lines));
  const want = Buffer.from(
    expected(
      source,
      new Map(
        events.map((e, i) => [
          e.line,
          {
            fields: e.format.length,
            text: translation(i + 1)
              .split('\n')
              .join('\\N'),
          },
        ]),
      ),
    ),
  );
  let at = 0;
  while (at < out.length && out[at] === want[at]) at += 1;
  const identical = out.length === want.length && at === out.length;
  const crlf = source.includes('\r\n');
  const lf = /(?<!\r)\n/.test(source);
  return {
    file,
    events: events.length,
    endings: crlf && lf ? 'mixed' : crlf ? 'CRLF' : 'LF',
    bom: source.startsWith('\uFEFF'),
    identical,
    firstDifference: identical
      ? ''
      : `byte ${at}: ${JSON.stringify(out.subarray(at, at + 30).toString())} instead of ` +
        JSON.stringify(want.subarray(at, at + 30).toString()),
  };
}

export function benchAssRoundTrip(): Figure[] {
  const files = readdirSync(CORPUS)
    .filter((f) => /\.(ass|ssa)$/.test(f))
    .sort();
  const results = files.map(roundTrip);
  console.log(`\nASS round trip: ${files.length} files of bench/ass-corpus, every event translated`);
  console.table(results.map(({ firstDifference: _, ...r }) => r));
  for (const r of results.filter((x) => !x.identical)) console.warn(`${r.file}: ${r.firstDifference}`);
  const same = results.filter((r) => r.identical).length;
  return [
    {
      name: `ASS files written back byte-identical outside the translated Text fields (${files.length})`,
      value: Number(((100 * same) / files.length).toFixed(1)),
      unit: '%',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: '100 %',
    },
  ];
}
