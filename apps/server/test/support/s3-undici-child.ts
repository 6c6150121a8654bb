/**
 * The S3 adapter in a process whose global fetch dispatcher is undici 7's Agent, the undici that
 * alipay-sdk brings (through urllib): the built server's state whenever alipay-sdk loaded before
 * anything else touched fetch. Takes S3_ENDPOINT and S3_BUCKET; prints one JSON line: what Node's
 * fetch did with a stated Content-Length, then what each storage call gave (or the first error).
 */
import { text } from 'node:stream/consumers';
import { Agent, setGlobalDispatcher } from 'urllib';
import { s3Storage } from '../../src/providers/storage/s3-storage.js';
import { S3_TEST_CREDENTIALS } from './s3-server.js';

setGlobalDispatcher(new Agent());
const endpoint = process.env.S3_ENDPOINT!;
const bucket = process.env.S3_BUCKET!;
const report: Record<string, unknown> = {};

// the condition itself: Node's fetch through this dispatcher, with the length stated
try {
  const res = await fetch(`${endpoint}/${bucket}/probe.txt`, {
    method: 'PUT',
    body: 'x',
    headers: { 'content-length': '1' },
  });
  report.fetchWithLength = `HTTP ${res.status}`;
} catch (error) {
  const cause = (error as { cause?: unknown }).cause;
  report.fetchWithLength = cause instanceof Error ? cause.message : String(error);
}

const storage = s3Storage({
  endpoint,
  bucket,
  region: 'us-east-1',
  ...S3_TEST_CREDENTIALS,
  forcePathStyle: true,
});
const key = 'translated-files/file_1_dispatcher.srt';
const body = Buffer.from('1\r\n00:00:01,000 --> 00:00:02,000\r\nBonjour\r\n');
try {
  await storage.put(key, body);
  report.head = await storage.head(key);
  const got = await storage.get(key);
  report.get = got ? await text(got.body) : null;
  const media = 'translated-videos/file_1_dispatcher.mp4';
  const uploadId = await storage.createMultipartUpload(media, {
    contentType: 'video/mp4',
    partSize: 5 << 20,
  });
  // the browser's part: a presigned PUT
  const part = await fetch(await storage.partUploadUrl(media, uploadId, 1, 600), {
    method: 'PUT',
    body: 'video',
  });
  await storage.completeMultipartUpload(media, uploadId, [
    { partNumber: 1, etag: part.headers.get('etag')! },
  ]);
  report.media = await storage.head(media);
  await storage.delete(key);
  await storage.delete(media);
  report.afterDelete = await storage.head(key);
} catch (error) {
  report.error = error instanceof Error ? error.message : String(error);
}
process.stdout.write(`${JSON.stringify(report)}\n`);
