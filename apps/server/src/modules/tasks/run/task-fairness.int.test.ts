import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskWithSegments } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';

const KEY = 'ds-key';

/**
 * Issue 39, fair queues: one user's batch takes at most TRANSLATE_USER_CONCURRENCY of the workers
 * (here 1 of 3), so another user's task started after it begins at once instead of after the batch.
 */
describe(`translation tasks of several users (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        TRANSLATE_TASKS_PER_WORKER: '3',
        TRANSLATE_USER_CONCURRENCY: '1',
      },
    });
  });
  afterAll(async () => {
    engine.openGate();
    await t.close();
    await engine.close();
  });

  /** a task of `who`, named `mark`, started */
  async function started(who: { token: string }, mark: string) {
    const data = makeSrt(3, (i) => `${mark} says line ${i}.`);
    const task = expectSuccess<Task>(await uploadSrt(t, who.token, { name: `${mark}.srt`, data }));
    expectSuccess<Task>(await t.post('/task/start', { id: task.id }, { as: who.token }));
    names.set(task.id, mark);
    return task.id;
  }
  const names = new Map<string, string>();
  /** each started task's job as the queue has it */
  const jobs = async () =>
    Promise.all(
      [...names].map(async ([id, name]) => {
        const [row] = await t.ctx.db.query<{ job_id: string }>(`SELECT job_id FROM tasks WHERE id = $1`, [
          id,
        ]);
        const job = await t.ctx.queue!.findJob('tasks.translate', row!.job_id);
        return { name, startedOn: job?.startedOn ?? null, group: job?.groupId ?? null };
      }),
    );
  /** the tasks whose job has started (running or done), in the order they started */
  const reached = async () =>
    (await jobs())
      .filter((j) => j.startedOn !== null)
      .sort((x, y) => x.startedOn!.getTime() - y.startedOn!.getTime())
      .map((j) => j.name);

  it("starts another user's task beside one user's batch, and runs the batch one task at a time", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await grantPoints(t, a.id, 100);
    await grantPoints(t, b.id, 100);
    // the engine holds its answers: every task that reaches it stays running
    engine.closeGate();
    const batch = [await started(a, 'Ann1'), await started(a, 'Ann2'), await started(a, 'Ann3')];
    const single = await started(b, 'Bob');
    await until(async () => (await reached()).length === 2);
    // two workers of three busy: the batch's next tasks wait for its first, Bob's did not wait
    // (which of Ann's runs first may change when two workers fetch at once, never how many run)
    await new Promise((r) => setTimeout(r, 2500));
    const first = await reached();
    expect(first).toHaveLength(2);
    expect(first.filter((n) => n.startsWith('Ann'))).toHaveLength(1);
    expect(first).toContain('Bob');

    engine.openGate();
    for (const [who, id] of [...batch.map((id) => [a, id] as const), [b, single] as const])
      await until(async () => {
        const task = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: who.token }));
        return task.status === 'completed';
      }, 30_000);
    const all = await reached();
    expect(all.slice(0, 2)).toEqual(first);
    expect([...all].sort()).toEqual(['Ann1', 'Ann2', 'Ann3', 'Bob']);
    // each job was sent in its user's group
    expect((await jobs()).map((j) => `${j.name} ${j.group}`)).toEqual([
      `Ann1 user:${a.id}`,
      `Ann2 user:${a.id}`,
      `Ann3 user:${a.id}`,
      `Bob user:${b.id}`,
    ]);
  });
});
