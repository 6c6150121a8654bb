import { z } from 'zod';
import { MEDIA_LANGUAGES, SUBTITLE_LANGUAGES } from './languages.js';
import { batchSizeField, TRANSLATION_ENGINES } from './translation.js';
import { voiceFields, voiceOptions } from './brief.js';
import { INPUT_RULES } from './input.js';
import { partRequestField } from './parts.js';

/** SPEC §9: audio type 1, video type 2 */
export const MEDIA_TYPE = { audio: 1, video: 2 } as const;
export type MediaType = (typeof MEDIA_TYPE)[keyof typeof MEDIA_TYPE];

/** SPEC §5 accepted extensions (the server then lets ffprobe decide, never the extension alone) */
export const VIDEO_EXTENSIONS = [
  'mp4',
  'avi',
  'mov',
  'wmv',
  'flv',
  'webm',
  'mkv',
  'm4v',
  '3gp',
  'ogv',
  'ts',
  'mts',
  'm2ts',
] as const;
export const AUDIO_EXTENSIONS = [
  'mp3',
  'wav',
  'flac',
  'aac',
  'ogg',
  'wma',
  'm4a',
  'opus',
  'aiff',
  'au',
] as const;

/** SPEC §7 storage folders */
export const MEDIA_FOLDERS = { 1: 'translated-audios', 2: 'translated-videos' } as const;

/** The media type a file name's extension suggests, or null when SPEC §5 does not accept it. */
export function mediaTypeOfName(fileName: string): MediaType | null {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return MEDIA_TYPE.video;
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(ext)) return MEDIA_TYPE.audio;
  return null;
}

/** SPEC §9: a 1 GB file takes about 10 minutes; at least a minute. */
export function expectedProcessingMinutes(bytes: number): number {
  return Math.max(1, Math.ceil((bytes / 1024 ** 3) * 10));
}

/**
 * Parts of a direct upload: 8 MiB (S3's minimum is 5 MiB), more for files that would need more
 * than 10,000 parts (none within the 3 GB limit).
 */
export const UPLOAD_PART_SIZE = 8 * 1024 * 1024;

const mediaTypeField = z.union([z.literal(1), z.literal(2)]);

/**
 * /file/sts-credentials: SPEC §3 answers a storage key pair; here (a deliberate change of shape)
 * the browser gets no credentials at all, only an upload of one object: its key, the part size,
 * and then presigned URLs per part (/file/upload_parts), valid for one hour.
 */
export const startUploadBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  /** bytes; over LIMITS.mediaMaxBytes is refused as MEDIA_TOO_LARGE (SPEC's "file too large") */
  size: z.number().int().min(1),
  contentType: z.string().max(200).default('application/octet-stream'),
  type: mediaTypeField,
});
export type StartUploadBody = z.input<typeof startUploadBody>;

