import type { Queryable } from '../db/client.js';
import type { ProcessRecord, LiveProcess } from './agreement.js';

// any constant works; it only has to be the same for every process joining this database
const JOIN_LOCK = 72_817_030;

interface Row {
  id: string;
  role: 'server' | 'worker';
  runs_jobs: boolean;
  host: string;
  pid: number;
  storage_kind: 'local' | 's3';
  storage_location: string;
  storage_bucket: string | null;
  secret_fingerprint: string;
  secret_source: 'env' | 'generated';
  seen_seconds_ago: number;
}

/** Serialises joins (in a transaction): of two processes that disagree, the first one wins. */
export async function lockJoins(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [JOIN_LOCK]);
}

/** The other processes whose heartbeat is at most `goneAfterSeconds` old, longest running first. */
export async function liveProcesses(
  q: Queryable,
  exceptId: string,
  goneAfterSeconds: number,
): Promise<LiveProcess[]> {
  const rows = await q.query<Row>(
    `SELECT id, role, runs_jobs, host, pid, storage_kind, storage_location, storage_bucket,
            secret_fingerprint, secret_source,
            floor(extract(epoch FROM now() - seen_at))::int AS seen_seconds_ago
       FROM processes
      WHERE id <> $1 AND seen_at > now() - make_interval(secs => $2)
      ORDER BY started_at, id`,
    [exceptId, goneAfterSeconds],
  );
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    runsJobs: r.runs_jobs,
    host: r.host,
    pid: r.pid,
    storage:
      r.storage_kind === 's3'
        ? { kind: 's3', location: r.storage_location, bucket: r.storage_bucket ?? '' }
        : { kind: 'local', location: r.storage_location, bucket: null },
    secretFingerprint: r.secret_fingerprint,
    secretSource: r.secret_source,
    seenSecondsAgo: r.seen_seconds_ago,
  }));
}

/** Records the process, or renews its heartbeat (a record removed meanwhile comes back). */
export async function saveProcess(q: Queryable, p: ProcessRecord): Promise<void> {
  await q.query(
    `INSERT INTO processes (id, role, runs_jobs, host, pid, storage_kind, storage_location,
                            storage_bucket, secret_fingerprint, secret_source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
    [
      p.id,
      p.role,
      p.runsJobs,
      p.host,
      p.pid,
      p.storage.kind,
      p.storage.location,
      p.storage.bucket,
      p.secretFingerprint,
      p.secretSource,
    ],
  );
}

export async function removeProcess(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM processes WHERE id = $1', [id]);
}

/**
 * Removes the records of gone processes: on PostgreSQL those past the window, on PGlite (one
 * process per database) every other one.
 */
export async function removeGoneProcesses(
  q: Queryable,
  exceptId: string,
  goneAfterSeconds: number | 'all',
): Promise<void> {
  if (goneAfterSeconds === 'all') {
    await q.query('DELETE FROM processes WHERE id <> $1', [exceptId]);
  } else {
    await q.query('DELETE FROM processes WHERE id <> $1 AND seen_at <= now() - make_interval(secs => $2)', [
      exceptId,
      goneAfterSeconds,
    ]);
  }
}
