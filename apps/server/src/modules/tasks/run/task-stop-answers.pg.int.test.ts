import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, uploadSrt } from '../../../../test/support/tasks.js';
import {
  fakeTranslate,
  laidOut,
  startOpenAiServer,
  type SentAnswer,
} from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';
import { startWorkerChild, terminate } from '../../../../test/support/worker-child.js';
import { startQueue } from '../../../jobs/start.js';

/**
 * Issue 41: a worker killed (SIGKILL) or stopped (SIGTERM) mid-task does not make the engine
 * answer twice. What the engine answered is saved as it arrives, so the run that resumes the
 * task sends only what is missing: no translated batch, no condensed line, no part of the film's
 * brief, no line of the terms pass answered before the stop goes to the engine again. The
 * workers are child processes on one PostgreSQL, as `npm run worker` runs them.
 */
const KEY = 'ds-key';

/** every third line is too long for its 2 s cue; the others fit (`tag`: the test's own lines) */
const lineOf = (tag: string) => (i: number) =>
  i % 3 === 0 ? `${tag} ${i} is said at such a length that it cannot ever fit.` : `${tag} ${i}.`;
/** `lines` as cues of `ms` each, 3 s apart (10 s for longer cues) */
function filmOf(lines: readonly string[], ms: number): string {
  const step = Math.max(3000, ms + 2000);
  return lines
    .map((text, k) => `${k + 1}\n${formatSrtTime(k * step)} --> ${formatSrtTime(k * step + ms)}\n${text}\n`)
    .join('\n');
}
const numbered = (count: number, line: (i: number) => string) =>
  Array.from({ length: count }, (_, k) => line(k + 1));
/** what the engine shortens a line to: fits any budget of a 2 s cue */
const shortOf = (original: string) => `短${/\d+/.exec(original)![0]}`;
const laid = (text: string) => laidOut(text, 'ja');

interface Stored {
  original_text: string;
  translated_text: string | null;
  review_flags: string[];
}

