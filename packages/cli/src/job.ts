import { readFile, rename, writeFile } from 'node:fs/promises';
import { ApiError, CODES, type Api, type Task } from './api.js';
import { createKey, sha256Hex, startKey, type Job } from './files.js';
import type { JobBar } from './progress.js';
import { entryFits, type FolderState, type StateEntry } from './state.js';

/** What every job of a run shares. */
export interface RunContext {
  api: Api;
  poller: StatusPoller;
  engine: string | undefined;
  from: string | undefined;
  bilingual: boolean;
  pollMs: number;
  sleep: (ms: number) => Promise<void>;
}

/** A job that ended without its outputs, and why (the server's message where it gave one). */
export class JobFailure extends Error {}

/** The newest tasks this many at a time: the running ones of a run are among them. */
const LIST_SIZE = 100;

/**
 * The state of the run's tasks with as few calls as possible: one /task/list (the newest tasks,
 * without their lines) answers every job polling within the same interval; a task it does not show
 * is read alone with /task/get.
 */
export class StatusPoller {
  private fresh: { at: number; tasks: Promise<Map<string, Task>> } | null = null;

  constructor(
    private readonly api: Api,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async status(id: string): Promise<Task> {
    if (!this.fresh || this.now() - this.fresh.at >= this.maxAgeMs) {
      const tasks = this.api.list(LIST_SIZE).then((list) => new Map(list.map((t) => [t.id, t])));
      this.fresh = { at: this.now(), tasks };
      // a failed list is not kept: the next caller asks again
      tasks.catch(() => {
        if (this.fresh?.tasks === tasks) this.fresh = null;
      });
    }
    return (await this.fresh.tasks).get(id) ?? this.api.get(id);
  }
}

const STEP: Record<Task['status'], string> = {
  pending: 'waiting',
  processing: 'preparing',
  translating: 'translating',
  completed: 'translated',
  failed: 'failed',
};

/** Writes whole or not at all: a file beside the inputs always is a finished translation. */
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const tmp = `${file}.part`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
}

/**
 * The task this job's outputs come from: the one its folder remembers (an interrupted run's), else
 * a new upload, remembered as soon as the server answers.
 */
async function taskOf(
  job: Job,
  ctx: RunContext,
  state: FolderState,
  bar: JobBar,
): Promise<{ task: Task; entry: StateEntry }> {
  bar.step('reading');
  const bytes = await readFile(job.input);
  const want = { sha256: sha256Hex(bytes), engine: ctx.engine ?? null, from: ctx.from ?? null };
  const known = state.get(job.name, job.lang);
  let gone: string | null = null;
  if (entryFits(known, want)) {
    try {
      return { task: await ctx.poller.status(known.taskId), entry: known };
    } catch (e) {
      if (!(e instanceof ApiError && e.code === CODES.TASK_NOT_FOUND)) throw e;
      // deleted on the server: upload again, under a key of its own (the old key answers the deleted task)
      gone = known.taskId;
    }
  }
  bar.step('uploading');
  let key = createKey(want.sha256, job.lang, ctx.engine, ctx.from);
  if (gone) key += `-after-${gone.slice(0, 8)}`;
  const fields = {
    targetLanguage: job.lang,
    ...(ctx.engine ? { translationService: ctx.engine } : {}),
    ...(ctx.from ? { originalLanguage: ctx.from } : {}),
  };
  const file = { name: job.name, bytes };
  let task: Task;
  try {
    task = await ctx.api.create(file, fields, key);
  } catch (e) {
    if (!(e instanceof ApiError && e.code === CODES.IDEMPOTENCY_KEY_REUSED)) throw e;
    // the same bytes were sent under another name (a renamed file): a key of this name's own
    task = await ctx.api.create(
      file,
      fields,
      `${key}-${sha256Hex(new TextEncoder().encode(job.name)).slice(0, 12)}`,
    );
  }
  const entry: StateEntry = { taskId: task.id, ...want, starts: 0 };
  await state.set(job.name, job.lang, entry);
  return { task, entry };
}

/** Starts a task that is pending, or failed in an earlier run (a failed task may be started again). */
async function start(job: Job, ctx: RunContext, state: FolderState, entry: StateEntry): Promise<Task | null> {
  try {
    return await ctx.api.start(entry.taskId, startKey(entry.taskId, entry.starts));
  } catch (e) {
    // started since it was read (another run of the same folder): it is followed like ours
    if (e instanceof ApiError && e.code === CODES.TASK_ALREADY_STARTED) return null;
    // refused for good (points, a bad option): the next run's start needs another key
    if (e instanceof ApiError && e.code > 0 && e.status < 500) {
      await state.set(job.name, job.lang, { ...entry, starts: entry.starts + 1 });
    }
    throw e;
  }
}

/**
 * One file × language from upload to the files beside the input: upload (or the task an earlier
 * run made), start, wait, download each format still missing. Throws JobFailure or ApiError.
 */
export async function runJob(
  job: Job,
  missing: Job['outputs'],
  ctx: RunContext,
  state: FolderState,
  bar: JobBar,
): Promise<void> {
  const found = await taskOf(job, ctx, state, bar);
  let task = found.task;
  const entry = found.entry;
  let started = false;
  for (;;) {
    if (task.status === 'completed') break;
    if (task.status === 'failed' && started) {
      await state.set(job.name, job.lang, { ...entry, starts: entry.starts + 1 });
      throw new JobFailure(task.error ?? 'the translation failed');
    }
    if (task.status === 'pending' && task.voice.awaitingReview) {
      throw new JobFailure('waits for the review of its names and terms on the website');
    }
    let next: Task | null = null;
    if ((task.status === 'pending' || task.status === 'failed') && !started) {
      bar.step('starting');
      // its answer, not the poller's: a list read before the start would still say failed
      next = (await start(job, ctx, state, entry)) ?? (await ctx.api.get(entry.taskId));
      started = true;
    } else {
      // longer than the poller keeps a list: the next status is read after this wait
      await ctx.sleep(ctx.pollMs);
    }
    task = next ?? (await ctx.poller.status(entry.taskId));
    bar.step(STEP[task.status], task.translationProgress);
  }
  for (const out of missing) {
    bar.step(`downloading ${out.format}`, 100);
    await writeAtomically(out.path, await ctx.api.export(task.id, out.format, ctx.bilingual));
  }
  bar.done();
}
