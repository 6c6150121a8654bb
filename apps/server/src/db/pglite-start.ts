import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * How the embedded PostgreSQL starts. Its memory is mostly what PostgreSQL is told to allocate
 * at start: PGlite's own default of 128 MB of shared buffers is all resident from the first
 * second (PGlite's shared memory is written through when it is set up), for databases of this
 * product's size that fit in a fraction of it. Sorts and hashes (work_mem) allocate per query and
 * are left at PostgreSQL's defaults.
 */
/** unless configured (PGLITE_SHARED_BUFFERS_MB): the product's working set fits */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;

export const pgliteStartParams = (sharedBuffersMb: number) => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${sharedBuffersMb}MB`,
];

/**
 * The first start of a new data directory runs initdb: PGlite compiles and starts a second
 * PostgreSQL and initdb's own WebAssembly beside the one that stays, and their memory (about
 * 450 MB) stays in the process long after (freed only at a full collection, and the C heap not
 * even then). So a new directory is created by a short-lived process of its own; the server
 * then opens an existing one.
 */
const CREATE = `
import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create(process.argv[1], { startParams: JSON.parse(process.argv[2]) });
await db.close();
`;

// the child resolves '@electric-sql/pglite' from here, as this module does (src/db or dist)
const HERE = path.dirname(fileURLToPath(import.meta.url));

export async function createDataDirIfNew(dir: string, startParams: string[]): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', CREATE, dir, JSON.stringify(startParams)],
    {
      cwd: HERE,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => {
    stderr = (stderr + s).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0)
    throw new Error(`creating the embedded database in ${dir} failed (exit ${code}):\n${stderr}`);
}
