/**
 * The simulated engine's rules, pure and seeded: the engine process (bench/quality-engine.ts)
 * answers with them and the quality bench (bench/quality.ts) reads the same rules as its ground
 * truth, which lines got which fault. A line is known by its source text (unique in the corpus).
 *
 * - Length: without a budget in the request 60 % of lines come back 1.4× their budget, the rest
 *   within it (75–100 % of it); with a budget half of those 60 % come back within it. Asked to
 *   condense, an item comes back within its "max" with 80 % probability on each call, else at
 *   1.15× it.
 * - Faults, per line and independent of the length and of each other: 5 % of lines in the source
 *   language (the source text itself, kept so when asked to condense), 5 % of lines for a Chinese
 *   target in the other script (OpenCC), 3 % of all lines lose a number (drawn among lines with a
 *   number) and 3 % lose their markup (among lines with markup).
 * - Otherwise a "translation" is text of the target language's phrase bank of the chosen length
 *   around the source's numbers, with the source's markup and line count and its closing
 *   punctuation (none when the sentence runs on into the next cue).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Converter } from 'opencc-js';
import { budget, measure, normsFor, parseSrt, plainText, visibleText, type Cue } from '@subtrans/subtitles';
import { instantiate, wordTemplates, type BankLanguage } from './quality-corpus/bank.js';
import { EN } from './quality-corpus/bank-en.js';
import { JA } from './quality-corpus/bank-ja.js';
import { ZH } from './quality-corpus/bank-zh.js';
import { CORPUS, bankLanguageOf, type CorpusFile } from './quality-corpus/files.js';
import { chance, hash32, ROOT, seededRandom } from './support.js';

export const RULES = {
  latencyMs: 300,
  over: 0.6,
  overFactor: 1.4,
  heedBudget: 0.5,
  condenseFits: 0.8,
  condenseMissFactor: 1.15,
  sourceLanguage: 0.05,
  wrongScript: 0.05,
  numberLost: 0.03,
  markupLost: 0.03,
} as const;

export const FAULTS = ['source-language', 'wrong-script', 'numbers-missing', 'markup-lost'] as const;
export type Fault = (typeof FAULTS)[number];

export interface CorpusEntry {
  spec: CorpusFile;
  cues: Cue[];
}

export function loadCorpus(): CorpusEntry[] {
  const dir = path.join(ROOT, 'bench/quality-corpus');
  return CORPUS.map((spec) => ({ spec, cues: parseSrt(readFileSync(path.join(dir, spec.file), 'utf8')) }));
}

const NUMBER = /\d+(?:[.,:]\d+)*/g;
export const hasNumber = (text: string) => /\d/.test(plainText(text));
export const hasMarkup = (text: string) => /<[^>]+>|\{\\[^}]*\}/.test(text);

/** What the engine needs to know of the corpus: each line's duration, the fault rates per eligible line. */
export interface Sim {
  durations: Map<string, number>;
  /** of the lines with a number (markup), the share that loses it: 3 % of all lines */
  numberRate: number;
  markupRate: number;
}

export function simOf(corpus: readonly CorpusEntry[]): Sim {
  const cues = corpus.flatMap((f) => f.cues);
  const share = (test: (t: string) => boolean) => cues.filter((c) => test(c.text)).length / cues.length;
  return {
    durations: new Map(cues.map((c) => [c.text, c.endMs - c.startMs])),
    numberRate: Math.min(1, RULES.numberLost / share(hasNumber)),
    markupRate: Math.min(1, RULES.markupLost / share(hasMarkup)),
  };
}

const isChinese = (target: string) => target.startsWith('zh');

/** The faults planted in a line (the same whichever pipeline asks). */
export function plantedFaults(source: string, target: string, sim: Sim): Fault[] {
  const roll = (what: string) => chance(source, target, 'fault', what);
  const out: Fault[] = [];
  if (roll('source') < RULES.sourceLanguage) out.push('source-language');
  if (isChinese(target) && roll('script') < RULES.wrongScript) out.push('wrong-script');
  if (hasNumber(source) && roll('number') < sim.numberRate) out.push('numbers-missing');
  if (hasMarkup(source) && roll('markup') < sim.markupRate) out.push('markup-lost');
  return out;
}

/** A line's budget for its target (the default norms, as a task of a user without overrides). */
export function budgetOf(source: string, target: string, sim: Sim): number {
  const ms = sim.durations.get(source);
  if (ms === undefined) throw new Error(`not a line of the corpus: ${source}`);
  return budget(ms, normsFor(target));
}

