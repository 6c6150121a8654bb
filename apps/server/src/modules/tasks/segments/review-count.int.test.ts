import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedList, Task, TaskWithSegments } from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { completedTaskOf, grantPoints } from '../../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../../test/support/translation-servers.js';

const KEY = 'review-count-key';

/** cues as [start, end] in ms, each with the same short line (no number for the flags to miss) */
const srtOf = (cues: [number, number][]) =>
  cues
    .map(([a, b], k) => `${k + 1}\n${formatSrtTime(a)} --> ${formatSrtTime(b)}\nHello there, my friend.\n`)
    .join('\n');

/**
 * Issue 36: a task's lines to review (/task/list, /task/get's reviewCount) count the timing faults
 * the editor flags beside the review flags: too short or too long under the target language's
 * durations with the user's own limits, a gap under 2 frames, an overlap.
 */
describe(`lines to review with timing faults (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    // a short Japanese line for every cue (the tasks' target): nothing for the review flags to find
    engine.setTranslator(() => 'はい');
    t = await startTestApp({ queue: true, env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url } });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  it('counts lines too short, too long, too close or overlapping, under the user’s limits', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const srt = srtOf([
      [0, 700], // 0.7 s: under 5/6 s
      [1000, 3000], // 40 ms before the next: under 2 frames
      [3040, 5040],
      [6000, 14_000], // 8 s: over 7 s
      [15_000, 17_500], // overlaps the next
      [17_000, 19_000],
      [20_000, 22_000],
    ]);
    const { id } = await completedTaskOf(t, u.token, srt);
    const count = async () => {
      const list = expectSuccess<PagedList<Task>>(
        await t.post('/task/list', { page: 1, size: 10 }, { as: u.token }),
      );
      const got = expectSuccess<Task>(await t.post('/task/get', { id }, { as: u.token }));
      expect(list.list.find((x) => x.id === id)!.reviewCount).toBe(got.reviewCount);
      return got.reviewCount;
    };
    const limits = async (overrides: Record<string, number> | null) =>
      expectSuccess(await t.post('/quality/save', { target: 'ja', overrides }, { as: u.token }));

    expect(await count()).toBe(4);
    // no review flag among them: the count is the timing faults'
    const got = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: u.token }));
    expect(got.segments.flatMap((s) => s.flags)).toEqual([]);
    // the user's own durations decide: 0.6 s is long enough, 9 s not too long
    await limits({ minDurationMs: 600 });
    expect(await count()).toBe(3);
    await limits({ minDurationMs: 600, maxDurationMs: 9000 });
    expect(await count()).toBe(2);
    // another user's limits are theirs only
    const other = await t.signUp();
    expectSuccess(
      await t.post('/quality/save', { target: 'ja', overrides: { minDurationMs: 100 } }, { as: other.token }),
    );
    await limits(null);
    expect(await count()).toBe(4);
  });
});
