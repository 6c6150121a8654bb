import { createHmac } from 'node:crypto';
import { describeStorage, sameStorage, type StorageIdentity } from '../providers/storage/storage-identity.js';

/**
 * What the processes sharing one database must agree on, and what a process that starts says
 * when it does not: pure, so every verdict and message is tested without processes.
 */

/** How often a process renews its record. */
export const HEARTBEAT_SECONDS = 10;
/** A record older than this belongs to a process that is gone (three missed heartbeats). */
export const GONE_AFTER_SECONDS = 30;

export type ProcessRole = 'server' | 'worker';

export interface ProcessRecord {
  id: string;
  role: ProcessRole;
  /** a server with WORKERS=inline, or a worker */
  runsJobs: boolean;
  host: string;
  pid: number;
  storage: StorageIdentity;
  secretFingerprint: string;
  /** APP_SECRET, or the one generated at the first start and kept in the database */
  secretSource: 'env' | 'generated';
}

export interface LiveProcess extends ProcessRecord {
  seenSecondsAgo: number;
}

export interface Verdict {
  /** what makes running side by side unsafe: the process does not start */
  refusals: string[];
  /** what runs, but is likely not what the operator meant */
  warnings: string[];
}

/**
 * 48 bits of an HMAC of a constant keyed with the secret: equal secrets give equal fingerprints,
 * and nothing about the secret (at least 32 characters) can be learnt from it.
 */
export function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('subtrans/process-agreement/v1').digest('hex').slice(0, 12);
}

function name(p: LiveProcess): string {
  return `${p.role} on ${p.host} (pid ${p.pid}, heartbeat ${p.seenSecondsAgo} s ago)`;
}

/** "the live server on a (…), worker on b (…) and 2 more" */
function names(ps: LiveProcess[]): string {
  const shown = ps.slice(0, 3).map(name).join(', ');
  return `the live ${shown}${ps.length > 3 ? ` and ${ps.length - 3} more` : ''}`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function groupBy<K>(ps: LiveProcess[], key: (p: LiveProcess) => K, same: (a: K, b: K) => boolean) {
  const groups: { key: K; processes: LiveProcess[] }[] = [];
  for (const p of ps) {
    const k = key(p);
    const group = groups.find((g) => same(g.key, k));
    if (group) group.processes.push(p);
    else groups.push({ key: k, processes: [p] });
  }
  return groups;
}

function storageFix(here: StorageIdentity, there: StorageIdentity): string {
  if (there.kind === 's3') {
    return here.kind === 's3'
      ? 'set S3_ENDPOINT and S3_BUCKET as they are set there'
      : 'set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as they are set there';
  }
  return here.kind === 's3'
    ? 'unset S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (they use local disk), or move every process to S3'
    : `set DATA_DIR so that its objects folder is ${there.location}`;
}

function secretName(source: ProcessRecord['secretSource'], fingerprint: string): string {
  return source === 'env'
    ? `APP_SECRET (fingerprint ${fingerprint})`
    : `the secret generated into the database, APP_SECRET unset (fingerprint ${fingerprint})`;
}

/** How `self` stands with the live processes on its database. */
export function compareWithSiblings(self: ProcessRecord, live: LiveProcess[]): Verdict {
  const refusals: string[] = [];
  const warnings: string[] = [];
  const otherStorage = live.filter((p) => !sameStorage(p.storage, self.storage));
  for (const g of groupBy(otherStorage, (p) => p.storage, sameStorage)) {
    refusals.push(
      `storage differs. Here: ${describeStorage(self.storage)}. ${capital(names(g.processes))}: ${describeStorage(g.key)}. ` +
        `A file stored by one would be missing on the other: ${storageFix(self.storage, g.key)}.`,
    );
  }
  const otherSecret = live.filter((p) => p.secretFingerprint !== self.secretFingerprint);
  for (const g of groupBy(
    otherSecret,
    (p) => ({ fingerprint: p.secretFingerprint, source: p.secretSource }),
    (a, b) => a.fingerprint === b.fingerprint,
  )) {
    refusals.push(
      `the secret differs. Here: ${secretName(self.secretSource, self.secretFingerprint)}. ` +
        `${capital(names(g.processes))}: ${secretName(g.key.source, g.key.fingerprint)}. ` +
        'A code mailed by one would fail on the other, and its signed links too: set the same APP_SECRET on every process.',
    );
  }
  const sharedDisk = live.filter(
    (p) => self.storage.kind === 'local' && sameStorage(p.storage, self.storage) && p.host !== self.host,
  );
  if (sharedDisk.length) {
    warnings.push(
      `local disk ${self.storage.location} is used here (on ${self.host}) and by ${names(sharedDisk)}. ` +
        'Unless that folder is storage shared by the machines, a file stored on one is missing on the other: with several machines, set S3_* on every process.',
    );
  }
  if (self.role === 'server' && self.runsJobs) {
    const workers = live.filter((p) => p.role === 'worker');
    if (workers.length) {
      warnings.push(
        `this server runs the jobs in-process (WORKERS=inline, the default) beside dedicated workers: ${names(workers)}. ` +
          'It works, but the jobs also take this server’s time: set WORKERS=external on every server when workers run on their own.',
      );
    }
  }
  if (self.role === 'worker') {
    const inline = live.filter((p) => p.role === 'server' && p.runsJobs);
    if (inline.length) {
      warnings.push(
        `${names(inline)} run the jobs in-process (WORKERS is not external there) beside this dedicated worker. ` +
          'It works, but set WORKERS=external on those servers if the workers are meant to run the jobs alone.',
      );
    }
  }
  return { refusals, warnings };
}

/** What a refused process prints before it exits (as an invalid environment is printed). */
export function refusalMessage(role: ProcessRole, refusals: string[]): string {
  return [
    `Refusing to start: this ${role} disagrees with the processes running on the same database:`,
    ...refusals.map((r) => `  - ${r}`),
    'To change such a setting, stop every server and worker, then start them all with the new setting.',
    `A process stopped without a clean shutdown (killed, crashed) counts as running until ${GONE_AFTER_SECONDS} s after its last heartbeat.`,
  ].join('\n');
}
