/**
 * Writes the voice bench's corpus (bench/voice-corpus/*.srt): seeded, so a run writes the same
 * files byte for byte (voice-sim.test.ts checks the committed ones). `npx tsx
 * bench/voice-corpus/generate.ts`.
 *
 * Lines are the quality corpus's phrase-bank sentences (bench/quality-corpus) with their {name},
 * {place} and {thing} slots filled from the film's recurring names and terms (files.ts): half the
 * cues name someone or something, either through such a slot or by addressing a character
 * ("Clara, …"), so each of a film's 12 names recurs. Every cue's text is unique in the corpus.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, serialise, type Cue } from '@subtrans/subtitles';
import { hash32, seededRandom } from '../support.js';
import { instantiate, type Bank } from '../quality-corpus/bank.js';
import { EN } from '../quality-corpus/bank-en.js';
import { JA } from '../quality-corpus/bank-ja.js';
import { ZH } from '../quality-corpus/bank-zh.js';
import { VOICE_CORPUS, type VoiceFile } from './files.js';

const BANKS = { en: EN, 'zh-CN': ZH, ja: JA } as const;
/** characters a second the lines are spoken at */
const RATE = { en: 14, 'zh-CN': 5, ja: 6 } as const;
const NAMED = /\{(name|place|thing)\}/;
/** share of cues that name someone or something, and of those, the share addressing a character */
const NAMED_SHARE = 0.5;
const ADDRESS_SHARE = 0.4;
const ADDRESS = { en: ', ', 'zh-CN': '，', ja: '、' } as const;

/** "Clara, we need to leave": a sentence said to a character. */
function addressed(name: string, sentence: string, spec: VoiceFile): string {
  if (spec.source !== 'en') return `${name}${ADDRESS[spec.source]}${sentence}`;
  const named = spec.characters.some((c) => sentence.startsWith(c));
  const lower = /^[A-Z][a-z]/.test(sentence) && !/^I\b/.test(sentence) && !named;
  return `${name}, ${lower ? sentence[0]!.toLowerCase() + sentence.slice(1) : sentence}`;
}

function templatesOf(bank: Bank): { all: string[]; named: string[] } {
  const all = [...bank.templates.dialogue, ...bank.templates.documentary, ...bank.templates.fast];
  return { all, named: all.filter((t) => NAMED.test(t)) };
}

export function generateFile(spec: VoiceFile, seen: Set<string>): Cue[] {
  const random = seededRandom(hash32(`voice ${spec.file}`));
  const base = BANKS[spec.source];
  // the film's names in place of the bank's
  const bank: Bank = {
    ...base,
    slots: { ...base.slots, name: spec.characters, place: spec.places, thing: spec.things },
  };
  const { all, named } = templatesOf(bank);
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  const cues: Cue[] = [];
  let at = 1000 + Math.floor(random() * 4000);
  for (let tries = 0; cues.length < spec.cues; tries += 1) {
    if (tries > spec.cues * 50) throw new Error(`${spec.file}: too few distinct lines`);
    const r = random();
    const text =
      r < NAMED_SHARE * ADDRESS_SHARE
        ? addressed(pick(spec.characters), instantiate(pick(all), bank, random), spec)
        : instantiate(pick(r < NAMED_SHARE ? named : all), bank, random);
    if (seen.has(text)) continue;
    seen.add(text);
    const natural = (measure(text, spec.source) / RATE[spec.source]) * 1000;
    const duration = Math.round(Math.min(6000, Math.max(1200, natural * (0.9 + random() * 0.4))));
    cues.push({ index: cues.length + 1, startMs: at, endMs: at + duration, text });
    at += duration + 200 + Math.floor(random() * 1300);
  }
  return cues;
}

/** Every file of the corpus, in VOICE_CORPUS order (uniqueness is kept across files). */
export function generateVoiceCorpus(): { spec: VoiceFile; cues: Cue[] }[] {
  const seen = new Set<string>();
  return VOICE_CORPUS.map((spec) => ({ spec, cues: generateFile(spec, seen) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  for (const { spec, cues } of generateVoiceCorpus()) {
    writeFileSync(path.join(dir, spec.file), serialise(cues, 'srt', { eol: '\n' }));
    console.error(`${spec.file}: ${cues.length} cues`);
  }
}
