/**
 * What the editor benches share: the real server (child process, built web app, embedded PGlite, a
 * local OpenAI-compatible engine) with a completed 10,000-segment task, and headless Chromium with
 * the editor loaded once unmeasured (server code paths, file cache).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startOpenAiServer } from '../apps/server/test/support/translation-servers.js';
import { openEditor } from './editor-page.js';
import {
  completedTask,
  ENGINE_KEY,
  ensureWebBuild,
  startEditorServer,
  stopServer,
  type TaskShape,
} from './editor-server.js';
import type { Figure } from './ledger.js';

export interface EditorSession {
  browser: Browser;
  base: string;
  cookie: string;
  taskId: string;
}

/**
 * Runs `measure` against a 10,000-segment task of `shape` (the server started with `env` besides),
 * then stops everything.
 * BENCH_EDITOR_HOLD=1: keeps the server with its task up to look at by hand instead (no figures).
 */
export async function onEditorTask(
  shape: TaskShape,
  measure: (session: EditorSession) => Promise<Figure[]>,
  env: Record<string, string> = {},
): Promise<Figure[]> {
  ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-editor-'));
  const engine = await startOpenAiServer(ENGINE_KEY);
  engine.setDelay(0);
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  const logFile = path.join(dataDir, 'server.log');
  try {
    let base: string;
    ({ server, base } = await startEditorServer(dataDir, engine.url, logFile, env));
    const { cookie, taskId } = await completedTask(base, shape);
    if (process.env.BENCH_EDITOR_HOLD) {
      console.log(
        `editor bench server: ${base}/edit/${taskId} (cookie user_sessionid=${cookie}); Ctrl-C ends`,
      );
      await new Promise((resolve) => process.once('SIGINT', resolve));
      return [];
    }

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    // warm-up (server code paths, file cache): not measured
    await (await openEditor(browser, base, cookie, taskId, { virtual: true, throttle: 1 })).close();
    return await measure({ browser, base, cookie, taskId });
  } finally {
    if (browser) await browser.close();
    if (server) await stopServer(server);
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
