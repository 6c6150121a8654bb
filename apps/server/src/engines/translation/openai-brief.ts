import {
  BRIEF_LIMITS,
  GENDERS,
  GLOSSARY_LIMITS,
  briefSchema,
  type Brief,
  type BriefCharacter,
} from '@subtrans/contract';
import { EngineError, type BriefRequest, type TranslateRequest } from './engine.js';
import { capText } from './brief-merge.js';
import { jsonValueOf } from './reply.js';

/** What a language model is asked for one part of a film's brief (issue 26). */
export const BRIEF_PROMPT = [
  "You read a part of a film's subtitles before it is translated, and write notes for its translator.",
  'The user sends JSON: {"source": language, "target": language, "part": "2 of 4", "max_synopsis": characters, "lines": [subtitle lines in order]}, and may add "known": {"characters": [...], "terms": [...]}.',
  'Answer with one JSON object and nothing else: {"synopsis": what happens in this part, in the target language, in at most "max_synopsis" characters, "register": the register and tone in a few words (such as "casual talk between friends" or "formal documentary narration"), "characters": [{"name": as written in the lines, "target": the name written in the target language, "gender": "female", "male", "other" or "unknown", "address": how they address others and are addressed (formality, titles, nicknames) where evident, else ""}], "terms": [{"source": a recurring name of a place, group or thing, or a special term, as written in the lines, "target": its translation, "note": a short reason or ""}]}.',
  'List only characters and terms that occur in these lines. Use the names and terms of "known" exactly as they are given.',
].join('\n');

/** The user message of one brief call. */
export function briefMessage(req: BriefRequest): Record<string, unknown> {
  return {
    source: req.source,
    target: req.target,
    part: `${req.part.index} of ${req.part.count}`,
    max_synopsis: req.synopsisChars,
    lines: req.lines,
    ...(req.known && (req.known.characters.length || req.known.terms.length) ? { known: req.known } : {}),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max: number) => (typeof v === 'string' ? capText(v, max) : '');
const BRIEF_KEYS = ['synopsis', 'register', 'characters', 'terms'];

/**
 * A model's brief of one part, read leniently: one key wrapped around it is unwrapped, texts are
 * cut to the limits, a gender it does not know is 'unknown', entries without a name are left out.
 * Only an answer that is no JSON object at all is refused ('format').
 */
export function briefOfReply(content: string): Brief {
  let value = jsonValueOf(content);
  if (isRecord(value)) {
    const outer = value;
    const inner = Object.values(outer);
    if (!BRIEF_KEYS.some((k) => k in outer) && inner.length === 1 && isRecord(inner[0])) value = inner[0];
  }
  if (!isRecord(value)) throw new EngineError('format', 'the brief is not a JSON object');
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isRecord) : []);
  const characters = list(value.characters)
    .map((c) => ({
      name: text(c.name, BRIEF_LIMITS.nameChars),
      target: text(c.target, BRIEF_LIMITS.nameChars),
      gender: (GENDERS as readonly string[]).includes(c.gender as string)
        ? (c.gender as BriefCharacter['gender'])
        : 'unknown',
      address: text(c.address, BRIEF_LIMITS.addressChars),
    }))
    .filter((c) => c.name);
  const terms = list(value.terms)
    .map((t) => ({
      source: text(t.source, GLOSSARY_LIMITS.termChars),
      target: text(t.target, GLOSSARY_LIMITS.termChars),
      note: text(t.note, GLOSSARY_LIMITS.noteChars),
    }))
    .filter((t) => t.source);
  return briefSchema.parse({
    synopsis: text(value.synopsis, BRIEF_LIMITS.synopsisChars),
    register: text(value.register, BRIEF_LIMITS.registerChars),
    characters: characters.slice(0, BRIEF_LIMITS.characters),
    terms: terms.slice(0, BRIEF_LIMITS.terms),
  });
}

/** How a batch's brief, the user's instructions and its terms are explained to the model. */
export const EXTRAS_PROMPT = [
  '"brief" describes the film: a synopsis, the register, and the characters of these lines (their name in the target language, gender, and how they address others and are addressed); keep names, genders and forms of address as it says.',
  '"instructions" are the user\'s: "formality" (formal, informal, or source: as formal as the source is) and a "note" for the translator; follow them.',
  '"terms" lists source terms with the translation each must get wherever it occurs ("keep": leave the term as written).',
].join('\n');

/** A batch's brief, instructions and terms as fields of the user message (none when absent). */
export function extrasMessage(req: TranslateRequest): Record<string, unknown> {
  return {
    ...(req.brief ? { brief: req.brief } : {}),
    ...(req.instructions ? { instructions: req.instructions } : {}),
    ...(req.terms?.length ? { terms: req.terms } : {}),
  };
}
