import { EngineError } from './engine.js';

/** Apertium's installed translation directions, and the one that serves a source/target pair. */

/** An installed translation direction, in Apertium's codes (eng, spa, or the older en, es). */
export interface Pair {
  /** source code as Apertium writes it, variant included (oci_aran) */
  source: string;
  target: string;
  /** the codes without a variant: what our languages are matched against */
  sourceBase: string;
  targetBase: string;
  variant: boolean;
}

/** SPEC codes (ISO 639-1) → the ISO 639-3 codes Apertium names its pairs with. */
const APERTIUM_CODES: Record<string, string[]> = {
  af: ['afr'],
  an: ['arg'],
  ar: ['ara'],
  ast: ['ast'],
  az: ['aze'],
  be: ['bel'],
  bg: ['bul'],
  br: ['bre'],
  bs: ['hbs', 'bos'],
  ca: ['cat'],
  cs: ['ces'],
  cy: ['cym'],
  da: ['dan'],
  de: ['deu'],
  el: ['ell'],
  en: ['eng'],
  eo: ['epo'],
  es: ['spa'],
  et: ['est'],
  eu: ['eus'],
  fi: ['fin'],
  fr: ['fra'],
  ga: ['gle'],
  gl: ['glg'],
  he: ['heb'],
  hi: ['hin'],
  hr: ['hbs', 'hrv'],
  hu: ['hun'],
  id: ['ind'],
  is: ['isl'],
  it: ['ita'],
  ja: ['jpn'],
  kk: ['kaz'],
  ko: ['kor'],
  lt: ['lit'],
  lv: ['lav'],
  mk: ['mkd'],
  ms: ['zlm', 'msa', 'zsm'],
  mt: ['mlt'],
  nb: ['nob'],
  nl: ['nld'],
  nn: ['nno'],
  no: ['nob', 'nor'],
  oc: ['oci'],
  pl: ['pol'],
  pt: ['por'],
  ro: ['ron'],
  ru: ['rus'],
  sc: ['srd'],
  sk: ['slk'],
  sl: ['slv'],
  sr: ['hbs', 'srp'],
  sv: ['swe'],
  th: ['tha'],
  tl: ['tgl'],
  tr: ['tur'],
  tt: ['tat'],
  uk: ['ukr'],
  ur: ['urd'],
  vi: ['vie'],
  zh: ['zho', 'cmn'],
};

/** The Apertium codes that stand for one of our languages: ISO 639-3 first, then the old 2-letter code. */
function apertiumCodesOf(code: string): string[] {
  const base = code.split('-')[0]!.toLowerCase();
  return [...(APERTIUM_CODES[base] ?? []), base];
}

const baseOf = (code: string) => code.split('_')[0]!.toLowerCase();

export function pairOf(source: string, target: string): Pair | null {
  const code = /^[a-z]{2,3}(?:_[A-Za-z0-9]+)?$/;
  if (!code.test(source) || !code.test(target)) return null;
  const variant = source.includes('_') || target.includes('_');
  return { source, target, sourceBase: baseOf(source), targetBase: baseOf(target), variant };
}

/** Directions from `apertium -l` ("  eng-spa" per line); debug modes (eng-spa-tagger) are left out. */
export function pairsOfModeList(output: string): Pair[] {
  return output
    .split('\n')
    .map((l) => l.trim())
    .flatMap((mode) => {
      const m = /^([^-\s]+)-([^-\s]+)$/.exec(mode);
      const pair = m ? pairOf(m[1]!, m[2]!) : null;
      return pair ? [pair] : [];
    });
}

export const nameOf = (p: Pair) => `${p.source}-${p.target}`;

/** Prefers the plain direction (spa-eng) to a variant (spa-eng_US). */
function bestOf(pairs: Pair[]): Pair | undefined {
  return pairs.find((p) => !p.variant) ?? pairs[0];
}

/** The installed pair for our source/target codes ('auto': the only source installed into the target). */
export function choosePair(pairs: Pair[], source: string, target: string): Pair {
  const installed = pairs.length ? pairs.map(nameOf).join(', ') : 'none';
  const targets = apertiumCodesOf(target);
  const into = pairs.filter((p) => targets.includes(p.targetBase));
  if (source === 'auto') {
    const sources = [...new Set(into.map((p) => p.sourceBase))];
    if (sources.length !== 1) {
      throw new EngineError(
        'api',
        `Apertium cannot detect the source language: choose the source language (pairs into ${target}: ${
          into.length ? into.map(nameOf).join(', ') : 'none'
        }; installed: ${installed})`,
      );
    }
    return bestOf(into.filter((p) => p.sourceBase === sources[0]))!;
  }
  const sourcesOk = apertiumCodesOf(source);
  // the preferred code (ISO 639-3) wins over the old 2-letter one when both are installed
  for (const s of sourcesOk) {
    const pair = bestOf(into.filter((p) => p.sourceBase === s));
    if (pair) return pair;
  }
  throw new EngineError(
    'api',
    `Apertium has no ${source}→${target} pair installed (installed: ${installed})`,
  );
}
