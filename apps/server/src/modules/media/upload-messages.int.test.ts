import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadPartUrls, UploadTicket } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { putPart } from '../../../test/support/media-upload.js';

/** An unfinished direct upload is answered in the user's language; the figures go in data. */
describe(`upload failures in the user's words (${TEST_DB})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // uploads need a speech engine configured; nothing here reaches it
    t = await startTestApp({ env: { STT_BASE_URL: 'http://127.0.0.1:9/v1' } });
    token = (await t.signUp()).token;
  });
  afterAll(() => t.close());

  const start = async (size: number) =>
    expectSuccess<UploadTicket>(
      await t.post('/file/sts-credentials', { fileName: 'talk.mp3', size, type: 1 }, { as: token }),
    );
  const partUrls = async (uploadId: string, partNumbers: number[]) =>
    expectSuccess<UploadPartUrls>(
      await t.post('/file/upload_parts', { uploadId, partNumbers }, { as: token }),
    );

  it('answers a size that does not match, and missing parts, without English details', async () => {
    const ticket = await start(10);
    const { urls } = await partUrls(ticket.uploadId, [1]);
    const put = await putPart(t, urls[0]!.url, Buffer.from('12345'));
    const short = expectFailure(
      await t.post(
        '/file/complete_upload',
        { uploadId: ticket.uploadId, parts: [{ partNumber: 1, etag: put.etag }] },
        { as: token },
      ),
      40908,
      409,
    );
    expect(short).toMatchObject({
      msg: '文件上传未完成，请重试',
      data: { storedBytes: 5, declaredBytes: 10 },
    });

    const big = await start(20 * 1024 * 1024);
    const missing = expectFailure(
      await t.post(
        '/file/complete_upload',
        { uploadId: big.uploadId, parts: [{ partNumber: 1, etag: '"x"' }] },
        { as: token },
      ),
      40908,
      409,
    );
    expect(missing).toMatchObject({
      msg: '文件上传未完成，请重试',
      data: { parts: big.partCount, given: 1 },
    });
  });

  it('names a part number beyond the upload, with the upload’s part count', async () => {
    const ticket = await start(10);
    const res = await t.post(
      '/file/upload_parts',
      { uploadId: ticket.uploadId, partNumbers: [1, 7] },
      { as: token },
    );
    const answer = expectFailure(res, 40000, 400);
    expect(answer.msg).toBe('请求参数有误：第 2 个分片编号超出范围，该上传共有 1 个分片');
    expect(answer.data).toEqual({
      fields: [{ field: 'partNumbers.1', message: '第 2 个分片编号超出范围，该上传共有 1 个分片' }],
    });
  });
});
