import { plainText } from '../language.js';

/**
 * Numbers written in digits in the source that the translation lost. Equivalent writings count
 * as present: full-width digits (NFKC), thousands separators of any locale ("1,000", "1.000",
 * "1 000" read as 1000 or as a decimal), Chinese and Japanese numerals ("三", "十五", "两千",
 * "1.5万"), and the words for 0–12 in the languages that have a list here. What cannot be matched
 * cheaply is left alone, to stay quiet on clean lines: ordinals ("1st"), the minutes of a time
 * ("10:30" asks only for the 10: "half past ten"), and one-digit numbers in a target language
 * without a word list.
 */

const NUMBER = /\d+(?:[.,'\u00a0\u202f]\d+)*/g;
const ORDINAL_AFTER = /^(?:st|nd|rd|th|er|e|º|ª)(?!\p{L})/iu;

/** The values a written number may stand for (as canonical strings). */
function readings(raw: string): string[] {
  const out = new Set<string>();
  const digits = raw.replace(/\D/g, '');
  out.add(String(Number(digits)));
  // the last separator as a decimal point ("3.5", "3,5"), the others as thousands
  const m = /^(.*)[.,](\d+)$/.exec(raw);
  if (m) out.add(String(Number(`${m[1]!.replace(/\D/g, '')}.${m[2]}`)));
  return [...out];
}

const CJK_DIGIT: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  壹: 1,
  二: 2,
  贰: 2,
  貳: 2,
  两: 2,
  兩: 2,
  三: 3,
  叁: 3,
  參: 3,
  四: 4,
  肆: 4,
  五: 5,
  伍: 5,
  六: 6,
  陆: 6,
  陸: 6,
  七: 7,
  柒: 7,
  八: 8,
  捌: 8,
  九: 9,
  玖: 9,
};
const CJK_UNIT: Record<string, number> = { 十: 10, 拾: 10, 百: 100, 佰: 100, 千: 1000, 仟: 1000 };
const CJK_BIG: Record<string, number> = { 万: 1e4, 萬: 1e4, 亿: 1e8, 億: 1e8 };
const CJK_NUMERAL = new RegExp(
  `[\\d.]*[${Object.keys({ ...CJK_DIGIT, ...CJK_UNIT, ...CJK_BIG }).join('')}]+`,
  'gu',
);

/** The value of a Chinese or Japanese numeral, digits allowed before a unit ("1.5万", "3千"). */
export function cjkNumeral(text: string): number | null {
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  const lead = /^[\d.]+/.exec(text);
  if (lead) digit = Number(lead[0]);
  for (const ch of text.slice(lead ? lead[0].length : 0)) {
    if (ch in CJK_DIGIT) {
      // "二〇二四": digits one after another
      digit = digit !== null && !(ch in CJK_UNIT) ? digit * 10 + CJK_DIGIT[ch]! : CJK_DIGIT[ch]!;
    } else if (ch in CJK_UNIT) {
      section += (digit ?? 1) * CJK_UNIT[ch]!;
      digit = null;
    } else if (ch in CJK_BIG) {
      total += (section + (digit ?? 0) || 1) * CJK_BIG[ch]!;
      section = 0;
      digit = null;
    } else return null;
  }
  const value = total + section + (digit ?? 0);
  return Number.isFinite(value) ? value : null;
}

/** The words for 0–12 (and a few more) in the languages that write small numbers out. */
const WORDS: Record<string, string> = {
  en: 'zero one two three four five six seven eight nine ten eleven twelve',
  es: 'cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce',
  fr: 'zéro un deux trois quatre cinq six sept huit neuf dix onze douze',
  de: 'null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf',
  it: 'zero uno due tre quattro cinque sei sette otto nove dieci undici dodici',
  pt: 'zero um dois três quatro cinco seis sete oito nove dez onze doze',
  nl: 'nul een twee drie vier vijf zes zeven acht negen tien elf twaalf',
};
/** feminine and other forms of the same numbers */
const EXTRA: Record<string, Record<string, number>> = {
  es: { una: 1, un: 1 },
  fr: { une: 1 },
  de: { ein: 1, eine: 1, einen: 1, einem: 1, einer: 1 },
  it: { una: 1, un: 1 },
  pt: { uma: 1, duas: 2 },
  nl: { één: 1 },
};
/** the words for hundred, thousand, million: alone or after a number ("dos mil", "1,5 millones") */
const MULTIPLIERS: Record<string, Record<string, number>> = {
  en: { hundred: 100, thousand: 1e3, million: 1e6, millions: 1e6, billion: 1e9 },
  es: { cien: 100, ciento: 100, cientos: 100, mil: 1e3, millón: 1e6, millones: 1e6 },
  fr: { cent: 100, cents: 100, mille: 1e3, million: 1e6, millions: 1e6, milliard: 1e9 },
  de: { hundert: 100, tausend: 1e3, million: 1e6, millionen: 1e6, milliarde: 1e9 },
  it: { cento: 100, mille: 1e3, mila: 1e3, milione: 1e6, milioni: 1e6 },
  pt: { cem: 100, cento: 100, mil: 1e3, milhão: 1e6, milhões: 1e6 },
  nl: { honderd: 100, duizend: 1e3, miljoen: 1e6 },
};
const wordTable = (lang: string): Map<string, number> | null => {
  const base = lang.split('-')[0]!;
  const words = WORDS[base];
  if (!words) return null;
  const map = new Map<string, number>(words.split(' ').map((w, i) => [w, i]));
  for (const [w, v] of Object.entries(EXTRA[base] ?? {})) map.set(w, v);
  return map;
};

/** Languages whose small numbers are matched by their numerals (Chinese, Japanese). */
const cjkTarget = (lang: string) => lang.startsWith('zh') || lang === 'ja';

/** Every value the translation writes, by any of the means above. */
function valuesIn(text: string, targetLang: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(NUMBER)) {
    for (const r of readings(m[0])) out.add(r);
    // "1.5万", "3千": a digit before a Chinese unit
    const unit = /^[万萬亿億千仟百佰]/u.exec(text.slice(m.index + m[0].length));
    if (unit) {
      const v = cjkNumeral(m[0].replace(/,/g, '') + unit[0]);
      if (v !== null) out.add(String(v));
    }
  }
  for (const m of text.matchAll(CJK_NUMERAL)) {
    const v = cjkNumeral(m[0]);
    if (v !== null) out.add(String(v));
  }
  const words = wordTable(targetLang);
  if (words) {
    const multipliers = MULTIPLIERS[targetLang.split('-')[0]!] ?? {};
    let previous: number[] = [];
    for (const w of text.toLowerCase().match(/[\p{L}]+|\d+(?:[.,]\d+)*/gu) ?? []) {
      const small = words.get(w);
      const times = multipliers[w];
      const here: number[] = [];
      if (small !== undefined) here.push(small);
      else if (/^\d/.test(w)) here.push(...readings(w).map(Number));
      else if (times !== undefined) {
        here.push(times, ...previous.map((p) => p * times));
        for (const v of here) out.add(String(v));
      }
      if (small !== undefined) out.add(String(small));
      previous = times === undefined ? here : [];
    }
  }
  return out;
}

/** The numbers of the source the translation must show (see the module's comment). */
function requiredNumbers(source: string, targetLang: string): string[][] {
  const out: string[][] = [];
  const canWrite = cjkTarget(targetLang) || wordTable(targetLang) !== null;
  for (const m of source.matchAll(NUMBER)) {
    const before = source.slice(0, m.index);
    const after = source.slice(m.index + m[0].length);
    if (ORDINAL_AFTER.test(after)) continue;
    // the minutes of a time: "10:30"
    if (/\d:$/.test(before)) continue;
    const values = readings(m[0]);
    if (values.every((v) => Number(v) < 10) && !canWrite) continue;
    out.push(values);
  }
  return out;
}

export function numbersMissing(source: string, translation: string, targetLang: string): boolean {
  const src = plainText(source).normalize('NFKC');
  const required = requiredNumbers(src, targetLang);
  if (!required.length) return false;
  const found = valuesIn(plainText(translation).normalize('NFKC'), targetLang);
  return required.some((values) => !values.some((v) => found.has(v)));
}
