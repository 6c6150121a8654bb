import { z } from 'zod';
import { SUBTITLE_ENCODINGS } from '@subtrans/subtitles/encoding-names';
import { SUBTITLE_INPUT_FORMATS } from '@subtrans/subtitles/extensions';
import { SUBTITLE_LANGUAGES } from './languages.js';
import { batchSizeField, TRANSLATION_ENGINES } from './translation.js';
import { INPUT_RULES } from './input.js';
import { LIMITS } from './constants.js';
import { keepEngineBreaksField, reviewFlagsSchema } from './quality.js';
import { taskVoiceSchema, voiceFields } from './brief.js';
import { partRequestField, taskPartialSchema } from './parts.js';

/** Which rule set a task's price (the subtitles package's taskPrice decides). */
export const COST_RULES = ['minimum', 'duration', 'text', 'cues'] as const;
export type CostRule = (typeof COST_RULES)[number];

export const TASK_STATUSES = ['pending', 'processing', 'translating', 'completed', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The multipart fields of /task/create besides the `file` (SPEC §3 upload form). */
export const createTaskFields = z.object({
  originalLanguage: z.enum(SUBTITLE_LANGUAGES).default('auto'),
  targetLanguage: z.enum(SUBTITLE_LANGUAGES).refine((l) => l !== 'auto', INPUT_RULES.targetNotAuto),
  translationService: z.enum(TRANSLATION_ENGINES).default('deepseek'),
  includeOriginalText: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(false),
  /** keep the engine's line breaks (default: each line laid out for the target language) */
  keepEngineBreaks: keepEngineBreaksField,
  /** the file's text encoding as the user chose it (WHATWG label); absent: detected (issue 37) */
  encoding: z.enum(SUBTITLE_ENCODINGS).optional(),
  /**
   * MicroDVD (`.sub`) counts frames: the video's frame rate turns them into times (issue 37);
   * absent: the file's own `{1}{1}fps` line, else 23.976. Other formats ignore it.
   */
  frameRate: z.coerce.number().min(1).max(240).optional(),
  // issue 26: glossaries, series, formality, a note for the translator, review names and terms first
  ...voiceFields,
});

export const taskIdBody = z.object({ id: z.uuid() });

/**
 * /task/start: the task, the batch size the browser asks for (SPEC §9, clamped by the server), and
 * optionally `part`: translate what the balance covers (issue 34)
 */
export const startTaskBody = taskIdBody.extend({ batchSize: batchSizeField, part: partRequestField });

/** /task/translate_rest: a partly translated task's remaining lines (all, or with `part` what the balance covers) */
export const translateRestBody = startTaskBody;

/** SPEC §3 Task, as the server keeps it (list items carry no segments). */
export const taskSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  originalLanguage: z.string(),
  detectedLanguage: z.string().nullable(),
  targetLanguage: z.string(),
  translationService: z.string(),
  includeOriginalText: z.boolean(),
  status: z.enum(TASK_STATUSES),
  translationProgress: z.number(),
  segmentCount: z.number().int(),
  /** ms */
  duration: z.number(),
  estimatedPoints: z.number().int(),
  /**
   * why it costs estimatedPoints: the 10-point minimum, its duration, its text or its count of
   * cues. SRT tasks only; null for audio/video (always by duration, at least 10) and for an SRT
   * task priced before the rule existed, until it is started (the start prices it again)
   */
  costRule: z.enum(COST_RULES).nullable(),
  keptOriginal: z.number().int(),
  pointsError: z.string().nullable(),
  uploadError: z.string().nullable(),
  error: z.string().nullable(),
  submitTime: z.string(),
  translationStartTime: z.string().nullable(),
  translationEndTime: z.string().nullable(),
  /** ms between start and end */
  translationDuration: z.number().nullable(),
  /** goes up with every saved edit: an edit based on an older version is refused */
  version: z.number().int(),
  /** made from a subtitle file, or from audio/video (transcribed) */
  kind: z.enum(['srt', 'media']),
  /**
   * the subtitle file's format (issue 37); null for audio/video and for tasks made before formats
   * were told apart (SRT then)
   */
  sourceFormat: z.enum(SUBTITLE_INPUT_FORMATS).nullable(),
  /** issue 39: the batch it was uploaded in (many files, many languages at once); null: alone */
  batchId: z.string().nullable(),
  /**
   * 1 audio, 2 video (SPEC §9): an audio/video task's, or (issue 38) those given to a subtitle-file
   * task afterwards; null for a subtitle file without
   */
  mediaType: z.union([z.literal(1), z.literal(2)]).nullable(),
  /** the uploaded audio/video's size in bytes (an audio/video task's, or one given afterwards) */
  mediaSize: z.number().int().nullable(),
  /** audio/video only: SPEC §4 detection status (1–5), null for SRT tasks */
  detectStatus: z.number().int().nullable(),
  /** audio/video only: SPEC §4 execute status (0–5), null until executed */
  executeStatus: z.number().int().nullable(),
  /** why the task failed, as a key of the error table (worded in each language), when known */
  errorKey: z.string().nullable(),
  /**
   * audio/video not executed yet: when its file is deleted (ISO), unless its execution starts
   * before; null otherwise
   */
  mediaExpiresAt: z.string().nullable(),
  /** translated lines are kept with the engine's own line breaks (not laid out per language) */
  keepEngineBreaks: z.boolean(),
  /** lines carrying at least one review flag ("N lines to review") */
  reviewCount: z.number().int(),
  /**
   * runs of the task so far: each start's first run and every run that resumed it (after a stop,
   * a crash or the review of its names and terms); not in SPEC §3
   */
  attempts: z.number().int().optional(),
  /** issue 26: glossaries, series, formality, note, brief and its review, engine calls */
  voice: taskVoiceSchema,
  /** issue 34: a completed task translated only in part (lines left to continue), else null */
  partial: taskPartialSchema.nullable(),
  /** the last line the running (or last) run translates when it covers a part; null: to the end */
  partEnd: z.number().int().nullable(),
  /** issue 40 §2: reviewers' comments not resolved yet */
  openComments: z.number().int(),
  /** issue 40 §2: when the owner marked it approved; null: not approved */
  approvedAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** SPEC §3 Subtitle segment */
export const segmentSchema = z.object({
  id: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  originalText: z.string(),
  translatedText: z.string(),
  duration: z.number(),
  /** why the line should be looked at (empty: nothing found) */
  flags: reviewFlagsSchema,
});
export type Segment = z.infer<typeof segmentSchema>;

export const taskWithSegmentsSchema = taskSchema.extend({ segments: z.array(segmentSchema) });
export type TaskWithSegments = z.infer<typeof taskWithSegmentsSchema>;

/**
 * One segment, compact: `[id, startMs, endMs, originalText, translatedText, flags]` (times in ms,
 * an untranslated line's translation '', flags as in segmentSchema). A feature-length task is 10,000 of them: as arrays they are
 * about two thirds of the bytes of SPEC §3's objects, and need no timestamp formatting or parsing.
 */
export const taskLineSchema = z.tuple([
  z.number().int(),
  z.number(),
  z.number(),
  z.string(),
  z.string(),
  reviewFlagsSchema,
]);
export type TaskLine = z.infer<typeof taskLineSchema>;

/** GET /task/lines?id=: the task with its segments as compact lines (what the editor reads). */
export const taskWithLinesSchema = taskSchema.extend({ lines: z.array(taskLineSchema) });
export type TaskWithLines = z.infer<typeof taskWithLinesSchema>;

export const EXPORT_FORMATS = ['srt', 'vtt', 'ass'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** /task/export: the file as a download (bilingual when includeOriginal: original line above the translation) */
export const exportTaskBody = z.object({
  id: z.uuid(),
  format: z.enum(EXPORT_FORMATS).default('srt'),
  includeOriginal: z.boolean().default(false),
  /** bilingual line order: the original above the translation (default) or below it */
  originalFirst: z.boolean().default(true),
  /** bilingual ASS: the original's size against the translation's (issue 37) */
  originalScale: z.number().min(0.4).max(1).default(0.7),
});
export type ExportTaskBody = z.input<typeof exportTaskBody>;

/** HH:MM:SS,mmm (hours may exceed 99) */
const srtTime = z.string().regex(/^\d{2,}:\d{2}:\d{2}[,.]\d{1,3}$/, INPUT_RULES.srtTime);

export const SEGMENT_TEXT_MAX = 5000;

/** One segment's changes (only the fields given change). */
export const segmentPatch = z.object({
  id: z.number().int().min(1),
  originalText: z.string().max(SEGMENT_TEXT_MAX).optional(),
  translatedText: z.string().max(SEGMENT_TEXT_MAX).optional(),
  startTime: srtTime.optional(),
  endTime: srtTime.optional(),
});
export type SegmentPatch = z.infer<typeof segmentPatch>;

/**
 * A line added by an edit (issue 35: a split's second half, an inserted line): `key` is the
 * client's own temporary id (negative), answered with the line's id; `after` the id of the line it
 * follows (or the key of a line added earlier in the same edit), null: first in the task.
 */
export const newSegment = z.object({
  key: z.number().int().max(-1),
  after: z.number().int().nullable(),
  startTime: srtTime,
  endTime: srtTime,
  originalText: z.string().max(SEGMENT_TEXT_MAX),
  translatedText: z.string().max(SEGMENT_TEXT_MAX).default(''),
});
export type NewSegment = z.input<typeof newSegment>;

/**
 * The most lines one /task/update_segments may change (a fix of timing across a film changes
 * thousands; the body's 1 MB bounds what they carry).
 */
export const SEGMENT_PATCHES_MAX = 10_000;

/** The longest time a retime may name (ms): 10 days, far past any film. */
const RETIME_MS_MAX = 864_000_000;

/**
 * Lines moved in time by one straight-line map (issue 35: a shift, a frame-rate change, a two-point
 * sync): each time t of the lines named (`all`, or their ids) becomes
 * `to + round((t - origin) × factor)` (rounded half away from zero), a line with a duration keeping
 * at least 1 ms. The editor computes the same, so 10,000 lines move in one small call.
 */
export const retimeOp = z.object({
  origin: z.number().int().min(-RETIME_MS_MAX).max(RETIME_MS_MAX),
  factor: z.number().min(0.1).max(10),
  to: z.number().int().min(-RETIME_MS_MAX).max(RETIME_MS_MAX),
  lines: z.union([z.literal('all'), z.array(z.number().int().min(1)).min(1).max(LIMITS.maxCues)]),
});
export type RetimeOp = z.infer<typeof retimeOp>;

/**
 * /task/update_segments: saved only when no line it touches changed after `baseVersion`. Besides
 * the lines' changes (`segments`), an edit may add lines (`insert`) and delete some (`remove`):
 * a split is a change and an insert, a merge a change and deletions, each one call.
 */
export const updateSegmentsBody = z
  .object({
    taskId: z.uuid(),
    baseVersion: z.number().int().min(0),
    segments: z.array(segmentPatch).max(SEGMENT_PATCHES_MAX).default([]),
    insert: z.array(newSegment).max(200).default([]),
    remove: z.array(z.number().int().min(1)).max(2000).default([]),
    /** applied first, in order, before the changes (which hold the lines' final values) */
    retime: z.array(retimeOp).max(20).default([]),
  })
  .refine(
    (b) => b.segments.length + b.insert.length + b.remove.length + b.retime.length > 0,
    INPUT_RULES.noEdit,
  );
export type UpdateSegmentsBody = z.input<typeof updateSegmentsBody>;

/**
 * /task/update_segments: the task's version after the edit, and the review flags of every line
 * the edit touched, computed again from the line as stored (the editor replaces its own with them)
 */
export const savedSegmentsSchema = z.object({
  version: z.number().int(),
  segments: z.array(z.object({ id: z.number().int(), flags: reviewFlagsSchema })),
  /**
   * issue 35: the lines another tab or device changed after `baseVersion` (not those of this
   * edit), as they are now: the editor takes them in, so its next edit is checked against them
   */
  changed: z.array(taskLineSchema),
  /** the lines this edit added: each one's key and its id */
  created: z.array(z.object({ key: z.number().int(), id: z.number().int() })),
  /**
   * another tab added or deleted lines after `baseVersion`: `changed` cannot say where, so the
   * editor reads the task's lines again (its unsaved edits kept)
   */
  reload: z.boolean(),
});
export type SavedSegments = z.infer<typeof savedSegmentsSchema>;

/**
 * /task/retranslate: the task's own engine and languages, with neighbouring lines as context.
 * SPEC §7 also sends service, apiUrl, batchSize and languages: accepted and ignored (the server
 * never calls a URL a client supplies).
 */
export const retranslateBody = z.object({
  taskId: z.uuid(),
  segmentIds: z.array(z.number().int().min(1)).min(1).max(50),
  /** the task's version the editor holds: the answer then names the lines changed since (issue 35) */
  baseVersion: z.number().int().min(0).optional(),
});

/** SPEC §7 answer fields, per segment */
export const retranslateResultSchema = z.object({
  id: z.number().int(),
  success: z.boolean(),
  translatedText: z.string(),
  error: z.string().nullable(),
  /** the line's review flags after this re-translation (its old flags when it failed) */
  flags: reviewFlagsSchema,
});
export type RetranslateResult = z.infer<typeof retranslateResultSchema>;

/**
 * What is left of the user's re-translation allowance today (/task/retranslate_quota, and in each
 * re-translation's answer). Both renew at resetsAt (the next midnight UTC); charsPerDay 0 means
 * re-translation is off on this server.
 */
export const retranslateQuotaSchema = z.object({
  charsLeft: z.number().int(),
  charsPerDay: z.number().int(),
  callsLeft: z.number().int(),
  callsPerDay: z.number().int(),
  /** ISO 8601 */
  resetsAt: z.string(),
});
export type RetranslateQuota = z.infer<typeof retranslateQuotaSchema>;

export const retranslateAnswerSchema = z.object({
  version: z.number().int(),
  results: z.array(retranslateResultSchema),
  quota: retranslateQuotaSchema,
  /** the lines another tab changed after the request's baseVersion (none without one) */
  changed: z.array(taskLineSchema),
});
export type RetranslateAnswer = z.infer<typeof retranslateAnswerSchema>;

/**
 * TASK_VERSION_CONFLICT's data (issue 35): an edit touched lines another tab or device changed
 * after `baseVersion`; nothing of the edit was saved. `lines` are those lines as they are now
 * (the editor offers to keep its own text or take these); `line` is the first one's id.
 */
export const versionConflictSchema = z.object({
  version: z.number().int(),
  baseVersion: z.number().int().nullable(),
  line: z.number().int(),
  lines: z.array(taskLineSchema),
  /** another tab also added or deleted lines since `baseVersion`: read the task's lines again */
  reload: z.boolean().optional(),
});
export type VersionConflict = z.infer<typeof versionConflictSchema>;
