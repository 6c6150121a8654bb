import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskWithSegments } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, uploadSrt } from '../../../../test/support/tasks.js';
import { until } from '../../../../test/support/until.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** real-looking English subtitle files (the quality bench's), about 900 cues each */
const CORPUS = path.join(here, '../../../../../../bench/quality-corpus');

/**
 * Issue 36: one user's output never depends on another user's earlier work. A film translated
 * by Apertium on the server's fresh pipeline and again after five other users' films (translated
 * at once through the same pipeline) comes out the same, cue for cue.
 */
describe(`Apertium gives the same translation whatever ran before (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ queue: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const translate = async (file: string): Promise<string[]> => {
    const user = await t.signUp();
    await grantPoints(t, user.id, 5000);
    const task = expectSuccess<Task>(
      await uploadSrt(
        t,
        user.token,
        { name: file, data: readFileSync(path.join(CORPUS, file), 'utf8') },
        { targetLanguage: 'es', translationService: 'apertium' },
      ),
    );
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: user.token }));
    const done = await until(async () => {
      const x = expectSuccess<TaskWithSegments>(
        await t.post('/task/get', { id: task.id }, { as: user.token }),
      );
      return (x.status === 'completed' || x.status === 'failed') && x;
    }, 90_000);
    expect(done.error).toBeNull();
    return done.segments.map((s) => s.translatedText ?? '');
  };

  it('translates a film the same on a fresh pipeline and after five other films', async () => {
    const [film, ...others] = readdirSync(CORPUS).filter((f) => /^en-.*\.srt$/.test(f));
    expect(others.length).toBeGreaterThanOrEqual(5);
    const first = await translate(film!);
    await Promise.all(others.map(translate));
    const again = await translate(film!);
    expect(first.length).toBeGreaterThan(500);
    expect(
      first.flatMap((line, i) => (line === again[i] ? [] : [`${i + 1}: ${line} | ${again[i]}`])),
    ).toEqual([]);
  }, 240_000);
});