/** How long a text should be: at most `n` (within a budget) or at least `n` (over it). */
export type Size = { atMost: number } | { atLeast: number };

const within = (source: string, target: string, salt: string, max: number): Size => ({
  atMost: Math.floor(max * (0.75 + 0.25 * chance(source, target, 'fit', salt)) * 2) / 2,
});

/** The size of a line's first translation. */
export function translationSize(source: string, target: string, sim: Sim, budgetSent: boolean): Size {
  const b = budgetOf(source, target, sim);
  let over = chance(source, target, 'over') < RULES.over;
  if (over && budgetSent && chance(source, target, 'heed') < RULES.heedBudget) over = false;
  return over ? { atLeast: Math.ceil(b * RULES.overFactor) } : within(source, target, 'first', b);
}

/** The size of the `attempt`-th (1-based) shorter rendering asked of a line. */
export function condensedSize(source: string, target: string, max: number, attempt: number): Size {
  return chance(source, target, 'condense', attempt) < RULES.condenseFits
    ? within(source, target, `condense ${attempt}`, max)
    : { atLeast: Math.ceil(max * RULES.condenseMissFactor) };
}

const BANKS = { en: EN, zh: ZH, ja: JA };
const toTraditional = Converter({ from: 'cn', to: 'hk' });
const toTaiwan = Converter({ from: 'cn', to: 'tw' });
const toSimplified = Converter({ from: 'hk', to: 'cn' });

/** Pieces of target-language text (words, or characters for Chinese and Japanese), seeded per line. */
function* pieces(source: string, target: string): Generator<string> {
  const lang = bankLanguageOf(target);
  const bank = BANKS[lang];
  const templates = wordTemplates(bank);
  const random = seededRandom(hash32(`${source}\u0000${target}`));
  for (let n = 0; ; n += 1) {
    const s = instantiate(templates[Math.floor(random() * templates.length)]!, bank, random);
    if (lang === 'en') yield* s.split(' ');
    else yield* [...(n > 0 ? (lang === 'zh' ? '，' : '、') : ''), ...s.replace(/[。！？]$/u, '')];
  }
}

const TRAILING = /[\s,，、。.!?！？;:]+$/u;

/** Filler of the target language: at most (or at least) `size` in the target's counting. */
function filler(source: string, target: string, size: number, atLeast: boolean): string {
  const lang = bankLanguageOf(target);
  const sep = lang === 'en' ? ' ' : '';
  const out: string[] = [];
  const text = () => out.join(sep).replace(TRAILING, '');
  for (const piece of pieces(source, target)) {
    const next = [...out, piece].join(sep).replace(TRAILING, '');
    const fits = measure(next, target) <= size;
    if (!atLeast && !fits) break;
    out.push(piece);
    if (atLeast && measure(text(), target) >= size) break;
    if (out.length > 400) break;
  }
  return text();
}

/** The source's shape that a translation keeps. */
function shapeOf(source: string) {
  const an8 = /^\{\\an8\}/.test(source);
  const inner = source.replace(/^\{\\an8\}/, '');
  const whole = /^<i>[\s\S]*<\/i>$/.test(inner) && inner.split('<i>').length === 2;
  const visible = visibleText(source).trim();
  const last = visible.at(-1) ?? '';
  const ending = /[?？]/.test(last)
    ? 'question'
    : /[!！]/.test(last)
      ? 'exclaim'
      : /[.。]/.test(last)
        ? 'close'
        : 'open';
  return {
    an8,
    italic: whole ? 'whole' : /<i>/.test(inner) ? 'word' : null,
    numbers: visible.match(NUMBER) ?? [],
    lines: source.split('\n').length,
    ending,
  } as const;
}

const ENDING = {
  en: { question: '?', exclaim: '!', close: '.', open: '' },
  zh: { question: '？', exclaim: '！', close: '。', open: '' },
  ja: { question: '？', exclaim: '！', close: '。', open: '' },
} as const;

/** The number a lost-number fault drops: the first (with every other writing of its value). */
function dropped(numbers: readonly string[]): (n: string) => boolean {
  const value = (n: string) => n.split(':')[0]!.replace(/\D/g, '');
  const first = value(numbers[0] ?? '');
  return (n) => value(n) === first;
}

