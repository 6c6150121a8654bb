import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, writeSync } from 'node:fs';
import { mkdtemp, rename, rm, symlink, unlink } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadPartUrls, UploadTicket } from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../test/harness.js';
import { captureLog, type LogEntry } from '../../test/support/log-capture.js';
import {
  envelope,
  expectFailure,
  expectSuccess,
  makePng,
  multipart,
  OWN_ORIGIN,
  userRowByEmail,
} from '../../test/support/http.js';
import { startSpeechApp, type SpeechApp } from '../../test/support/speech-app.js';
import { makeSrt } from '../../test/support/tasks.js';

/**
 * Issue 41: a full disk answered 500 on an SRT upload and "the upload was interrupted" on a part.
 * Now each write that needs space is answered OUT_OF_STORAGE (507) in the caller's language,
 * nothing half-written stays visible (no task without its lines, no part counted as stored, no
 * partial file), the server goes on serving, and the operator is alerted in the log once until
 * space is back. The disk fills at the OS boundary: a part's file on /dev/full and the database
 * answering disk_full as PostgreSQL does (no root needed), and a real, small tmpfs (root).
 */

const SRT =
  '1\n00:00:01,000 --> 00:00:02,000\nHello there, friend\n\n2\n00:00:03,000 --> 00:00:04,000\nAgain\n';
const OUT_OF_STORAGE = 50700;
const ZH_MSG = '服务器的存储空间已满，这次没能保存；已保存的内容都完好无损。请稍后再试';
const EN_MSG =
  'The server is out of storage space, so this could not be saved; nothing saved before was lost. Try again later';

/** A PUT over a real socket: the answer must reach a client whose body the server stopped storing. */
function putOverHttp(
  port: number,
  url: string,
  body: Buffer,
): Promise<{ status: number; body: string; etag: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'PUT',
        agent: false,
        headers: { 'content-type': 'application/octet-stream', 'content-length': body.length },
      },
      (res) => {
        void text(res).then(
          (answer) =>
            resolve({ status: res.statusCode ?? 0, body: answer, etag: String(res.headers.etag ?? '') }),
          reject,
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function listen(t: TestApp): Promise<number> {
  return t.app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
    const address = t.app.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
}

/** The operator's alerts (and all-clears) for `owner` in the captured log. */
function alertsIn(log: ReturnType<typeof captureLog>, owner: 'disk' | 'database') {
  const entries = log
    .text()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LogEntry);
  return {
    raised: entries.filter((e) => e.alert === 'out-of-storage' && e.owner === owner),
    cleared: entries.filter((e) => e.alert === 'out-of-storage-over' && e.owner === owner),
  };
}

const srtForm = (srt = SRT) =>
  multipart([
    { name: 'targetLanguage', data: 'ja' },
    { name: 'file', filename: 'film.srt', contentType: 'application/x-subrip', data: srt },
  ]);

function postForm(t: TestApp, url: string, token: string, form: { payload: Buffer; contentType: string }) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': form.contentType, cookie: `user_sessionid=${token}`, origin: OWN_ORIGIN },
    payload: form.payload,
  });
}

const taskCount = async (t: TestApp, userId: number) =>
  (
    await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks WHERE user_id = $1', [userId])
  )[0]!.n;

/** An upload of `bytes` started, with its one part's URL and the storage's file behind it. */
async function startOnePartUpload(t: TestApp, token: string, bytes: Buffer) {
  const ticket = expectSuccess<UploadTicket>(
    await t.post(
      '/file/sts-credentials',
      { fileName: 'talk.mp3', size: bytes.length, type: 1 },
      { as: token },
    ),
  );
  expect(ticket.partCount).toBe(1);
  const { urls } = expectSuccess<UploadPartUrls>(
    await t.post('/file/upload_parts', { uploadId: ticket.uploadId, partNumbers: [1] }, { as: token }),
  );
  const url = urls[0]!.url;
  const storageId = new URL(url, OWN_ORIGIN).searchParams.get('u')!;
  const dir = path.join(t.ctx.env.DATA_DIR, 'objects', '.uploads', storageId);
  return { ticket, url, dir, data: path.join(dir, 'data'), record: path.join(dir, 'part-1.json') };
}

const complete = (t: TestApp, token: string, uploadId: string, etag: string) =>
  t.post('/file/complete_upload', { uploadId, parts: [{ partNumber: 1, etag }] }, { as: token });

