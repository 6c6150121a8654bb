/**
 * The ledger's limit on this machine: PostgreSQL's own `pgbench` calling the two SQL functions a
 * hold + capture pair runs (points_hold, then points_settle), each as its own statement, from as
 * many clients as the pool has. No Node, no driver, no pool: what is left is the database and the
 * disk's commit latency, so the product's pairs/s is reported as a ratio to it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `pgbench` on PATH, else the newest one a Debian PostgreSQL server package installs. */
async function findPgbench(): Promise<string | null> {
  try {
    await run('pgbench', ['--version']);
    return 'pgbench';
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    const found = versions.map((v) => path.join(root, v, 'bin/pgbench')).find((p) => existsSync(p));
    return found ?? null;
  }
}

/**
 * The same calls as ledger.hold + ledger.capture, with the same arguments (10 held, 7 captured,
 * 24 hours), as named prepared statements, as the product's pool sends them. Client n works for user `base + n`,
 * as the Node loop's worker n works for its own user; task refs are random, so never repeated.
 */
const SCRIPT = `\\set uid :base + :client_id
\\set r random(1, 9000000000000000000)
SELECT o_outcome, o_balance, o_hold_id FROM points_hold(:uid, 'pgbench-' || :r::text, 10, 24);
SELECT o_outcome, o_captured FROM points_settle('pgbench-' || :r::text, 7, false);
`;

export type PgbenchResult = { pairsPerSecond: number } | { missing: string };

/**
 * Runs the pairs for `seconds` from `clients` connections on users base … base + clients - 1
 * (each already credited). Answers pairs/s, or why it could not run when pgbench is missing.
 */
export async function pgbenchHoldCapture(
  databaseUrl: string,
  base: number,
  clients: number,
  seconds: number,
): Promise<PgbenchResult> {
  const bin = await findPgbench();
  if (!bin) return { missing: 'pgbench not found (install the PostgreSQL server or client package)' };
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pgbench-'));
  try {
    const script = path.join(dir, 'hold-capture.sql');
    writeFileSync(script, SCRIPT);
    const { stdout } = await run(
      bin,
      ['-n', '-M', 'prepared', '-c', String(clients), '-j', '1', '-T', String(seconds)].concat([
        '-D',
        `base=${base}`,
        '-f',
        script,
        databaseUrl,
      ]),
      { maxBuffer: 1 << 20 },
    );
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    if (failed && Number(failed[1]) > 0) throw new Error(`pgbench: ${failed[1]} failed pairs\n${stdout}`);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { pairsPerSecond: Math.round(Number(tps[1])) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