export const uploadTicketSchema = z.object({
  /** our id of this upload (use it for the parts, the completion and a resume) */
  uploadId: z.string(),
  /** where the object will be: translated-videos/file_{timestamp}_{random}.{ext} */
  objectKey: z.string(),
  partSize: z.number().int(),
  partCount: z.number().int(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** /file/upload_parts: presigned PUT URLs for some parts of an upload (a resume asks only for the missing ones) */
export const uploadPartsBody = z.object({
  uploadId: z.uuid(),
  partNumbers: z.array(z.number().int().min(1).max(10_000)).min(1).max(100),
});
export const uploadPartUrlsSchema = z.object({
  urls: z.array(z.object({ partNumber: z.number().int(), url: z.string() })),
  /** ISO time after which the URLs no longer work */
  expiresAt: z.string(),
});
export type UploadPartUrls = z.infer<typeof uploadPartUrlsSchema>;

/** /file/complete_upload: the parts with the ETag each PUT answered */
export const completeUploadBody = z.object({
  uploadId: z.uuid(),
  parts: z
    .array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
    .min(1)
    .max(10_000),
});
export const completedUploadSchema = z.object({ objectKey: z.string(), size: z.number().int() });
export type CompletedUpload = z.infer<typeof completedUploadSchema>;

export const uploadIdBody = z.object({ uploadId: z.uuid() });

/**
 * /file/sts-down-credentials: a signed GET URL for one of the caller's objects (SPEC §3 answers a
 * key pair; here, again, one object only): by object key, or the media of a task.
 */
export const downloadUrlBody = z
  .object({ objectKey: z.string().min(1).max(300).optional(), taskId: z.uuid().optional() })
  .refine((b) => Boolean(b.objectKey) !== Boolean(b.taskId), INPUT_RULES.keyOrTask);
export const downloadUrlSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  /** set when asked by task: audio 1 or video 2 */
  mediaType: mediaTypeField.optional(),
  /**
   * issue 38, asked by task: a signed URL of the waveform's peaks (audiowaveform's binary format,
   * `decodePeaks`), when the task has them
   */
  peaksUrl: z.string().optional(),
});
export type DownloadUrl = z.infer<typeof downloadUrlSchema>;

/** SPEC §9: transEngin 1 Google, 2 DeepSeek */
export const TRANS_ENGIN = { 1: 'google', 2: 'deepseek' } as const;

const engineChoice = {
  /** SPEC §7 */
  transEngin: z.union([z.literal(1), z.literal(2)]).optional(),
  /** any of our engines by name (wins over transEngin) */
  translationService: z.enum(TRANSLATION_ENGINES).optional(),
};

/** /file/submit_check_task (SPEC §7): probe an uploaded file; the task appears in the task list */
export const submitCheckBody = z.object({
  objectKey: z.string().min(1).max(300),
  sourceLau: z.enum(MEDIA_LANGUAGES).default('auto'),
  type: mediaTypeField,
  /** SPEC §5: en when empty */
  targetLau: z
    .union([z.enum(SUBTITLE_LANGUAGES).refine((l) => l !== 'auto', INPUT_RULES.targetNotAuto), z.literal('')])
    .default(''),
  both: z.union([z.literal(1), z.literal(2)]).default(1),
  ...engineChoice,
  /**
   * keep the engine's line breaks: stored with the task now, so an execution started later (from
   * the task list, or by a client that does not send it) keeps the upload's choice
   */
  keepEngineBreaks: z.boolean().default(false),
  /**
   * issue 26's options, stored with the task now, so a confirmation from the task list (or
   * another tab) that does not send them keeps the upload's
   */
  ...voiceFields,
});
export type SubmitCheckBody = z.input<typeof submitCheckBody>;

export const mediaTaskIdBody = z.object({ taskId: z.uuid() });

/**
 * SPEC §4 detection status: 1–2 downloading, 3 analysing, 4 waiting for execution (duration
 * known), 5 failed (message says why).
 */
export const DETECT_STATUS = { queued: 1, downloading: 2, analysing: 3, ready: 4, failed: 5 } as const;

/** /file/check_task */
export const detectionStateSchema = z.object({
  status: z.number().int(),
  /** a failure the user can act on, or the duration in seconds once known (SPEC §7) */
  message: z.string(),
  /** seconds, once known */
  duration: z.number().nullable(),
  estimatedPoints: z.number().int().nullable(),
  /** when the file is deleted unless its execution starts before (ISO), or null */
  mediaExpiresAt: z.string().nullable(),
});
export type DetectionState = z.infer<typeof detectionStateSchema>;

/** /file/submit_execute_task (SPEC §7) */
export const submitExecuteBody = z.object({
  taskId: z.uuid(),
  /** SPEC: zh when auto; here auto lets the speech engine detect the language */
  sourceLau: z.enum(MEDIA_LANGUAGES).default('auto'),
  targetLau: z.enum(SUBTITLE_LANGUAGES).refine((l) => l !== 'auto', INPUT_RULES.targetNotAuto),
  both: z.union([z.literal(1), z.literal(2)]).default(1),
  ...engineChoice,
  batchSize: batchSizeField,
  /**
   * keep the engine's line breaks (off: each line laid out for the target language); when not
   * given, the task keeps what its detection (/file/submit_check_task) was given
   */
  keepEngineBreaks: z.boolean().optional(),
  /** issue 26's options: each one not given keeps what the detection stored */
  ...voiceOptions,
  /** issue 34: given, the first whole minutes the balance covers when it does not cover the file */
  part: partRequestField,
});
export type SubmitExecuteBody = z.input<typeof submitExecuteBody>;

/**
 * SPEC §4 execute status: 0–1 extracting the audio, 2 transcribing, 3 translating the transcript
 * (SPEC: "2–3 transcribing"), 4 completed (srtObjectKey set), 5 failed.
 */
export const EXECUTE_STATUS = {
  queued: 0,
  extracting: 1,
  transcribing: 2,
  translating: 3,
  completed: 4,
  failed: 5,
} as const;

/** /file/check_execute_task */
export const executionStateSchema = z.object({
  status: z.number().int(),
  srtObjectKey: z.string().nullable(),
  message: z.string(),
  /** 0–100 while translating */
  progress: z.number(),
});
export type ExecutionState = z.infer<typeof executionStateSchema>;

/** /file/submit_check_task: the task made for the file (it appears in the task list) */
export const submittedCheckSchema = z.object({ taskId: z.string() });
/** /file/submit_execute_task */
export const submittedExecuteSchema = z.object({ taskId: z.string(), status: z.number().int() });

/** /file/speech_status: whether audio/video can be transcribed on this server */
export const speechStatusSchema = z.object({ available: z.boolean(), engine: z.string().nullable() });
export type SpeechStatus = z.infer<typeof speechStatusSchema>;
