import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPENAPI_PATH } from '@subtrans/contract';
import { buildApp } from '../../../apps/server/src/app.js';
import { createContext } from '../../../apps/server/src/bootstrap.js';
import { openDb } from '../../../apps/server/src/db/client.js';
// the queue's job names are declared there (a module augmentation the app's modules type against)
import type {} from '../../../apps/server/src/jobs/registry.js';

/**
 * The server's OpenAPI document, as GET /api/openapi.json serves it, from the app built on an
 * in-memory PGlite without listening: generating the client needs no running server and no
 * database server.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'subtrans-openapi-'));
  const db = await openDb({ dataDir: 'memory://' });
  try {
    const ctx = await createContext({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { db });
    try {
      const app = await buildApp(ctx);
      try {
        const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
        if (res.statusCode !== 200) throw new Error(`${OPENAPI_PATH} answered ${res.statusCode}`);
        return res.json<Record<string, unknown>>();
      } finally {
        await app.close();
      }
    } finally {
      await ctx.engines.close();
      ctx.mailer.close();
    }
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
