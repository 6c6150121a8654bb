import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../../apps/server/test/harness.js';
import { grantPoints } from '../../../apps/server/test/support/tasks.js';
import { season, startCliServer } from './support.js';

type Server = Awaited<ReturnType<typeof startCliServer>>;

const translated = async (dir: string) => (await readdir(dir)).filter((n) => n.endsWith('.ja.srt')).sort();

describe(`subtrans translate refused (${TEST_DB})`, () => {
  let s: Server;
  beforeAll(async () => {
    s = await startCliServer();
  });
  afterAll(() => s.close());

  it('asks for a key when none is set, before anything is read or sent', async () => {
    const dir = await season('ep1');
    const run = await s.run(['translate', dir, '--to', 'ja'], s.envFor(undefined));
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/SUBTRANS_API_KEY is not set: create a key of scope "translate"/);
    expect(run.calls).toEqual([]);
  });

  it('stops at once on a key the server does not know, with its message', async () => {
    const dir = await season('ep1', 'ep2');
    const run = await s.run(['translate', dir, '--to', 'ja'], s.envFor(`stk_${'x'.repeat(40)}`));
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/The API key was refused: This API key is not valid or was revoked/);
    expect(run.calls).toEqual(['/user/get_point']);
  });

  it('stops at the first upload with a read-only key, with its message, having made nothing', async () => {
    const user = await s.user(1000, 'read');
    const dir = await season('ep1', 'ep2');
    const run = await s.run(['translate', dir, '--to', 'ja', '--parallel', '1'], s.envFor(user.key));
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/The API key was refused: This API key may only read/);
    expect(run.out).toMatch(/0 done, 0 skipped \(already done\), 1 failed, 1 not started/);
    expect(run.calls.filter((c) => c === '/task/create')).toHaveLength(1);
    expect(await s.tasksOf(user.id)).toEqual([]);
    expect(await translated(dir)).toEqual([]);
  });

  it('says when points are short, and goes on with the same tasks once they are bought', async () => {
    const user = await s.user(0);
    const dir = await season('ep1', 'ep2');
    const argv = ['translate', dir, '--to', 'ja'];
    const poor = await s.run(argv, s.envFor(user.key));
    expect(poor.code).toBe(1);
    expect(poor.out).toContain('failed: ep1.srt → ja: Not enough points: 10 needed, 0 available');
    expect(poor.out).toContain('failed: ep2.srt → ja: Not enough points');
    expect(poor.err).toMatch(/buy points on the website, then run the same command again/);
    const made = await s.tasksOf(user.id);
    expect(made.map((t) => t.status)).toEqual(['pending', 'pending']);

    // the refused starts are kept by the server under their keys for a day: the next run's are new
    await grantPoints(s.t, user.id, 100);
    const paid = await s.run(argv, s.envFor(user.key));
    expect(paid.err).toBe('');
    expect(paid.code).toBe(0);
    expect(paid.calls).not.toContain('/task/create');
    expect(await s.tasksOf(user.id)).toEqual(made.map((t) => ({ ...t, status: 'completed' })));
    expect(await translated(dir)).toEqual(['ep1.ja.srt', 'ep2.ja.srt']);
    expect(await s.points(user.token)).toBe(100 - 2 * 10);
  });
});