/** Text with the numbers set in: between words (English), between characters (Chinese, Japanese). */
function withNumbers(text: string, numbers: readonly string[], lang: BankLanguage): string {
  if (!numbers.length) return text;
  const units = lang === 'en' ? text.split(' ').filter(Boolean) : [...text];
  // Chinese and Japanese: a number starts a clause, not the middle of a word
  const places = units.flatMap((u, i) =>
    lang === 'en' || i === 0 || /[，、]/.test(units[i - 1]!) ? [i] : [],
  );
  const at = numbers.map((_, i) => {
    const ideal = ((i + 1) * units.length) / (numbers.length + 1);
    return places.reduce((a, b) => (Math.abs(b - ideal) < Math.abs(a - ideal) ? b : a), 0);
  });
  // two numbers at one place are two numbers ("12、8"), never one ("128")
  const sep = lang === 'en' ? ' ' : '、';
  const out = units.flatMap((u, i) => {
    const here = numbers.filter((_, k) => at[k] === i);
    return here.length ? [here.join(sep), u] : [u];
  });
  if (!units.length) out.push(numbers.join(sep));
  return out.join(lang === 'en' ? ' ' : '');
}

/** The text split in two lines near its middle (the engine's own break). */
function twoLines(text: string, lang: BankLanguage): string {
  const chars = [...text];
  const mid = chars.length / 2;
  let best = -1;
  for (let i = 1; i < chars.length - 1; i += 1) {
    const ok = lang === 'en' ? chars[i] === ' ' : !/[\d\p{P}]/u.test(chars[i]!) && !/\d/.test(chars[i - 1]!);
    if (ok && (best < 0 || Math.abs(i - mid) < Math.abs(best - mid))) best = i;
  }
  if (best < 0) return text;
  return `${chars.slice(0, best).join('')}\n${chars.slice(lang === 'en' ? best + 1 : best).join('')}`;
}

function withMarkup(text: string, shape: ReturnType<typeof shapeOf>, lang: BankLanguage): string {
  let out = text;
  if (shape.italic === 'whole') out = `<i>${out}</i>`;
  else if (shape.italic === 'word') {
    const m =
      lang === 'en'
        ? /\b\p{L}{3,}\b/u.exec(out)
        : /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{2}/u.exec(out);
    out = m ? `${out.slice(0, m.index)}<i>${m[0]}</i>${out.slice(m.index + m[0].length)}` : `<i>${out}</i>`;
  }
  return shape.an8 ? `{\\an8}${out}` : out;
}

/** A source text without one of its numbers, or without its markup (a source-language fault). */
function faultySource(source: string, faults: readonly Fault[]): string {
  let text = source;
  if (faults.includes('numbers-missing')) {
    const drop = dropped(visibleText(source).match(NUMBER) ?? []);
    text = text
      .replace(NUMBER, (n) => (drop(n) ? '' : n))
      .replace(/ {2,}/g, ' ')
      .replace(/ ([,.!?])/g, '$1');
  }
  if (faults.includes('markup-lost')) text = text.replace(/<[^>]+>|\{\\[^}]*\}/g, '');
  return text.trim();
}

/** The engine's text for a line of the size asked, with its planted faults. */
export function render(source: string, target: string, size: Size, faults: readonly Fault[]): string {
  if (faults.includes('source-language')) return faultySource(source, faults);
  const lang = bankLanguageOf(target);
  const shape = shapeOf(source);
  const drop = faults.includes('numbers-missing') ? dropped(shape.numbers) : () => false;
  const numbers = shape.numbers.filter((n) => !drop(n));
  const end = ENDING[lang][shape.ending];
  // numbers with a space (English) or a 、 between two of them (withNumbers), and the ending
  const fixed =
    measure(numbers.join(lang === 'en' ? '' : '、') + end, target) + (lang === 'en' ? numbers.length : 0);
  const n = 'atMost' in size ? size.atMost : size.atLeast;
  let words = filler(source, target, Math.max(0, n - fixed), 'atLeast' in size);
  // never an empty line (an engine that answers nothing is another fault)
  if (!words && !numbers.length) words = filler(source, target, lang === 'en' ? 8 : 1, true);
  let text = withNumbers(words, numbers, lang) + end;
  if (shape.lines > 1) text = twoLines(text, lang);
  if (!faults.includes('markup-lost')) text = withMarkup(text, shape, lang);
  if (target === 'zh-HK') text = toTraditional(text);
  if (faults.includes('wrong-script')) text = target === 'zh-HK' ? toSimplified(text) : toTaiwan(text);
  return text;
}
