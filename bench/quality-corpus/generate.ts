/**
 * Writes the quality bench's corpus (bench/quality-corpus/*.srt) from the phrase banks: seeded,
 * so a run writes the same files byte for byte. `npx tsx bench/quality-corpus/generate.ts`.
 *
 * Each file is one kind of programme: dialogue (cues of 1.2–6 s), documentary (2.5–7 s, long
 * sentences, many numbers) or fast speech (0.9–2 s, short exclamations, often two to a cue). Some
 * sentences run over two cues without closing punctuation; some cues are in italics (whole or one
 * word) or placed at the top ({\an8}); cues longer than a line are broken in two as subtitlers do.
 * Every cue's text is unique across the corpus (the simulated engine knows a line by its text).
 * Durations stay within the norms' 5/6 s to 7 s, so a cue's timing breaks no norm by itself.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jaModel, Parser, zhHansModel } from 'budoux';
import { measure, serialise, type Cue } from '@subtrans/subtitles';
import { hash32, seededRandom } from '../support.js';
import { instantiate, type Bank, type BankLanguage, type Kind } from './bank.js';
import { EN } from './bank-en.js';
import { JA } from './bank-ja.js';
import { ZH } from './bank-zh.js';
import { CORPUS, bankLanguageOf, type CorpusFile } from './files.js';

export const BANKS: Record<BankLanguage, Bank> = { en: EN, zh: ZH, ja: JA };

/** characters per line of the source as its subtitlers break it (their norms' cpl) */
const CPL: Record<BankLanguage, number> = { en: 42, zh: 16, ja: 13 };
/** how fast the source is spoken, characters a second, by kind */
const RATE: Record<BankLanguage, Record<Kind, number>> = {
  en: { dialogue: 14, documentary: 12, fast: 20 },
  zh: { dialogue: 5, documentary: 4.5, fast: 7 },
  ja: { dialogue: 6, documentary: 5, fast: 8 },
};
const DURATION: Record<Kind, [number, number]> = {
  dialogue: [1200, 6000],
  documentary: [2500, 7000],
  fast: [900, 2000],
};
const GAP: Record<Kind, [number, number]> = {
  dialogue: [200, 2500],
  documentary: [300, 3000],
  fast: [80, 600],
};
/** share of draws that are a sentence over two cues, and two sentences in one cue */
const SPAN: Record<Kind, number> = { dialogue: 0.2, documentary: 0.45, fast: 0.08 };
const DOUBLE: Record<Kind, number> = { dialogue: 0.2, documentary: 0.08, fast: 0.55 };

type Random = () => number;
const sentence = (bank: Bank, kind: Kind, random: Random) =>
  instantiate(bank.templates[kind][Math.floor(random() * bank.templates[kind].length)]!, bank, random);

const PHRASES = { zh: new Parser(zhHansModel), ja: new Parser(jaModel) };

/**
 * Where a text may be cut in two (before character i): at a space in English (the space dropped),
 * at a phrase boundary (BudouX) in Chinese and Japanese, never before punctuation; a cut after a
 * clause mark is preferred.
 */
function cutsOf(text: string, lang: BankLanguage): { at: number; clause: boolean }[] {
  const chars = [...text];
  const ok = new Set<number>();
  if (lang === 'en') chars.forEach((ch, i) => ch === ' ' && ok.add(i));
  else {
    let at = 0;
    for (const phrase of PHRASES[lang].parse(text)) ok.add((at += [...phrase].length));
  }
  return [...ok]
    .filter((i) => i >= 2 && i <= chars.length - 2 && !/\p{P}/u.test(chars[i]!))
    .map((at) => ({ at, clause: /[,，、]/.test(chars[at - 1]!) }));
}

/** The two halves of `text` cut near its middle, or null. */
function halves(text: string, lang: BankLanguage): [string, string] | null {
  const chars = [...text];
  const cuts = cutsOf(text, lang);
  if (!cuts.length) return null;
  const score = (c: { at: number; clause: boolean }) =>
    Math.abs(c.at - chars.length / 2) - (c.clause ? chars.length / 6 : 0);
  const best = cuts.reduce((a, b) => (score(b) < score(a) ? b : a));
  return [chars.slice(0, best.at).join(''), chars.slice(lang === 'en' ? best.at + 1 : best.at).join('')];
}

