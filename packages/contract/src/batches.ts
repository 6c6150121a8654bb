import { z } from 'zod';
import { SUBTITLE_LANGUAGES } from './languages.js';
import { INPUT_RULES } from './input.js';
import { createTaskFields, EXPORT_FORMATS, taskSchema } from './tasks.js';

/** Issue 39: many files into one or more languages at once, one task per file and language. */
export const BATCH_LIMITS = {
  files: 50,
  targets: 5,
  nameChars: 100,
} as const;

const target = z.enum(SUBTITLE_LANGUAGES).refine((l) => l !== 'auto', INPUT_RULES.targetNotAuto);

/**
 * /batch/create (multipart): the files (`files`, each within a task's limits), the target languages
 * (comma-separated, 1–5, each once) and the options every task of the batch takes, as /task/create.
 */
export const createBatchFields = createTaskFields.omit({ targetLanguage: true }).extend({
  targetLanguages: z
    .string()
    .transform((s) => s.split(',').map((l) => l.trim()))
    .pipe(
      z
        .array(target)
        .min(1)
        .max(BATCH_LIMITS.targets)
        .refine((ls) => new Set(ls).size === ls.length, INPUT_RULES.uniqueKey),
    ),
  /** shown as the batch's row; default: the first file's name and how many more */
  name: z.string().trim().max(BATCH_LIMITS.nameChars).optional(),
});
export type CreateBatchFields = z.input<typeof createBatchFields>;

export const batchSchema = z.object({
  id: z.string(),
  name: z.string(),
  targetLanguages: z.array(z.string()),
  createdAt: z.string(),
  /** when its last task ended; null while any runs */
  finishedAt: z.string().nullable(),
  counts: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    /** queued or translating */
    running: z.number().int(),
  }),
  /** the points its tasks hold or cost */
  estimatedPoints: z.number().int(),
  /** file by file (name order), language by language (the order asked) */
  tasks: z.array(taskSchema),
});
export type Batch = z.infer<typeof batchSchema>;

export const batchIdBody = z.object({ id: z.uuid() });

/** /batch/export: a ZIP of every completed task's file in each format asked. */
export const exportBatchBody = batchIdBody.extend({
  formats: z
    .array(z.enum(EXPORT_FORMATS))
    .min(1)
    .max(EXPORT_FORMATS.length)
    .refine((fs) => new Set(fs).size === fs.length, INPUT_RULES.uniqueKey)
    .default(['srt']),
  includeOriginal: z.boolean().default(false),
});
export type ExportBatchBody = z.input<typeof exportBatchBody>;
