/**
 * Phrase banks of the quality corpus: sentence templates per language and kind of programme, with
 * slots for names, places, things and numbers. The generator writes the corpus's source lines
 * from them; the simulated engine writes its "translations" from the target language's bank, so
 * language checks and phrase segmentation meet real sentences.
 *
 * Templates write numbers only through number slots, and nothing else in a bank is a numeral
 * (no "one", "两", "十分"): a translation that lost a number must not find it again by chance in
 * the words around it.
 */
export type Kind = 'dialogue' | 'documentary' | 'fast';
export type BankLanguage = 'en' | 'zh' | 'ja';

export interface Bank {
  lang: BankLanguage;
  /** words for the named slots: {name}, {place}, {thing}, {time}, {animal}, {region}, {feature} */
  slots: Record<string, readonly string[]>;
  templates: Record<Kind, readonly string[]>;
}

/** Number slots: {n} 2–12, {num} 13–95, {big} 1,200–98,000, {year}, {pct} 3–97, {clock} 7:30. */
const NUMBER_SLOTS = new Set(['n', 'num', 'big', 'year', 'pct', 'clock']);

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;
const between = (lo: number, hi: number, random: () => number) => lo + Math.floor(random() * (hi - lo + 1));

function numberFor(slot: string, lang: BankLanguage, random: () => number): string {
  switch (slot) {
    case 'n':
      return String(between(2, 12, random));
    case 'num':
      return String(between(13, 95, random));
    case 'big': {
      const v = between(12, 980, random) * 100;
      // English and Japanese write thousands with a comma, Chinese usually without
      return lang === 'zh' ? String(v) : v.toLocaleString('en-US');
    }
    case 'year':
      return String(between(1890, 2023, random));
    case 'pct':
      return String(between(3, 97, random));
    default:
      return `${between(5, 11, random)}:${pick(['00', '15', '30', '45'], random)}`;
  }
}

/** Whether a template writes a number. */
export const hasNumberSlot = (template: string) =>
  [...template.matchAll(/\{(\w+)\}/g)].some((m) => NUMBER_SLOTS.has(m[1]!));

/** A template with its slots filled from the bank. */
export function instantiate(template: string, bank: Bank, random: () => number): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    if (NUMBER_SLOTS.has(slot)) return numberFor(slot, bank.lang, random);
    const words = bank.slots[slot];
    if (!words) throw new Error(`no slot ${slot} in the ${bank.lang} bank`);
    return pick(words, random);
  });
}

/** Every template of a bank without numbers (what the simulated engine writes around them). */
export const wordTemplates = (bank: Bank) =>
  [...bank.templates.dialogue, ...bank.templates.documentary, ...bank.templates.fast].filter(
    (t) => !hasNumberSlot(t),
  );