/** A sentence over two cues: the first without closing punctuation (its clause mark dropped). */
function spanOf(text: string, lang: BankLanguage): [string, string] | null {
  const cut = halves(text, lang);
  if (!cut) return null;
  return [cut[0].replace(/[,，、]$/u, ''), cut[1]];
}

/** A cue's text as subtitlers break it: two lines when longer than a line, near the middle. */
function broken(text: string, lang: BankLanguage, sentences: string[]): string {
  if (measure(text, lang === 'zh' ? 'zh-CN' : lang) <= CPL[lang]) return text;
  if (sentences.length === 2) return sentences.join('\n');
  return halves(text, lang)?.join('\n') ?? text;
}

/** Italics (whole cue, or one word in English) and top placement, as real files have them. */
function withMarkup(text: string, lang: BankLanguage, kind: Kind, random: Random): string {
  const r = random();
  const whole = kind === 'documentary' ? 0.1 : 0.07;
  if (r < whole) return `<i>${text}</i>`;
  if (r < whole + 0.025 && lang === 'en') {
    const words = [...text.matchAll(/\b[a-z]{4,}\b/g)];
    if (words.length) {
      const w = words[Math.floor(random() * words.length)]!;
      return `${text.slice(0, w.index)}<i>${w[0]}</i>${text.slice(w.index + w[0].length)}`;
    }
  }
  if (r > 0.99) return `{\\an8}${text}`;
  return text;
}

/** The texts of the next one or two cues. */
function draw(lang: BankLanguage, kind: Kind, random: Random): { texts: string[]; parts: string[][] } {
  const bank = BANKS[lang];
  const r = random();
  const room = CPL[lang] * 2 - (lang === 'en' ? 4 : 1);
  if (r < SPAN[kind]) {
    const s = sentence(bank, kind, random);
    const cut = spanOf(s, lang);
    if (cut && [...s].length >= (lang === 'en' ? 24 : 10)) return { texts: cut, parts: [[cut[0]], [cut[1]]] };
  }
  if (r < SPAN[kind] + DOUBLE[kind]) {
    const a = sentence(bank, kind, random);
    const b = sentence(bank, kind, random);
    const joined = lang === 'en' ? `${a} ${b}` : `${a}${b}`;
    const norm = lang === 'zh' ? 'zh-CN' : lang;
    if (measure(a, norm) <= CPL[lang] && measure(b, norm) <= CPL[lang] && measure(joined, norm) <= room)
      return { texts: [joined], parts: [[a, b]] };
  }
  return { texts: [sentence(bank, kind, random)], parts: [[]] };
}

export function generateFile(spec: CorpusFile, seen: Set<string>): Cue[] {
  const lang = bankLanguageOf(spec.source);
  const random = seededRandom(hash32(spec.file));
  const between = ([lo, hi]: [number, number]) => lo + Math.floor(random() * (hi - lo + 1));
  const cues: Cue[] = [];
  let at = between([1000, 5000]);
  while (cues.length < spec.cues) {
    const { texts, parts } = draw(lang, spec.kind, random);
    const finals = texts.map((t, i) => {
      const text = broken(t, lang, parts[i]!);
      return texts.length === 1 ? withMarkup(text, lang, spec.kind, random) : text;
    });
    if (finals.some((t) => seen.has(t)) || cues.length + finals.length > spec.cues) continue;
    for (const text of finals) {
      seen.add(text);
      const natural = (measure(text, spec.source) / RATE[lang][spec.kind]) * 1000;
      const [lo, hi] = DURATION[spec.kind];
      const duration = Math.round(Math.min(hi, Math.max(lo, natural * (0.9 + random() * 0.4))));
      cues.push({ index: cues.length + 1, startMs: at, endMs: at + duration, text });
      at += duration + between(GAP[spec.kind]);
    }
  }
  return cues;
}

/** Every file of the corpus, in CORPUS order (uniqueness is kept across files). */
export function generateCorpus(): { spec: CorpusFile; cues: Cue[] }[] {
  const seen = new Set<string>();
  return CORPUS.map((spec) => ({ spec, cues: generateFile(spec, seen) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  for (const { spec, cues } of generateCorpus()) {
    writeFileSync(path.join(dir, spec.file), serialise(cues, 'srt', { eol: '\n' }));
    console.error(`${spec.file}: ${cues.length} cues`);
  }
}
