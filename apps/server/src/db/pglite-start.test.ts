import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from './client.js';
import { createDataDirIfNew, pgliteStartParams } from './pglite-start.js';

describe('the embedded database on disk', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const newDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'pglite-start-'));
    dirs.push(d);
    return d;
  };

  it('is created once, outside the server, then opened with its shared buffers', async () => {
    const dataDir = newDir();
    const pgdata = path.join(dataDir, 'pglite');
    await createDataDirIfNew(pgdata, pgliteStartParams(16));
    expect(existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(true);
    const db = await openDb({ dataDir, pgliteSharedBuffersMb: 16 });
    try {
      const [row] = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(row!.shared_buffers).toBe('16MB');
      await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    } finally {
      await db.close();
    }
    // an existing directory is left alone, its data kept
    const created = statSync(path.join(pgdata, 'PG_VERSION')).mtimeMs;
    await createDataDirIfNew(pgdata, pgliteStartParams(16));
    expect(statSync(path.join(pgdata, 'PG_VERSION')).mtimeMs).toBe(created);
    const again = await openDb({ dataDir });
    try {
      expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
      const [row] = await again.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(row!.shared_buffers).toBe('32MB');
    } finally {
      await again.close();
    }
  }, 60_000);

  it('says why when the directory cannot be created', async () => {
    const file = path.join(newDir(), 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(createDataDirIfNew(path.join(file, 'pglite'), pgliteStartParams(16))).rejects.toThrow(
      /creating the embedded database in .* failed/,
    );
  }, 60_000);
});