describe('a stopped or killed worker does not have the engine answer again (issue 41)', () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;
  /** the engine's answers of this test */
  let firstAnswer = 0;
  const answers = () => engine.answered.slice(firstAnswer);

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    env = {
      DEEPSEEK_API_KEY: KEY,
      DEEPSEEK_BASE_URL: engine.url,
      TRANSLATE_BATCH_SIZE: '10',
      TRANSLATE_CONCURRENCY: '2',
    };
    t = await startTestApp({ env });
    // this process only sends jobs; the workers are the children
    await startQueue(t.ctx, { work: false, settings: { schedule: false } });
  });
  beforeEach(() => {
    firstAnswer = engine.answered.length;
  });
  afterEach(async () => {
    // a test that failed midway leaves no task to the next test's workers
    await t.ctx.db.query(
      `UPDATE tasks SET deleted_at = now() WHERE deleted_at IS NULL AND status <> 'completed'`,
    );
    // each test's workers are gone before the next test starts its own
    for (const c of children.splice(0)) {
      if (c.exitCode !== null || c.signalCode !== null) continue;
      c.kill('SIGKILL');
      await new Promise((r) => c.once('exit', r));
    }
    engine.afterAnswer(null);
    engine.onRequest(null);
    engine.openGate();
    engine.setDelay(0);
    engine.setBriefDelay(0);
    engine.setCondenser(null);
    engine.setBriefer(null);
    engine.setTermRenderingAgain(false);
    env.TRANSLATE_CONCURRENCY = '2';
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await t.close();
    await engine.close();
  });

  const startWorker = () => startWorkerChild(t, env, children);
  const stored = (id: string) =>
    t.ctx.db.query<Stored>(
      `SELECT original_text, translated_text, review_flags FROM task_segments WHERE task_id = $1 ORDER BY position`,
      [id],
    );
  const taskRow = async (id: string) =>
    (
      await t.ctx.db.query<{ status: string; attempts: number; job_id: string; brief: unknown }>(
        `SELECT status, attempts, job_id, brief FROM tasks WHERE id = $1`,
        [id],
      )
    )[0]!;
  const jobOf = async (jobId: string) =>
    (
      await t.ctx.db.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM "pgboss_${t.ctx.dbSchema}".job WHERE id = $1`,
        [jobId],
      )
    )[0];
  async function startTask(srt: string): Promise<{ id: string; token: string }> {
    const u = await t.signUp();
    await grantPoints(t, u.id, 5000);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'film.srt', data: srt }));
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    return { id: task.id, token: u.token };
  }
  const completed = (id: string, ms = 90_000) =>
    until(async () => (await taskRow(id)).status === 'completed', ms);
  /** the lines of what the engine answered of `kind` */
  const linesOf = (answers: readonly SentAnswer[], kind: SentAnswer['kind']) =>
    new Set(answers.filter((a) => a.kind === kind).flatMap((a) => a.lines));
  /** each line's last condensed text among `answers` */
  const condensedIn = (answers: readonly SentAnswer[]) =>
    new Map(
      answers.filter((a) => a.kind === 'condense').flatMap((a) => a.lines.map((l, k) => [l, a.texts[k]!])),
    );
  const translationsOf = (answers: readonly SentAnswer[]) =>
    answers.filter((a) => a.kind === 'translate').length;
  /** the source lines of the translation and condensing requests received from index `from` on */
  const sentSince = (from: { requests: number; condense: number }) => ({
    translate: new Set(engine.requests.slice(from.requests).flatMap((r) => Object.values(r.lines))),
    condense: new Set(
      engine.condenseRequests.slice(from.condense).flatMap((r) => Object.values(r).map((i) => i.original)),
    ),
  });

  it('SIGKILL: every batch and condensed line answered (and saved) before the kill is not sent again', async () => {
    const lines = numbered(300, lineOf('Killed'));
    engine.setDelay(100);
    engine.setCondenser((item) => shortOf(item.original));
    // after the 8th batch the engine stops answering: what it answered is all there is
    engine.afterAnswer((sent) => translationsOf(sent.slice(firstAnswer)) >= 8);
    const first = await startWorker();
    const { id } = await startTask(filmOf(lines, 2000));
    await until(() => translationsOf(answers()) >= 8);
    const before = answers();
    const translated = linesOf(before, 'translate');
    const condensed = condensedIn(before);
    // a moment: the save of an answered run is one database round trip away
    const saved = async () => {
      const rows = await stored(id);
      return rows.every(
        (r) =>
          (!translated.has(r.original_text) || r.translated_text !== null) &&
          (!condensed.has(r.original_text) || r.translated_text === laid(condensed.get(r.original_text)!)),
      );
    };
    await until(saved, 5000).catch(() => undefined);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const from = { requests: engine.requests.length, condense: engine.condenseRequests.length };
    engine.afterAnswer(null);
    engine.openGate();

    await startWorker();
    await completed(id);
    const again = sentSince(from);
    expect([...translated].filter((l) => again.translate.has(l))).toEqual([]);
    expect([...condensed.keys()].filter((l) => again.condense.has(l))).toEqual([]);
    // each line as the engine last answered it: a line over budget whose condensing was not
    // answered before the kill keeps its translation, flagged (it is not condensed again)
    const rows = await stored(id);
    expect(rows.map((r) => r.translated_text)).toEqual(
      lines.map((l) => {
        if (condensed.has(l)) return laid(condensed.get(l)!);
        if (translated.has(l) || l.length < 20) return laid(fakeTranslate(l, 'ja'));
        return laid(shortOf(l));
      }),
    );
    const waiting = rows.filter(
      (r) =>
        translated.has(r.original_text) && r.original_text.length > 20 && !condensed.has(r.original_text),
    );
    expect(waiting.length).toBeGreaterThan(0);
    for (const r of waiting) expect(r.review_flags).toContain('over-budget');
    // the killed run and the one that finished the task
    expect((await taskRow(id)).attempts).toBe(2);
  }, 150_000);

  it('SIGTERM: every answer the engine gave before the worker exited is saved, and none is asked again', async () => {
    const lines = numbered(300, lineOf('Stopped'));
    engine.setDelay(150);
    engine.setCondenser((item) => shortOf(item.original));
    const first = await startWorker();
    let stopping: Promise<{ code: number | null; ms: number }> | null = null;
    // the engine's answers of this test when the signal was sent
    let atSignal = 0;
    // stopped while a batch is out, after the 8th
    engine.onRequest((kind) => {
      if (kind !== 'translate' || translationsOf(answers()) < 8 || stopping) return;
      atSignal = answers().length;
      stopping = terminate(first);
    });
    const { id } = await startTask(filmOf(lines, 2000));
    await until(() => stopping);
    const stopped = await stopping!;
    const exited = Date.now();
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(5000);
    const before = answers().filter((a) => a.at <= exited);
    // the batch out at the signal answered before the worker exited
    expect(before.length).toBeGreaterThan(atSignal);
    const translated = linesOf(before, 'translate');
    const condensed = condensedIn(before);
    expect(condensed.size).toBeGreaterThan(0);
    // saved before the worker exited: each translated line, each condensed one as condensed
    const rows = await stored(id);
    expect(rows.filter((r) => translated.has(r.original_text) && r.translated_text === null)).toEqual([]);
    expect(
      rows
        .filter((r) => condensed.has(r.original_text))
        .filter((r) => r.translated_text !== laid(condensed.get(r.original_text)!)),
    ).toEqual([]);
    const task = await taskRow(id);
    expect(task.status).toBe('translating');
    expect(await jobOf(task.job_id)).toEqual({ state: 'created', retry_count: 0 });
    const from = { requests: engine.requests.length, condense: engine.condenseRequests.length };

    await startWorker();
    await completed(id);
    const again = sentSince(from);
    expect([...translated].filter((l) => again.translate.has(l))).toEqual([]);
    expect([...condensed.keys()].filter((l) => again.condense.has(l))).toEqual([]);
    expect((await taskRow(id)).attempts).toBe(2);
    // pg-boss marks the job once the handler has returned, a moment after the task row
    const job = await until(async () => {
      const j = await jobOf(task.job_id);
      return j?.state === 'active' ? null : j;
    });
    expect(job).toEqual({ state: 'completed', retry_count: 0 });
  }, 150_000);

  it("SIGTERM while the film's brief is written: the parts answered are kept, only the others are asked", async () => {
    // 700 lines: a brief of three parts, read one at a time (one call at a time)
    const lines = numbered(700, (i) => `Briefed line number ${i} of the test film.`);
    env.TRANSLATE_CONCURRENCY = '1';
    engine.setBriefDelay(300);
    engine.setBriefer((req) => ({
      synopsis: `Part ${req.part}.`,
      register: 'plain',
      characters: [],
      terms: [],
    }));
    const first = await startWorker();
    let stopping: Promise<{ code: number | null; ms: number }> | null = null;
    // the engine's answers of this test when the signal was sent
    let atSignal = 0;
    // stopped while the second part is out
    let parts = 0;
    engine.onRequest((kind) => {
      if (kind !== 'brief' || (parts += 1) < 2 || stopping) return;
      atSignal = answers().length;
      stopping = terminate(first);
    });
    const { id } = await startTask(filmOf(lines, 8000));
    await until(() => stopping);
    expect((await stopping!).code).toBe(0);
    const exited = Date.now();
    const before = answers().filter((a) => a.kind === 'brief' && a.at <= exited);
    // the part out at the signal answered; the third was not asked
    expect(atSignal).toBe(1);
    expect(before.length).toBe(2);
    const briefsBefore = engine.briefRequests.length;

    await startWorker();
    await completed(id);
    const askedAgain = engine.briefRequests.slice(briefsBefore).map((r) => r.part);
    expect(askedAgain.length).toBe(3 - before.length);
    const answeredParts = new Set(before.map((a) => a.lines[0]));
    expect(engine.briefRequests.slice(briefsBefore).filter((r) => answeredParts.has(r.lines[0]))).toEqual([]);
    // the brief holds every part: those answered before the stop and those after
    const { synopsis } = (await taskRow(id)).brief as { synopsis: string };
    for (const part of ['Part 1 of 3.', 'Part 2 of 3.', 'Part 3 of 3.']) expect(synopsis).toContain(part);
    expect((await taskRow(id)).attempts).toBe(2);
  }, 150_000);

  it('SIGTERM in the terms pass: the lines it answered are saved and not asked again, the others are asked', async () => {
    const lines = numbered(60, (i) => `Termed line number ${i} of the test film.`);
    env.TRANSLATE_CONCURRENCY = '1';
    // the brief names a term; the engine renders it only when a line is asked again
    engine.setBriefer(() => ({
      synopsis: 'A test.',
      register: 'plain',
      characters: [],
      terms: [{ source: 'film', target: 'フィルム', note: '' }],
    }));
    engine.setTermRenderingAgain(true);
    engine.setDelay(150);
    const first = await startWorker();
    let stopping: Promise<{ code: number | null; ms: number }> | null = null;
    // the engine's answers of this test when the signal was sent
    let atSignal = 0;
    // six batches translate the film, then the terms pass asks every line again: stopped while
    // its third batch is out
    engine.onRequest((kind) => {
      if (kind !== 'translate' || translationsOf(answers()) < 8 || stopping) return;
      atSignal = answers().length;
      stopping = terminate(first);
    });
    const { id } = await startTask(filmOf(lines, 8000));
    await until(() => stopping);
    expect((await stopping!).code).toBe(0);
    const exited = Date.now();
    const passed = answers()
      .filter((a) => a.kind === 'translate' && a.at <= exited)
      .slice(6);
    const answered = new Map(passed.flatMap((a) => a.lines.map((l, k) => [l, a.texts[k]!])));
    // the batch out at the signal answered too
    expect(answers().filter((a) => a.at <= exited).length).toBeGreaterThan(atSignal);
    expect(answered.size).toBeGreaterThanOrEqual(30);
    const rows = await stored(id);
    expect(
      rows.filter(
        (r) => answered.has(r.original_text) && r.translated_text !== laid(answered.get(r.original_text)!),
      ),
    ).toEqual([]);
    const from = { requests: engine.requests.length, condense: engine.condenseRequests.length };

    await startWorker();
    await completed(id);
    const again = sentSince(from).translate;
    expect([...answered.keys()].filter((l) => again.has(l))).toEqual([]);
    // every line carries its term: the lines the stop left unasked were asked by the next run
    const done = await stored(id);
    expect(done.map((r) => r.translated_text)).toEqual(
      lines.map((l) => laid(fakeTranslate(l.replace('film', 'フィルム'), 'ja'))),
    );
    expect(done.filter((r) => r.review_flags.includes('term-missing'))).toEqual([]);
  }, 150_000);
});
