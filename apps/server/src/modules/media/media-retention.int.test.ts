import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectionState, Task, UploadTicket } from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { makeSpeechMedia, type MadeMedia } from '../../../test/support/media.js';
import {
  detection,
  execution,
  STORAGE_KINDS,
  storageEnv,
  submitMedia,
} from '../../../test/support/media-storage.js';
import { uploadMedia } from '../../../test/support/media-upload.js';
import { grantPoints } from '../../../test/support/tasks.js';
import { startSpeechApp, type SpeechApp } from '../../../test/support/speech-app.js';
import { expireUnexecutedMedia } from './retention.service.js';

const DAY = 86_400_000;

describe.each(STORAGE_KINDS)(`audio/video never executed is deleted (%s storage, ${TEST_DB})`, (kind) => {
  let dir: string;
  let mp3: MadeMedia;
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  let t: TestApp;
  let app: SpeechApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-retention-'));
    mp3 = await makeSpeechMedia(dir, { text: 'Good morning. This is a short test.', format: 'mp3' });
    storage = await storageEnv(kind);
    app = await startSpeechApp({
      MEDIA_UNEXECUTED_DAYS: '3',
      ...storage.env,
    });
    t = app.t;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const taskOf = async (token: string, id: string) =>
    expectSuccess<Task>(await t.post('/task/get', { id }, { as: token }));

  it('deletes the file of tasks never executed and of uploads never submitted once their time is up, says when beforehand, and leaves executed tasks alone', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 10);
    // waiting for its confirmation
    const waiting = await submitMedia(t, u.token, { path: mp3.path, name: 'waiting.mp3', type: 1 });
    expect((await detection(t, u.token, waiting.taskId)).status).toBe(4);
    // its detection failed (not media)
    const refused = await submitMedia(t, u.token, { bytes: randomBytes(2000), name: 'noise.mp3', type: 1 });
    expect((await detection(t, u.token, refused.taskId)).status).toBe(5);
    // executed (completed)
    const done = await submitMedia(t, u.token, { path: mp3.path, name: 'done.mp3', type: 1 });
    await detection(t, u.token, done.taskId);
    const executed = await execution(t, u.token, done.taskId);
    expect(executed.status).toBe(4);
    // uploaded, never submitted
    const unused = await uploadMedia(t, u.token, { bytes: randomBytes(3000), name: 'unused.mp3', type: 1 });
    // still uploading: left to the unfinished-upload cleanup
    const open = expectSuccess<UploadTicket>(
      await t.post('/file/sts-credentials', { fileName: 'open.mp3', size: 100, type: 1 }, { as: u.token }),
    );

    // the date is shown beforehand: MEDIA_UNEXECUTED_DAYS after the task was made
    const before = await taskOf(u.token, waiting.taskId);
    const expected = new Date(before.submitTime).getTime() + 3 * DAY;
    expect(Math.abs(new Date(before.mediaExpiresAt!).getTime() - expected)).toBeLessThan(60_000);
    const check = expectSuccess<DetectionState>(
      await t.post('/file/check_task', { taskId: waiting.taskId }, { as: u.token }),
    );
    expect(check.mediaExpiresAt).toBe(before.mediaExpiresAt);
    expect((await taskOf(u.token, refused.taskId)).mediaExpiresAt).not.toBeNull();
    const listed = expectSuccess<{ list: Task[] }>(
      await t.post('/task/list', { page: 1, size: 10 }, { as: u.token }),
    );
    expect(listed.list.find((x) => x.id === waiting.taskId)!.mediaExpiresAt).toBe(before.mediaExpiresAt);
    // an executed task's file is kept until the task is deleted
    expect((await taskOf(u.token, done.taskId)).mediaExpiresAt).toBeNull();

    // before its time nothing goes
    expect(await expireUnexecutedMedia(t.ctx)).toMatchObject({ tasks: 0, uploads: 0 });
    expect(await t.ctx.storage.head(waiting.objectKey)).not.toBeNull();

    // four days later
    await t.ctx.db.query(
      `UPDATE tasks SET created_at = created_at - interval '4 days',
              media_expires_at = media_expires_at - interval '4 days' WHERE user_id = $1`,
      [u.id],
    );
    await t.ctx.db.query(
      `UPDATE media_uploads SET created_at = created_at - interval '4 days',
              completed_at = completed_at - interval '4 days' WHERE user_id = $1`,
      [u.id],
    );
    expect(await expireUnexecutedMedia(t.ctx)).toEqual({ tasks: 2, uploads: 1, deleted: 3 });

    for (const key of [waiting.objectKey, refused.objectKey, unused.objectKey])
      expect(await t.ctx.storage.head(key)).toBeNull();
    expect(await t.ctx.storage.head(done.objectKey)).not.toBeNull();
    expect(await t.ctx.storage.head(executed.srtObjectKey!)).not.toBeNull();
    expect(await taskOf(u.token, done.taskId)).toMatchObject({ status: 'completed', executeStatus: 4 });

    for (const id of [waiting.taskId, refused.taskId]) {
      expect(await taskOf(u.token, id)).toMatchObject({
        status: 'failed',
        detectStatus: 5,
        errorKey: 'MEDIA_EXPIRED',
        mediaExpiresAt: null,
      });
    }
    const said = expectSuccess<DetectionState>(
      await t.post('/file/check_task', { taskId: waiting.taskId }, { as: u.token }),
    );
    expect(said).toMatchObject({
      status: 5,
      message: '文件上传后长时间未翻译，已被删除；如需翻译请重新上传',
    });
    // it cannot be executed, played, or submitted any more; nothing was held
    expectFailure(
      await t.post('/file/submit_execute_task', { taskId: waiting.taskId, targetLau: 'ja' }, { as: u.token }),
      41000,
      410,
    );
    expectFailure(
      await t.post('/file/sts-down-credentials', { taskId: waiting.taskId }, { as: u.token }),
      40407,
      404,
    );
    expectFailure(
      await t.post('/file/submit_check_task', { objectKey: unused.objectKey, type: 1 }, { as: u.token }),
      40407,
      404,
    );
    const [upload] = await t.ctx.db.query<{ status: string }>(
      `SELECT status FROM media_uploads WHERE id = $1`,
      [open.uploadId],
    );
    expect(upload!.status).toBe('uploading');
    const [queued] = await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM storage_deletions`);
    expect(queued!.n).toBe(0);
    // a second run finds nothing more
    expect(await expireUnexecutedMedia(t.ctx)).toEqual({ tasks: 0, uploads: 0, deleted: 0 });
  });
});
