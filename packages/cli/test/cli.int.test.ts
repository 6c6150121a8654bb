import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../../apps/server/test/harness.js';
import { expectSuccess, multipart } from '../../../apps/server/test/support/http.js';
import { line, season, startCliServer } from './support.js';

type Server = Awaited<ReturnType<typeof startCliServer>>;

const outputsOf = async (dir: string) =>
  (await readdir(dir)).filter((n) => /\.(ja|fr)\.(srt|ass)$/.test(n)).sort();
const read = (dir: string, name: string) => readFile(path.join(dir, name), 'utf8');

describe(`subtrans translate (${TEST_DB})`, () => {
  let s: Server;
  beforeAll(async () => {
    s = await startCliServer();
  });
  afterAll(() => s.close());

  it('translates a folder into two languages and two formats, then skips it all on a second run', async () => {
    const user = await s.user(1000);
    const dir = await season('ep1', 'ep2');
    const argv = ['translate', dir, '--to', 'ja,fr', '--format', 'srt,ass'];

    const first = await s.run(argv, s.envFor(user.key));
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(await outputsOf(dir)).toEqual([
      'ep1.fr.ass',
      'ep1.fr.srt',
      'ep1.ja.ass',
      'ep1.ja.srt',
      'ep2.fr.ass',
      'ep2.fr.srt',
      'ep2.ja.ass',
      'ep2.ja.srt',
    ]);
    // translated by the engine (the fake one writes "[lang] text"), each file its own, no original line
    const ep2ja = await read(dir, 'ep2.ja.srt');
    expect(ep2ja.match(/^\[ja\] Line \d of ep2:/gm)).toHaveLength(3);
    expect(ep2ja).not.toMatch(/^Line \d/m);
    expect(ep2ja).not.toContain('ep1');
    const ep1fr = await read(dir, 'ep1.fr.ass');
    expect(ep1fr).toContain('[Script Info]');
    expect(ep1fr).toMatch(/Dialogue:.*\[fr\]/);
    expect(first.out).toMatch(/Summary: 4 done, 0 skipped \(already done\), 0 failed/);
    const tasks = await s.tasksOf(user.id);
    expect(tasks).toHaveLength(4);
    expect(tasks.every((t) => t.status === 'completed')).toBe(true);
    expect(await s.points(user.token)).toBe(1000 - 4 * 10);
    // each task once in the folder's state
    const state = JSON.parse(await read(dir, '.subtrans.json')) as {
      tasks: Record<string, Record<string, { taskId: string }>>;
    };
    expect(
      Object.values(state.tasks)
        .flatMap((l) => Object.values(l).map((e) => e.taskId))
        .sort(),
    ).toEqual(tasks.map((t) => t.id).sort());

    // everything is there: nothing is uploaded, nothing is even asked of the server
    const second = await s.run(argv, s.envFor(user.key));
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/Nothing to do: all 4 already translated/);
    expect(second.calls).toEqual([]);
    expect(await s.tasksOf(user.id)).toHaveLength(4);

    // a new language translates only what is missing (the outputs of the first run are no inputs)
    const third = await s.run([...argv.slice(0, 3), 'ja,de', '--format', 'srt,ass'], s.envFor(user.key));
    expect(third.code).toBe(0);
    expect(third.out).toMatch(/Summary: 2 done, 2 skipped/);
    expect(await s.tasksOf(user.id)).toHaveLength(6);
  });

  it('goes on with the task an interrupted run made, without uploading again', async () => {
    const user = await s.user(1000);
    const dir = await season('pilot');
    // an earlier run was stopped after its upload: the task exists, pending; the state names it
    const srt = await readFile(path.join(dir, 'pilot.srt'));
    const { payload, contentType } = multipart([
      { name: 'targetLanguage', data: 'ja' },
      { name: 'file', filename: 'pilot.srt', contentType: 'application/x-subrip', data: srt },
    ]);
    const created = await s.t.app.inject({
      method: 'POST',
      url: '/task/create',
      headers: { 'content-type': contentType, authorization: `Bearer ${user.key}` },
      payload,
    });
    const task = expectSuccess<{ id: string }>(created);
    const { sha256Hex } = await import('../src/files.js');
    await writeFile(
      path.join(dir, '.subtrans.json'),
      JSON.stringify({
        version: 1,
        tasks: {
          'pilot.srt': {
            ja: { taskId: task.id, sha256: sha256Hex(srt), engine: null, from: null, starts: 0 },
          },
        },
      }),
    );

    const run = await s.run(['translate', dir, '--to', 'ja', '--bilingual'], s.envFor(user.key));
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.calls).not.toContain('/task/create');
    expect(run.calls).toContain('/task/start');
    expect(await s.tasksOf(user.id)).toEqual([expect.objectContaining({ id: task.id, status: 'completed' })]);
    // bilingual: the original line above its translation
    const out = await read(dir, 'pilot.ja.srt');
    expect(out.replaceAll('\r\n', '\n')).toContain(`${line('pilot', 2)}\n[ja] Line 2 of pilot:`);
  });

  it('resumes after a run lost its connection once its tasks were made, and never makes a second task', async () => {
    const user = await s.user(1000);
    const dir = await season('a', 'b');
    const argv = ['translate', dir, '--to', 'ja'];
    // the network goes down after the uploads: every start is lost
    const cut = await s.run(argv, s.envFor(user.key), (req, forward) =>
      new URL(req.url).pathname === '/task/start'
        ? Promise.reject(new TypeError('fetch failed'))
        : forward(req),
    );
    expect(cut.code).toBe(1);
    expect(cut.out).toMatch(/failed: a\.srt → ja: starting the translation: no answer from the server/);
    expect(await outputsOf(dir)).toEqual([]);
    const made = await s.tasksOf(user.id);
    expect(made.map((t) => t.status)).toEqual(['pending', 'pending']);

    // an answer lost on the way back: the upload and the start are sent again with their keys
    let lost = 0;
    const again = await s.run(argv, s.envFor(user.key), async (req, forward) => {
      const res = await forward(req);
      if (new URL(req.url).pathname === '/task/start' && lost++ < 2) throw new TypeError('fetch failed');
      return res;
    });
    expect(again.code).toBe(0);
    expect(again.calls).not.toContain('/task/create');
    expect(again.calls.filter((c) => c === '/task/start')).toHaveLength(4);
    expect(await s.tasksOf(user.id)).toEqual(made.map((t) => ({ ...t, status: 'completed' })));
    expect(await outputsOf(dir)).toEqual(['a.ja.srt', 'b.ja.srt']);
    // each task charged once, though each start was sent twice
    expect(await s.points(user.token)).toBe(1000 - 2 * 10);
  });

  it('sends an upload again after a lost answer without making a second task', async () => {
    const user = await s.user(1000);
    const dir = await season('ep9');
    let lost = false;
    const run = await s.run(['translate', dir, '--to', 'ja'], s.envFor(user.key), async (req, forward) => {
      const res = await forward(req);
      if (new URL(req.url).pathname === '/task/create' && !lost) {
        lost = true;
        throw new TypeError('fetch failed');
      }
      return res;
    });
    expect(run.code).toBe(0);
    expect(run.calls.filter((c) => c === '/task/create')).toHaveLength(2);
    expect(await s.tasksOf(user.id)).toHaveLength(1);
    expect(await outputsOf(dir)).toEqual(['ep9.ja.srt']);
  });
});
