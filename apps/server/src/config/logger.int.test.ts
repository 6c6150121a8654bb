import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { captureLog } from '../../test/support/log-capture.js';
import { S3_TEST_CREDENTIALS, startS3Server } from '../../test/support/s3-server.js';

/** The values of a URL's query parameters that grant access (never to be read in the log). */
function secretsOf(url: string, names: string[]): string[] {
  const params = new URL(url, 'http://localhost').searchParams;
  const values = names.map((n) => params.get(n) ?? '');
  expect(values.every((v) => v.length > 8)).toBe(true);
  return values;
}

describe('signed storage URLs in the log', () => {
  describe('local-disk storage', () => {
    const logs = captureLog();
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ log: logs.log });
    });
    afterAll(() => t.close());

    it('logs the requests to /storage/* at info level without their signatures', async () => {
      const key = 'translated-videos/file_1_redact.mp4';
      await t.ctx.storage.put(key, Buffer.from('not really a video'));
      const download = await t.ctx.storage.downloadUrl(key, 600, { fileName: 'film.mp4' });
      const uploadId = await t.ctx.storage.createMultipartUpload('translated-videos/file_2_redact.mp4', {
        contentType: 'video/mp4',
        partSize: 1024,
      });
      const part = await t.ctx.storage.partUploadUrl('translated-videos/file_2_redact.mp4', uploadId, 1, 600);
      const secrets = [...secretsOf(download, ['s']), ...secretsOf(part, ['s'])];

      expect((await t.app.inject({ method: 'GET', url: download })).statusCode).toBe(200);
      const put = await t.app.inject({ method: 'PUT', url: part, payload: Buffer.from('part one') });
      expect(put.statusCode).toBe(200);
      // a forged or expired signature is refused, and its attempt is not logged in clear either
      const forged = download.replace(/([?&]s=)[^&]+/, '$1forged-signature-value');
      expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);

      const requests = logs
        .find('incoming request')
        .map((e) => (e.req as { url: string }).url)
        .filter((u) => u.startsWith('/storage/'));
      expect(requests).toHaveLength(3);
      for (const url of requests) expect(url).toMatch(/[?&]s=\[redacted\]/);
      // the rest of the address stays readable for whoever reads the log
      expect(requests[0]).toContain('/storage/object/translated-videos/file_1_redact.mp4?');
      const text = logs.text();
      for (const secret of [...secrets, 'forged-signature-value']) expect(text).not.toContain(secret);
    });
  });

  describe('S3 storage', () => {
    const logs = captureLog();
    let t: TestApp;
    let s3: Awaited<ReturnType<typeof startS3Server>>;
    beforeAll(async () => {
      s3 = await startS3Server();
      t = await startTestApp({
        log: logs.log,
        env: {
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        },
      });
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await s3.close();
    });

    it('never writes the signature or credential of a presigned URL, in a field, a message or an error', async () => {
      const key = 'translated-audios/file_3_redact.mp3';
      const url = await t.ctx.storage.downloadUrl(key, 600);
      const location = await t.ctx.storage.readableLocation(key, 600);
      const secrets = [
        ...secretsOf(url, ['X-Amz-Signature', 'X-Amz-Credential']),
        ...secretsOf(location, ['X-Amz-Signature']),
      ];
      t.ctx.log.info({ url }, 'playback address made');
      t.ctx.log.info(`reading ${location}`);
      t.ctx.log.warn({ err: new Error(`GET ${location} answered 403`) }, 'reading the object failed');

      const text = logs.text();
      for (const secret of secrets) expect(text).not.toContain(secret);
      for (const secret of secrets) expect(text).not.toContain(encodeURIComponent(secret));
      expect(logs.find('playback address made')[0]?.url).toMatch(
        /X-Amz-Credential=\[redacted\].*X-Amz-Signature=\[redacted\]/,
      );
      // the parameters that grant nothing stay, so the line still says which object and when
      expect(text).toContain('X-Amz-Expires=600');
      expect(text).toContain(key);
    });
  });
});