async function storedBytes(t: TestApp, key: string): Promise<Buffer | null> {
  const found = await t.ctx.storage.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const c of found.body as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

describe(`a full disk met at the OS boundary, without root (${TEST_DB})`, () => {
  const log = captureLog();
  let s: SpeechApp;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    s = await startSpeechApp({}, { log: log.log });
    t = s.t;
    port = await listen(t);
  });
  afterAll(() => s?.close());

  it('answers a part whose file is on /dev/full with 507, counts no part of it, alerts once, and stores it once there is space', async () => {
    const u = await t.signUp();
    // three 1 MiB writes: the first fails while the rest of the body is still arriving
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const up = await startOnePartUpload(t, u.token, bytes);
    const first = await putOverHttp(port, up.url, bytes);
    expect(first.status).toBe(200);

    // the disk fills: the part's file now writes to /dev/full (every write: ENOSPC)
    await rename(up.data, `${up.data}.kept`);
    await symlink('/dev/full', up.data);
    for (let i = 0; i < 2; i += 1) {
      const full = await putOverHttp(port, up.url, bytes);
      expect(full.status).toBe(507);
      expect(JSON.parse(full.body)).toEqual({ code: OUT_OF_STORAGE, msg: ZH_MSG, data: null });
    }
    // the part sent before no longer counts as stored: its bytes were being replaced
    expect(existsSync(up.record)).toBe(false);
    expectFailure(await complete(t, u.token, up.ticket.uploadId, first.etag), 40908, 409);
    expect(await t.ctx.storage.head(up.ticket.objectKey)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(alertsIn(log, 'disk').raised).toHaveLength(1);
    expect(alertsIn(log, 'disk').raised[0]).toMatchObject({
      level: 50,
      where: 'storage.writePart',
      code: 'ENOSPC',
    });

    // space is back: the part is taken, the upload completes whole, and the operator hears so
    await unlink(up.data);
    await rename(`${up.data}.kept`, up.data);
    const again = await putOverHttp(port, up.url, bytes);
    expect(again.status).toBe(200);
    expect(alertsIn(log, 'disk').cleared).toHaveLength(1);
    expectSuccess(await complete(t, u.token, up.ticket.uploadId, again.etag));
    expect((await storedBytes(t, up.ticket.objectKey))!.equals(bytes)).toBe(true);

    // a later shortage is alerted again
    const next = await startOnePartUpload(t, u.token, bytes);
    await rm(next.data);
    await symlink('/dev/full', next.data);
    expect((await putOverHttp(port, next.url, bytes)).status).toBe(507);
    expect(alertsIn(log, 'disk').raised).toHaveLength(2);
  });

  it('answers an SRT upload the database has no room for with 507 in the caller’s language, keeps no task, alerts once', async () => {
    // PostgreSQL's answer when a table's file cannot grow (PGlite's too: the tmpfs test below)
    await t.ctx.db.exec(`
      CREATE OR REPLACE FUNCTION disk_full_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'could not extend file "base/5/16385": No space left on device'
          USING ERRCODE = 'disk_full', HINT = 'Check free disk space.';
      END $$;
      CREATE TRIGGER disk_full_test BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION disk_full_test();
    `);
    const dropTriggers = () =>
      t.ctx.db.exec(
        'DROP TRIGGER IF EXISTS disk_full_test ON tasks; DROP TRIGGER IF EXISTS disk_full_test ON sessions;',
      );
    try {
      const u = await t.signUp();
      const zh = expectFailure(await postForm(t, '/task/create', u.token, srtForm()), OUT_OF_STORAGE, 507);
      expect(zh.msg).toBe(ZH_MSG);
      expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: u.token }));
      const en = expectFailure(await postForm(t, '/task/create', u.token, srtForm()), OUT_OF_STORAGE, 507);
      expect(en.msg).toBe(EN_MSG);
      expect(await taskCount(t, u.id)).toBe(0);
      expect(alertsIn(log, 'database').raised).toHaveLength(1);
      expect(alertsIn(log, 'database').raised[0]).toMatchObject({
        where: 'POST /task/create',
        code: '53100',
      });

      // reads go on, a session due to slide its expiry included (the slide waits)
      await t.ctx.db.query(`UPDATE sessions SET touched_at = now() - interval '2 days' WHERE user_id = $1`, [
        u.id,
      ]);
      await t.ctx.db.exec(
        'CREATE TRIGGER disk_full_test BEFORE UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION disk_full_test()',
      );
      t.ctx.sessionCache.forgetUser(u.id);
      expectSuccess(await t.post('/task/list', { page: 1, size: 10 }, { as: u.token }));
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      // room again: the same upload is taken, and the operator hears so
      await dropTriggers();
      expectSuccess(await postForm(t, '/task/create', u.token, srtForm()));
      expect(await taskCount(t, u.id)).toBe(1);
      expect(alertsIn(log, 'database').cleared).toHaveLength(1);
    } finally {
      await dropTriggers();
      await t.ctx.db.exec('DROP FUNCTION IF EXISTS disk_full_test()');
    }
  });
});

