import {
  CONTENT_ERROR_KEYS,
  LIMITS,
  pagedList,
  type ErrorKey,
  type PagedList,
  type Task,
} from '@subtrans/contract';
import {
  checkCues,
  cuesPrice,
  decodeSubtitleBytes,
  detectLanguage,
  durationMs,
  formatSrtTime,
  hasSubtitleExtension,
  readSubtitles,
  SubtitleFormatError,
  SubtitleParseError,
  type CueProblem,
  type UnrecognisedContent,
  type SubtitleEncoding,
} from '@subtrans/subtitles';
import { trigramLanguage } from '@subtrans/subtitles/trigram';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { oneAtATime } from './one-at-a-time.js';
import { insertTask, listOwnTasks, toTask, type TaskRow } from './tasks.repository.js';
import { insertDocument } from './documents.repository.js';
import { storeVoice } from './brief/brief.service.js';
import { taskEngine } from './run/engine-options.js';
import type { VoiceInput } from './brief/voice.repository.js';

export interface CreateTaskInput extends Partial<VoiceInput> {
  userId: number;
  fileName: string;
  bytes: Buffer;
  originalLanguage: string;
  targetLanguage: string;
  translationService: string;
  includeOriginalText: boolean;
  keepEngineBreaks: boolean;
  /** the user's choice; absent: detected (issue 37) */
  encoding?: SubtitleEncoding;
  /** MicroDVD's frame rate as the user chose it; absent: the file's, else the default */
  frameRate?: number;
}

/** issue 37: what a file that holds no subtitles was found to hold, said as such */
const CONTENT_ERRORS: Record<UnrecognisedContent, ErrorKey> = CONTENT_ERROR_KEYS;

/** Lets the event loop answer other requests before going on. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reading an upload (decode and parse, checks and price, language) is tens of milliseconds of the
 * server's one thread per step for the largest file. Uploads read one at a time, yielding between
 * steps: side by side, their steps ran back to back in one turn of the event loop and every other
 * request waited for all of them (npm run bench, load: /healthz during 4 uploads).
 */
const readingTurns = oneAtATime();

/** The upload's error for a cue the task cannot take, naming it as the user sees it in the file. */
function cueError(problem: CueProblem): AppError {
  switch (problem.kind) {
    case 'ends-before-start':
      return new AppError('SRT_CUE_ENDS_BEFORE_START', undefined, {
        line: problem.index,
        start: formatSrtTime(problem.startMs),
        end: formatSrtTime(problem.endMs),
      });
    case 'too-long':
      return new AppError('SRT_CUE_TOO_LONG', undefined, {
        line: problem.index,
        chars: problem.chars,
        max: problem.maxChars,
      });
    case 'too-many':
      return new AppError('SRT_TOO_MANY_CUES', undefined, { count: problem.count, max: problem.maxCues });
  }
}

/**
 * SPEC §5 subtitle upload (issue 37: every format, decided by content): a subtitle file's name
 * (`.srt`, `.vtt`, `.ass`, …), at most 5 MB, content that parses into cues (at most
 * 20,000), none ending before it starts and none over 500 characters. The language is detected (and used when the user
 * chose 'auto'); the server prices the cues itself (subtitles' taskPrice: at least 10 points, by
 * duration or by text, whichever is more).
 */
/** What reading an upload found: its cues, price, language and (ASS/SSA) the document kept whole. */
export type ReadTaskFile = Awaited<ReturnType<typeof readTaskFile>>;

/** Decodes, parses and checks an upload (a refusal names what is wrong), one read at a time. */
export async function readTaskFile(
  input: Pick<CreateTaskInput, 'fileName' | 'bytes' | 'encoding' | 'frameRate'>,
) {
  if (!hasSubtitleExtension(input.fileName))
    throw new AppError('UNSUPPORTED_FILE', input.fileName.slice(0, 100));
  if (input.bytes.length > LIMITS.srtMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  return readingTurns.run(async () => {
    // the trigram model tells Latin code pages apart, as the dialog does when it must
    const text = decodeSubtitleBytes(input.bytes, input.encoding, { languageOf: trigramLanguage }).text;
    await turn();
    let parsed;
    let format;
    try {
      ({ cues: parsed, format } = readSubtitles(text, { frameRate: input.frameRate }));
    } catch (err) {
      if (err instanceof SubtitleFormatError) throw new AppError(CONTENT_ERRORS[err.found]);
      if (err instanceof SubtitleParseError) throw new AppError('SRT_INVALID');
      throw err;
    }
    await turn();
    const problem = checkCues(parsed, { maxChars: LIMITS.originalTextMax, maxCues: LIMITS.maxCues });
    if (problem) throw cueError(problem);
    const cost = cuesPrice(parsed);
    await turn();
    const language = detectLanguage(parsed.map((c) => c.text));
    // issue 37: an ASS/SSA file is kept whole, to be written again with its dialogue translated
    const document = format === 'ass' || format === 'ssa' ? { format, body: text } : null;
    return { cues: parsed, price: cost, detected: language, document, format };
  });
}

/** Stores a task read by readTaskFile, in the caller's transaction (a batch stores many in one). */
export async function insertReadTask(
  ctx: AppContext,
  q: Queryable,
  input: CreateTaskInput,
  read: ReadTaskFile,
  batchId: string | null = null,
): Promise<TaskRow> {
  const { cues, price, detected, document, format } = read;
  const originalLanguage = input.originalLanguage === 'auto' ? detected.language : input.originalLanguage;
  const task = await insertTask(q, {
    userId: input.userId,
    fileName: input.fileName.slice(0, 255),
    originalLanguage,
    detectedLanguage: detected.language,
    targetLanguage: input.targetLanguage,
    translationService: input.translationService,
    includeOriginalText: input.includeOriginalText,
    keepEngineBreaks: input.keepEngineBreaks,
    durationMs: durationMs(cues),
    estimatedPoints: price.points,
    costRule: price.rule,
    cues,
    sourceFormat: format,
    batchId,
  });
  if (document) await insertDocument(q, task.id, document);
  // issue 26: glossaries, series, formality, the note, review names and terms first
  const pair = { source: originalLanguage, target: input.targetLanguage };
  const engine = taskEngine(ctx, input.translationService);
  return storeVoice(q, input.userId, task.id, input, { pair, engine });
}

export async function createTask(ctx: AppContext, input: CreateTaskInput): Promise<Task> {
  const read = await readTaskFile(input);
  return toTask(await ctx.db.tx((q) => insertReadTask(ctx, q, input, read)));
}

export async function listTasks(
  ctx: AppContext,
  userId: number,
  page: number,
  size: number,
): Promise<PagedList<Task>> {
  const { rows, total } = await listOwnTasks(ctx.db, userId, page, size);
  return pagedList(rows.map(toTask), page, size, total);
}
