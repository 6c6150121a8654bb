import { z } from 'zod';
import { SUBTITLE_LANGUAGES } from './languages.js';
import { INPUT_RULES } from './input.js';
import { GLOSSARY_LIMITS } from './glossary.js';

/**
 * One voice from the first minute to the last (issue 26): the film brief the engine writes before
 * translating, the series memory carried into later episodes, and the user's own instructions.
 */

export const BRIEF_LIMITS = {
  synopsisChars: 1500,
  registerChars: 300,
  characters: 100,
  terms: 500,
  nameChars: 100,
  addressChars: 200,
  /** the note for the translator (per task) */
  noteChars: 500,
  seriesPerUser: 100,
  seriesNameChars: 80,
  /** a task awaiting the review of its names and terms is cancelled (hold released) after this */
  reviewDays: 7,
} as const;

export const GENDERS = ['female', 'male', 'other', 'unknown'] as const;

export const briefCharacterSchema = z.object({
  /** as in the source */
  name: z.string().trim().min(1).max(BRIEF_LIMITS.nameChars),
  /** how the name is written in the target language ('' not decided) */
  target: z.string().trim().max(BRIEF_LIMITS.nameChars).default(''),
  gender: z.enum(GENDERS).default('unknown'),
  /** how they address others and are addressed (formality, titles), where evident */
  address: z.string().trim().max(BRIEF_LIMITS.addressChars).default(''),
});
export type BriefCharacter = z.infer<typeof briefCharacterSchema>;

export const briefTermSchema = z.object({
  source: z.string().trim().min(1).max(GLOSSARY_LIMITS.termChars),
  target: z.string().trim().max(GLOSSARY_LIMITS.termChars).default(''),
  note: z.string().trim().max(GLOSSARY_LIMITS.noteChars).default(''),
});
export type BriefTerm = z.infer<typeof briefTermSchema>;

/** What the engine read of the whole film, as the user may have corrected it. */
export const briefSchema = z.object({
  synopsis: z.string().trim().max(BRIEF_LIMITS.synopsisChars).default(''),
  /** the register: "casual dialogue between friends", "formal documentary narration" */
  register: z.string().trim().max(BRIEF_LIMITS.registerChars).default(''),
  characters: z.array(briefCharacterSchema).max(BRIEF_LIMITS.characters).default([]),
  terms: z.array(briefTermSchema).max(BRIEF_LIMITS.terms).default([]),
});
export type Brief = z.infer<typeof briefSchema>;

/** How formal the translation is: as the user asks, or as the source is. */
export const FORMALITIES = ['source', 'formal', 'informal'] as const;
export type Formality = (typeof FORMALITIES)[number];

/**
 * The task options of issue 26, as multipart fields of /task/create (strings) or JSON of the
 * /file/* calls: `glossaryIds` a comma-separated list or an array of ids.
 */
const idList = z
  .union([z.array(z.unknown()), z.string()])
  .transform((v, ctx) => {
    if (Array.isArray(v)) return v;
    const ids = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // the list as one text: a wrong piece makes the whole field wrong
    if (ids.every((id) => z.uuid().safeParse(id).success)) return ids;
    ctx.addIssue({ code: 'custom', message: 'glossaryIds: ids of your glossaries', input: v });
    return z.NEVER;
  })
  // a list's items are checked here, so a wrong one is named by its position
  .pipe(z.array(z.uuid()).max(GLOSSARY_LIMITS.perTask))
  .transform((ids) => [...new Set(ids)]);

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

const seriesField = z
  .union([z.uuid(), z.literal('')])
  .transform((v) => v || null)
  .nullable();
const noteField = z.string().trim().max(BRIEF_LIMITS.noteChars);

/** The options with their defaults: a new task without them has none (/task/create, detection). */
export const voiceFields = {
  glossaryIds: idList.default([]),
  /** a series of the caller's (its memory goes into the brief and every batch) */
  seriesId: seriesField.default(null),
  formality: z.enum(FORMALITIES).default('source'),
  translatorNote: noteField.default(''),
  /**
   * after the brief is written, wait for the user to review its names and terms (only with an
   * engine that writes a brief: engine-capabilities.ts; the server refuses it for the others)
   */
  reviewTerms: flag.default(false),
};

