import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../../apps/server/test/harness.js';
import { expectSuccess } from '../../../apps/server/test/support/http.js';
import { grantPoints, roomySrt } from '../../../apps/server/test/support/tasks.js';
import { startOpenAiServer } from '../../../apps/server/test/support/translation-servers.js';
import { main } from '../src/index.js';

const ENGINE_KEY = 'engine-key';

/** A line of the test films: English, so any target but English is a translation. */
export const line = (film: string, i: number) => `Line ${i} of ${film}: the ship leaves at dawn.`;

export interface Run {
  code: number;
  out: string;
  err: string;
  /** the path of every call the CLI made */
  calls: string[];
}

/**
 * The real app listening on a free local port (the CLI talks HTTP to it as to any server), its
 * queue working, and a local OpenAI-compatible engine as DeepSeek: nothing leaves the machine.
 */
export async function startCliServer() {
  const engine = await startOpenAiServer(ENGINE_KEY);
  const t: TestApp = await startTestApp({
    queue: true,
    env: { DEEPSEEK_API_KEY: ENGINE_KEY, DEEPSEEK_BASE_URL: engine.url },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  return {
    t,
    engine,
    base,
    /** a user with `points` and an API key of `scope` */
    async user(points: number, scope: 'read' | 'translate' = 'translate') {
      const user = await t.signUp();
      expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: user.token }));
      if (points > 0) await grantPoints(t, user.id, points);
      const { secret } = expectSuccess<{ secret: string }>(
        await t.post('/key/create', { name: 'cli', scope }, { as: user.token }),
      );
      return { ...user, key: secret };
    },
    /** the user's tasks, as the database has them */
    async tasksOf(userId: number) {
      return t.ctx.db.query<{ id: string; status: string; file_name: string }>(
        'SELECT id, status, file_name FROM tasks WHERE user_id = $1 ORDER BY file_name',
        [userId],
      );
    },
    async points(token: string) {
      return expectSuccess<{ point: number }>(await t.post('/user/get_point', {}, { as: token })).point;
    },
    /**
     * `subtrans <argv>` against this server; `intercept` may stand between the CLI and the server
     * (a lost connection), `forward` sends the request on.
     */
    async run(
      argv: string[],
      env: Record<string, string | undefined>,
      intercept?: (req: Request, forward: (r: Request) => Promise<Response>) => Promise<Response>,
    ): Promise<Run> {
      const r: Run = { code: -1, out: '', err: '', calls: [] };
      const forward = (req: Request) => fetch(req);
      r.code = await main(argv, env, {
        stdout: { write: (s: string) => (r.out += s), isTTY: false },
        stderr: { write: (s: string) => (r.err += s) },
        fetch: (req) => {
          r.calls.push(new URL(req.url).pathname);
          return intercept ? intercept(req, forward) : forward(req);
        },
        pollMs: 200,
        // the waits before a retry (0.5 s to 4 s after a lost connection) shortened
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 200))),
      });
      return r;
    },
    envFor: (key: string | undefined) => ({ SUBTRANS_API_KEY: key, SUBTRANS_API_URL: base, LANG: 'C' }),
    close: async () => {
      await t.close();
      await engine.close();
    },
  };
}

/** A folder holding `films`: each an SRT of 3 lines (10 points a task). */
export async function season(...films: string[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'subtrans-season-'));
  for (const film of films)
    await writeFile(path.join(dir, `${film}.srt`), roomySrt([1, 2, 3].map((i) => line(film, i))));
  return dir;
}
