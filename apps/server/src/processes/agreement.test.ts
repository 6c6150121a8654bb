import { describe, expect, it } from 'vitest';
import {
  compareWithSiblings,
  refusalMessage,
  secretFingerprint,
  type LiveProcess,
  type ProcessRecord,
} from './agreement.js';

const SECRET = 'a'.repeat(40);
const OTHER_SECRET = 'b'.repeat(40);

const self = (over: Partial<ProcessRecord> = {}): ProcessRecord => ({
  id: 'self',
  role: 'server',
  runsJobs: false,
  host: 'web-1',
  pid: 100,
  storage: { kind: 's3', location: 'http://minio:9000', bucket: 'media' },
  secretFingerprint: secretFingerprint(SECRET),
  secretSource: 'env',
  ...over,
});
const live = (over: Partial<LiveProcess> = {}): LiveProcess => ({
  ...self(),
  id: 'other',
  host: 'web-2',
  pid: 200,
  seenSecondsAgo: 3,
  ...over,
});

describe('secretFingerprint', () => {
  it('is equal for equal secrets, differs otherwise, and shows nothing of the secret', () => {
    expect(secretFingerprint(SECRET)).toBe(secretFingerprint(SECRET));
    expect(secretFingerprint(SECRET)).not.toBe(secretFingerprint(OTHER_SECRET));
    expect(secretFingerprint(SECRET)).toMatch(/^[0-9a-f]{12}$/);
    const secret = '0123456789abcdef0123456789abcdef';
    expect(secret).not.toContain(secretFingerprint(secret));
  });
});

describe('compareWithSiblings', () => {
  it('accepts a process alone, or among processes that agree', () => {
    expect(compareWithSiblings(self(), [])).toEqual({ refusals: [], warnings: [] });
    expect(compareWithSiblings(self(), [live(), live({ id: 'w', role: 'worker', runsJobs: true })])).toEqual({
      refusals: [],
      warnings: [],
    });
  });

  it('refuses other storage and says what to set', () => {
    const here = self({ storage: { kind: 'local', location: '/srv/data/objects', bucket: null } });
    const { refusals } = compareWithSiblings(here, [live()]);
    expect(refusals).toEqual([
      'storage differs. Here: local disk /srv/data/objects. The live server on web-2 (pid 200, heartbeat 3 s ago): ' +
        'S3 http://minio:9000, bucket media. A file stored by one would be missing on the other: ' +
        'set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as they are set there.',
    ]);
    const otherBucket = compareWithSiblings(self(), [
      live({ storage: { kind: 's3', location: 'http://minio:9000', bucket: 'other' } }),
    ]);
    expect(otherBucket.refusals[0]).toContain('bucket other');
    expect(otherBucket.refusals[0]).toContain('set S3_ENDPOINT and S3_BUCKET as they are set there');
    const otherFolder = compareWithSiblings(here, [
      live({ storage: { kind: 'local', location: '/mnt/shared/objects', bucket: null } }),
    ]);
    expect(otherFolder.refusals[0]).toContain(
      'set DATA_DIR so that its objects folder is /mnt/shared/objects',
    );
    const toDisk = compareWithSiblings(self(), [live({ storage: here.storage })]);
    expect(toDisk.refusals[0]).toContain('unset S3_ENDPOINT');
  });

  it('refuses another secret, naming fingerprints and never the secret', () => {
    const here = self({ secretFingerprint: secretFingerprint(OTHER_SECRET), secretSource: 'generated' });
    const { refusals } = compareWithSiblings(here, [
      live(),
      live({ id: 'w', role: 'worker', host: 'job-1' }),
    ]);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toBe(
      `the secret differs. Here: the secret generated into the database, APP_SECRET unset (fingerprint ${secretFingerprint(OTHER_SECRET)}). ` +
        `The live server on web-2 (pid 200, heartbeat 3 s ago), worker on job-1 (pid 200, heartbeat 3 s ago): APP_SECRET (fingerprint ${secretFingerprint(SECRET)}). ` +
        'A code mailed by one would fail on the other, and its signed links too: set the same APP_SECRET on every process.',
    );
    const message = refusalMessage('server', refusals);
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain(OTHER_SECRET);
  });

  it('lists one line per disagreement, and at most three processes in each', () => {
    const others = [1, 2, 3, 4, 5].map((n) =>
      live({ id: `o${n}`, pid: n, storage: { kind: 'local', location: '/x', bucket: null } }),
    );
    const { refusals } = compareWithSiblings(self({ secretFingerprint: 'ffffffffffff' }), others);
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toContain('(pid 3, heartbeat 3 s ago) and 2 more: local disk /x');
  });

  it('warns, without refusing, of in-process workers beside dedicated ones, from either side', () => {
    const worker = live({ role: 'worker', runsJobs: true, host: 'job-1' });
    const server = compareWithSiblings(self({ runsJobs: true }), [worker]);
    expect(server.refusals).toEqual([]);
    expect(server.warnings).toEqual([
      'this server runs the jobs in-process (WORKERS=inline, the default) beside dedicated workers: the live worker on job-1 (pid 200, heartbeat 3 s ago). ' +
        'It works, but the jobs also take this server’s time: set WORKERS=external on every server when workers run on their own.',
    ]);
    const newWorker = compareWithSiblings(self({ role: 'worker', runsJobs: true }), [
      live({ runsJobs: true }),
    ]);
    expect(newWorker.refusals).toEqual([]);
    expect(newWorker.warnings[0]).toMatch(
      /^the live server on web-2 .* run the jobs in-process \(WORKERS is not external there\)/,
    );
    // servers with WORKERS=external beside workers, or inline servers alone: as meant
    expect(compareWithSiblings(self(), [worker]).warnings).toEqual([]);
    expect(compareWithSiblings(self({ runsJobs: true }), [live({ runsJobs: true })]).warnings).toEqual([]);
  });

  it('warns when local disk is used on several machines', () => {
    const disk = { kind: 'local' as const, location: '/srv/data/objects', bucket: null };
    const { refusals, warnings } = compareWithSiblings(self({ storage: disk }), [live({ storage: disk })]);
    expect(refusals).toEqual([]);
    expect(warnings[0]).toContain(
      'local disk /srv/data/objects is used here (on web-1) and by the live server on web-2',
    );
    expect(
      compareWithSiblings(self({ storage: disk }), [live({ storage: disk, host: 'web-1' })]).warnings,
    ).toEqual([]);
  });
});

describe('refusalMessage', () => {
  it('says how to change such a setting and how long a killed process still counts', () => {
    expect(refusalMessage('worker', ['one', 'two'])).toBe(
      [
        'Refusing to start: this worker disagrees with the processes running on the same database:',
        '  - one',
        '  - two',
        'To change such a setting, stop every server and worker, then start them all with the new setting.',
        'A process stopped without a clean shutdown (killed, crashed) counts as running until 30 s after its last heartbeat.',
      ].join('\n'),
    );
  });
});
