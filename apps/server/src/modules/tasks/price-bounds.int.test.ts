import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Brief, RetranslateAnswer, RetranslateQuota, Task } from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectSuccess } from '../../../test/support/http.js';
import { completedTaskOf, grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { startOpenAiServer, type ReceivedTranslation } from '../../../test/support/translation-servers.js';
import { until } from '../../../test/support/until.js';
import {
  CALLS_PER_POINT,
  EXTRAS_MAX_BYTES,
  PROMPT_BYTES_PER_POINT,
} from '../../engines/translation/allowance.js';
import { KNOWN_MAX_BYTES } from '../../engines/translation/brief.js';
import { getBalance, getHeld } from '../billing/ledger.service.js';

const KEY = 'ds-key';

/** The i-th of many distinct CJK characters: a one-character line, a term, a name. */
const han = (i: number) => String.fromCodePoint(0x4e00 + i);

/** An SRT of `count` cues of `text(i)`, all inside the first minute. */
const denseSrt = (count: number, text: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => {
    const start = Math.floor((i * 59_000) / count);
    return `${i + 1}\n${formatSrtTime(start)} --> ${formatSrtTime(start + 40)}\n${text(i)}\n`;
  }).join('\n');

/** What a batch carried besides its lines, in bytes (as extras-fit.ts weighs them). */
const extrasOf = (r: ReceivedTranslation) => {
  const e = {
    ...(r.brief ? { brief: r.brief } : {}),
    ...(r.instructions ? { instructions: r.instructions } : {}),
    ...(r.terms ? { terms: r.terms } : {}),
  };
  return Object.keys(e).length ? Buffer.byteLength(JSON.stringify(e)) : 0;
};

/**
 * Issue 41, item 5: a point buys a bounded amount of engine work, whatever the user chooses
 * (tiny cues, batch size 1, thousands of glossary terms, a brief and note at their limits, lines
 * the engine refuses, re-translation of lines far apart). The local engine counts the calls and
 * the prompt bytes it was sent.
 */
describe(`prices that bound the engine's work (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({ queue: true, env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url } });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });
  beforeEach(() => {
    engine.neverTranslate(null);
  });

  const user = async (points = 10_000) => {
    const u = await t.signUp();
    await grantPoints(t, u.id, points);
    return u;
  };
  const get = async (token: string, id: string) =>
    expectSuccess<Task>(await t.post('/task/get', { id }, { as: token }));

  /** Starts the task and waits for its end: what it cost and what the engine was sent meanwhile. */
  async function run(token: string, id: string, start: Record<string, unknown> = {}) {
    const calls = engine.calls();
    const bytes = engine.promptBytes();
    const requests = engine.requests.length;
    const briefs = engine.briefRequests.length;
    expectSuccess(await t.post('/task/start', { id, ...start }, { as: token }));
    const task = await until(async () => {
      const now = await get(token, id);
      return (now.status === 'completed' || now.status === 'failed') && now;
    }, 60_000);
    return {
      task,
      calls: engine.calls() - calls,
      bytes: engine.promptBytes() - bytes,
      batches: engine.requests.slice(requests),
      briefs: engine.briefRequests.slice(briefs),
    };
  }

  it('prices 1,000 one-character cues at 100 points (old tasks too) and runs them within what 100 points buy, even at batch size 1', async () => {
    const u = await user();
    // films keep their price: 20 minutes of 14 cues a minute, and fast speech at 35 a minute
    const film = Array.from({ length: 285 }, (_, i) => {
      const s = i * 4200;
      return `${i + 1}\n${formatSrtTime(s)} --> ${formatSrtTime(s + 3000)}\nLine ${i} of the film.\n`;
    }).join('\n');
    expect(expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'film.srt', data: film }))).toMatchObject({
      estimatedPoints: 200,
      costRule: 'duration',
    });
    const fast = Array.from({ length: 805 }, (_, i) => {
      const s = i * 1714;
      return `${i + 1}\n${formatSrtTime(s)} --> ${formatSrtTime(s + 1500)}\nHurry!\n`;
    }).join('\n');
    expect(expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'fast.srt', data: fast }))).toMatchObject({
      estimatedPoints: 230,
      costRule: 'duration',
    });

    const created = expectSuccess<Task>(
      await uploadSrt(t, u.token, { name: 'tiny.srt', data: denseSrt(1000, han) }, { targetLanguage: 'en' }),
    );
    expect(created).toMatchObject({ estimatedPoints: 100, costRule: 'cues', segmentCount: 1000 });
    // as a task created under the old rule was stored: the start prices it again
    await t.ctx.db.query(`UPDATE tasks SET estimated_points = 10, cost_rule = 'minimum' WHERE id = $1`, [
      created.id,
    ]);
    const before = await getBalance(t.ctx.db, u.id);
    const r = await run(u.token, created.id, { batchSize: 1 });
    expect(r.task).toMatchObject({
      status: 'completed',
      estimatedPoints: 100,
      costRule: 'cues',
      keptOriginal: 0,
    });
    expect(before - (await getBalance(t.ctx.db, u.id))).toBe(100);
    // the batch size is raised until its batches fit (one per 2 points): 50 batches of 20
    expect(r.batches.length).toBeLessThanOrEqual(50);
    expect(Math.min(...r.batches.map((b) => Object.keys(b.lines).length))).toBeGreaterThanOrEqual(16);
    // every call (brief, batches, condensing the lines that cannot fit 40 ms) within the allowance
    expect(r.calls / 100).toBeLessThanOrEqual(CALLS_PER_POINT);
    expect(r.bytes / 100).toBeLessThanOrEqual(PROMPT_BYTES_PER_POINT);
  });

  it('honours a batch size within what the price buys, and raises one past it', async () => {
    const u = await user();
    // 30 cues over 3 minutes: 30 points, at most 15 batches
    const sizes = async (batchSize: number) => {
      const created = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'f.srt', data: makeSrt(30) }));
      expect(created.estimatedPoints).toBe(30);
      const r = await run(u.token, created.id, { batchSize });
      expect(r.task.status).toBe('completed');
      return r.batches.map((b) => Object.keys(b.lines).length);
    };
    expect(await sizes(3)).toEqual(Array(10).fill(3));
    expect(await sizes(2)).toEqual(Array(15).fill(2));
    expect(await sizes(1)).toEqual(Array(15).fill(2));
  });

  it('sends at most EXTRAS_MAX_BYTES of terms with a batch when thousands of glossary terms occur in every line', async () => {
    const u = await user();
    const entries = Array.from({ length: 2000 }, (_, k) => ({
      source: han(k),
      target: 'T'.repeat(100),
      note: 'N'.repeat(200),
    }));
    const glossary = expectSuccess<{ id: string }>(
      await t.post(
        '/glossary/save',
        { name: 'everything', sourceLanguage: 'zh-CN', targetLanguage: 'en', entries },
        { as: u.token },
      ),
    );
    // 100 lines of 20 characters, every one a term: 2,000 characters, 20 points
    const srt = denseSrt(100, (i) => Array.from({ length: 20 }, (_, k) => han(i * 20 + k)).join(''));
    const created = expectSuccess<Task>(
      await uploadSrt(
        t,
        u.token,
        { name: 'terms.srt', data: srt },
        { originalLanguage: 'zh-CN', targetLanguage: 'en', glossaryIds: glossary.id },
      ),
    );
    expect(created).toMatchObject({ estimatedPoints: 20, costRule: 'text' });
    const r = await run(u.token, created.id);
    expect(r.task.status).toBe('completed');
    expect(r.batches.length).toBeGreaterThan(0);
    for (const b of r.batches) expect(extrasOf(b)).toBeLessThanOrEqual(EXTRAS_MAX_BYTES);
    // a batch's lines hold 200 terms: each carries those that fit its share of 20 points' bytes,
    // from the first its lines name
    for (const b of r.batches.slice(0, 10)) {
      const terms = b.terms ?? [];
      expect(terms.length).toBeGreaterThan(0);
      expect(terms.length).toBeLessThan(200);
      expect(terms[0]!.source).toBe(Object.values(b.lines)[0]![0]);
    }
    expect(r.calls / 20).toBeLessThanOrEqual(CALLS_PER_POINT);
    expect(r.bytes / 20).toBeLessThanOrEqual(PROMPT_BYTES_PER_POINT);
  });

  it('cuts a brief and a note at their limits to what the price buys, at batch size 1', async () => {
    const u = await user();
    const srt = denseSrt(300, han);
    const created = expectSuccess<Task>(
      await uploadSrt(
        t,
        u.token,
        { name: 'voice.srt', data: srt },
        {
          originalLanguage: 'zh-CN',
          targetLanguage: 'en',
          formality: 'formal',
          translatorNote: '请'.repeat(500),
          reviewTerms: 'true',
        },
      ),
    );
    expect(created).toMatchObject({ estimatedPoints: 30, costRule: 'cues' });
    const calls = engine.calls();
    const bytes = engine.promptBytes();
    const requests = engine.requests.length;
    expectSuccess(await t.post('/task/start', { id: created.id, batchSize: 1 }, { as: u.token }));
    await until(async () => (await get(u.token, created.id)).voice.awaitingReview);
    const brief: Brief = {
      synopsis: '故'.repeat(1500),
      register: '语'.repeat(300),
      characters: Array.from({ length: 100 }, (_, i) => ({
        name: han(i),
        target: 'C'.repeat(100),
        gender: 'unknown' as const,
        address: 'A'.repeat(200),
      })),
      terms: Array.from({ length: 200 }, (_, i) => ({
        source: han(100 + i),
        target: 'T'.repeat(200),
        note: 'N'.repeat(300),
      })),
    };
    expectSuccess(await t.post('/task/continue', { id: created.id, brief }, { as: u.token }));
    const done = await until(async () => {
      const now = await get(u.token, created.id);
      return now.status === 'completed' && now;
    }, 60_000);
    expect(done.estimatedPoints).toBe(30);
    const batches = engine.requests.slice(requests);
    for (const b of batches) expect(extrasOf(b)).toBeLessThanOrEqual(EXTRAS_MAX_BYTES);
    // the user's instructions go with every batch (cut to fit), formality whole
    expect(batches.every((b) => b.instructions?.formality === 'formal')).toBe(true);
    expect((engine.calls() - calls) / 30).toBeLessThanOrEqual(CALLS_PER_POINT);
    expect((engine.promptBytes() - bytes) / 30).toBeLessThanOrEqual(PROMPT_BYTES_PER_POINT);
  });

  it("sends a series' memory at its limits only where its names occur, at most KNOWN_MAX_BYTES", async () => {
    const u = await user();
    const memory = {
      characters: Array.from({ length: 100 }, (_, i) => ({
        name: `Name${i}`,
        target: 'C'.repeat(100),
        gender: 'unknown' as const,
        address: 'A'.repeat(200),
      })),
      terms: Array.from({ length: 500 }, (_, i) => ({
        source: `Thing${i}`,
        target: 'T'.repeat(200),
        note: 'N'.repeat(300),
      })),
    };
    const series = expectSuccess<{ id: string }>(
      await t.post(
        '/series/save',
        { name: 'long', sourceLanguage: 'en', targetLanguage: 'ja', memory },
        { as: u.token },
      ),
    );
    const lines = [0, 1, 2, 3].map(
      (k) => Array.from({ length: 25 }, (_, i) => `Name${k * 25 + i}`).join(' ') + '.',
    );
    const srt = lines
      .map(
        (text, i) => `${i + 1}\n${formatSrtTime(i * 5000)} --> ${formatSrtTime(i * 5000 + 4000)}\n${text}\n`,
      )
      .join('\n');
    const created = expectSuccess<Task>(
      await uploadSrt(
        t,
        u.token,
        { name: 'ep.srt', data: srt },
        { targetLanguage: 'ja', seriesId: series.id },
      ),
    );
    const r = await run(u.token, created.id);
    expect(r.task.status).toBe('completed');
    expect(r.briefs).toHaveLength(1);
    const known = r.briefs[0]!.known!;
    expect(Buffer.byteLength(JSON.stringify(known))).toBeLessThanOrEqual(KNOWN_MAX_BYTES);
    // names that occur, from the first; no term (none occurs)
    expect(known.characters.length).toBeGreaterThan(5);
    expect(known.characters.map((c) => c.name)).toEqual(
      memory.characters.slice(0, known.characters.length).map((c) => c.name),
    );
    expect(known.terms).toEqual([]);
    expect(r.bytes / r.task.estimatedPoints).toBeLessThanOrEqual(PROMPT_BYTES_PER_POINT);
  });

  it('asks lines the engine refuses again, and halves their batches, only within what the price buys', async () => {
    const u = await user();
    // 20 cues over 2 minutes (20 points): 2 of them never come back translated
    engine.neverTranslate(/number (5|15) of/);
    const created = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'f.srt', data: makeSrt(20) }));
    expect(created.estimatedPoints).toBe(20);
    const before = await getBalance(t.ctx.db, u.id);
    const r = await run(u.token, created.id);
    expect(r.calls).toBeLessThanOrEqual(Math.floor(20 * CALLS_PER_POINT));
    // a task that ends either way leaves nothing held, and charges only what it completed
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    const charged = before - (await getBalance(t.ctx.db, u.id));
    expect(charged).toBe(r.task.status === 'completed' ? 20 : 0);
  }, 120_000);

  it('counts a re-translation of lines far apart as one call each, and bounds what else it asks', async () => {
    const u = await user();
    const task = await completedTaskOf(t, u.token, makeSrt(20));
    const quota = async () =>
      expectSuccess<RetranslateQuota>(await t.post('/task/retranslate_quota', {}, { as: u.token }));
    const left = (await quota()).callsLeft;
    const calls = engine.calls();
    const scattered = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: task.id, segmentIds: [1, 5, 9, 13, 17] }, { as: u.token }),
    );
    expect(scattered.results.every((x) => x.success)).toBe(true);
    expect(scattered.quota.callsLeft).toBe(left - 5);
    expect(engine.calls() - calls).toBeLessThanOrEqual(2 * 5);
    // neighbours go together: one call
    const together = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: task.id, segmentIds: [3, 4] }, { as: u.token }),
    );
    expect(together.quota.callsLeft).toBe(left - 6);
  });
});