/** Root may mount a tmpfs (CI runs as root); anyone else is told why this part cannot run here. */
const TMPFS_UNAVAILABLE =
  process.getuid?.() === 0 ? null : 'mounting a tmpfs needs root: run as root (as CI does) to include it';

describe.skipIf(TMPFS_UNAVAILABLE !== null)(
  `a full disk on a real, small tmpfs${TMPFS_UNAVAILABLE ? ` (not run: ${TMPFS_UNAVAILABLE})` : ''} (${TEST_DB})`,
  () => {
    const log = captureLog();
    let dir = '';
    let mounted = false;
    let s: SpeechApp | undefined;
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'subtrans-full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=192m', 'tmpfs', dir]);
      mounted = true;
      // DATA_DIR on it: the stored files, and on PGlite the database's files
      s = await startSpeechApp({}, { dataDir: dir, log: log.log });
      t = s.t;
      port = await listen(t);
    }, 120_000);
    afterAll(async () => {
      await s?.close();
      if (mounted) execFileSync('umount', [dir]);
      await rm(dir, { recursive: true, force: true });
    });

    /** Writes a file until the disk has no byte left; answers its path. */
    function fillDisk(): string {
      const filler = path.join(dir, `filler-${randomBytes(3).toString('hex')}`);
      const fd = openSync(filler, 'w');
      try {
        for (const size of [1024 * 1024, 4096, 1]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          }
        }
      } finally {
        closeSync(fd);
      }
      return filler;
    }

    it('refuses what needs space with 507, keeps nothing half-written, serves the rest, and takes it all once space is freed', async () => {
      const u = await t.signUp();
      const before = expectSuccess<{ id: string }>(await postForm(t, '/task/create', u.token, srtForm()));
      const bytes = randomBytes(2 * 1024 * 1024 + 5);
      const up = await startOnePartUpload(t, u.token, bytes);
      const avatar = multipart([
        { name: 'avatar', filename: 'me.png', contentType: 'image/png', data: makePng(64, 64, 200_000) },
      ]);

      const filler = fillDisk();
      // the SRT upload: its rows go to a database on this disk (PGlite), or elsewhere (PostgreSQL);
      // a film's worth of lines needs pages the database's files do not have yet
      const film = makeSrt(3000);
      const created = await postForm(t, '/task/create', u.token, srtForm(film));
      if (TEST_DB === 'pglite') {
        expect(expectFailure(created, OUT_OF_STORAGE, 507).msg).toBe(ZH_MSG);
        expect(await taskCount(t, u.id)).toBe(1);
      } else {
        expectSuccess(created);
      }
      // an avatar: refused, and no partial file is left beside the others
      expectFailure(await postForm(t, '/api/upload', u.token, avatar), OUT_OF_STORAGE, 507);
      const avatars = path.join(dir, 'objects', 'avatars', String(u.id));
      expect(existsSync(avatars) ? readdirSync(avatars) : []).toEqual([]);
      expect((await userRowByEmail(t, u.email))!.pic).toBe('');
      // a part: refused over the socket, not counted as stored
      const part = await putOverHttp(port, up.url, bytes);
      expect(part.status).toBe(507);
      expect(existsSync(up.record)).toBe(false);
      // what was saved before is read as it was, and the server answers
      expect(envelope(await t.post('/task/get', { id: before.id }, { as: u.token })).code).toBe(20000);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // one alert per full store, however many writes it refused
      expect(alertsIn(log, 'disk').raised).toHaveLength(1);
      expect(alertsIn(log, 'database').raised).toHaveLength(TEST_DB === 'pglite' ? 1 : 0);

      await unlink(filler);
      expectSuccess(await postForm(t, '/task/create', u.token, srtForm(film)));
      expectSuccess(await postForm(t, '/api/upload', u.token, avatar));
      const again = await putOverHttp(port, up.url, bytes);
      expect(again.status).toBe(200);
      expectSuccess(await complete(t, u.token, up.ticket.uploadId, again.etag));
      expect((await storedBytes(t, up.ticket.objectKey))!.equals(bytes)).toBe(true);
      expect(alertsIn(log, 'disk').cleared).toHaveLength(1);
      expect(alertsIn(log, 'database').cleared).toHaveLength(TEST_DB === 'pglite' ? 1 : 0);
      // the task from before the shortage is whole
      const task = expectSuccess<{ segments: unknown[] }>(
        await t.post('/task/get', { id: before.id }, { as: u.token }),
      );
      expect(task.segments).toHaveLength(2);
    });
  },
);
