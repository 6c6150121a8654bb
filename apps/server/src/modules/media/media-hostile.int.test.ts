import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectionState } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectSuccess } from '../../../test/support/http.js';
import { uploadMedia } from '../../../test/support/media-upload.js';
import { S3_TEST_CREDENTIALS, startS3Server } from '../../../test/support/s3-server.js';
import { startTranscriptionServer } from '../../../test/support/transcription-server.js';
import { startOpenAiServer } from '../../../test/support/translation-servers.js';
import { until } from '../../../test/support/until.js';

/**
 * With S3-compatible storage ffprobe reads an upload through a presigned URL, so a playlist
 * disguised as a video would have it follow the addresses the playlist names, from inside our
 * network. Uploads that name other files or addresses fail as "not audio or video".
 */
describe(`crafted uploads on S3-compatible storage (${TEST_DB})`, () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let stt: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;
  const reached: string[] = [];
  const internal = createServer((req, res) => {
    reached.push(req.url ?? '');
    res.writeHead(404).end();
  });
  let internalUrl = '';

  beforeAll(async () => {
    await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
    internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
    s3 = await startS3Server();
    stt = await startTranscriptionServer();
    engine = await startOpenAiServer('ds-key');
    t = await startTestApp({
      queue: true,
      env: {
        STT_BASE_URL: stt.baseUrl,
        DEEPSEEK_API_KEY: 'ds-key',
        DEEPSEEK_BASE_URL: engine.url,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stt?.close();
    await engine?.close();
    await s3?.close();
    internal.closeAllConnections();
    await new Promise<void>((r) => internal.close(() => r()));
  });

  const detect = async (token: string, name: string, bytes: Buffer) => {
    const up = await uploadMedia(t, token, { bytes, name, type: 2 });
    const { taskId } = expectSuccess<{ taskId: string }>(
      await t.post(
        '/file/submit_check_task',
        { objectKey: up.objectKey, type: 2, targetLau: 'en' },
        { as: token },
      ),
    );
    return until(async () => {
      const d = expectSuccess<DetectionState>(await t.post('/file/check_task', { taskId }, { as: token }));
      return d.status >= 4 ? d : null;
    }, 30_000);
  };

  it('fails an HLS playlist or a concat list named .mp4 as not media, without reaching what it names', async () => {
    const u = await t.signUp();
    const playlists = {
      'playlist.mp4': `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\n${internalUrl}/segment.ts\n#EXT-X-ENDLIST\n`,
      'passwd.mp4': '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n',
      'concat.mp4': `ffconcat version 1.0\nfile '${internalUrl}/inner.mp4'\n`,
    };
    for (const [name, body] of Object.entries(playlists)) {
      const d = await detect(u.token, name, Buffer.from(body));
      expect({ name, status: d.status }).toEqual({ name, status: 5 });
      expect(d.message).not.toContain('passwd:');
    }
    expect(reached).toEqual([]);
  });
});