/**
 * The options without defaults: where a task already has them (/file/submit_execute_task after
 * the detection stored them), one not given keeps what is stored.
 */
export const voiceOptions = {
  glossaryIds: idList.optional(),
  seriesId: seriesField.optional(),
  formality: z.enum(FORMALITIES).optional(),
  translatorNote: noteField.optional(),
  reviewTerms: flag.optional(),
};

/** What a task shows of its voice (joins taskSchema). */
export const taskVoiceSchema = z.object({
  glossaryIds: z.array(z.string()),
  seriesId: z.string().nullable(),
  formality: z.enum(FORMALITIES),
  translatorNote: z.string(),
  reviewTerms: z.boolean(),
  /** the brief is written and waits for the user's review (status stays pending) */
  awaitingReview: z.boolean(),
  /** when a review left waiting cancels the task (ISO), or null */
  reviewExpiresAt: z.string().nullable(),
  /** whether a brief has been written */
  hasBrief: z.boolean(),
  /** engine calls the task took so far (brief, batches, condensing, asking again) */
  engineCalls: z.number().int(),
  /** of engineCalls, those that wrote the brief */
  briefCalls: z.number().int(),
});
export type TaskVoice = z.infer<typeof taskVoiceSchema>;

/** A task without any of issue 26's options (and tasks made before them). */
export const DEFAULT_TASK_VOICE: TaskVoice = {
  glossaryIds: [],
  seriesId: null,
  formality: 'source',
  translatorNote: '',
  reviewTerms: false,
  awaitingReview: false,
  reviewExpiresAt: null,
  hasBrief: false,
  engineCalls: 0,
  briefCalls: 0,
};

/** /task/brief: the task's brief, or null before it is written */
export const taskBriefSchema = z.object({ taskId: z.string(), brief: briefSchema.nullable() });
export type TaskBrief = z.infer<typeof taskBriefSchema>;

/** /task/save_brief: edits the brief (lines already translated change only by /task/reapply). */
export const saveBriefBody = z.object({ id: z.uuid(), brief: briefSchema });

/**
 * /task/continue: a task awaiting the review of its names and terms goes on translating, with the
 * brief as sent (when given) saved first.
 */
export const continueTaskBody = z.object({ id: z.uuid(), brief: briefSchema.optional() });

/**
 * /task/reapply: after a glossary or the brief changed, the lines whose source holds a changed
 * term are translated again (spent like re-translation in the editor). Answers like
 * /task/retranslate, with the lines it took.
 */
export const reapplyBody = z.object({ id: z.uuid() });

/** A series: episodes (tasks) of one language pair sharing a memory of names and terms. */
export const seriesMemorySchema = z.object({
  characters: z.array(briefCharacterSchema).max(BRIEF_LIMITS.characters).default([]),
  terms: z.array(briefTermSchema).max(BRIEF_LIMITS.terms).default([]),
});
export type SeriesMemory = z.infer<typeof seriesMemorySchema>;

export const seriesSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  taskCount: z.number().int(),
  updatedAt: z.string(),
});
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;

export const seriesSchema = seriesSummarySchema.extend({
  memory: seriesMemorySchema,
  /** its episodes, oldest first */
  tasks: z.array(z.object({ id: z.string(), fileName: z.string(), submitTime: z.string() })),
});
export type Series = z.infer<typeof seriesSchema>;

export const seriesIdBody = z.object({ id: z.uuid() });

/** /series/save: creates (no id) or updates a series; `memory` replaces it when given. */
export const saveSeriesBody = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(BRIEF_LIMITS.seriesNameChars),
  sourceLanguage: z.enum(SUBTITLE_LANGUAGES).default('auto'),
  targetLanguage: z.enum(SUBTITLE_LANGUAGES).refine((l) => l !== 'auto', INPUT_RULES.targetNotAuto),
  memory: seriesMemorySchema.optional(),
});
export type SaveSeriesBody = z.input<typeof saveSeriesBody>;
