import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_TEST_CREDENTIALS, startS3Server } from '../../../test/support/s3-server.js';
import { s3Storage } from './s3-storage.js';
import { FILE_PART_BYTES } from './storage.js';

describe('S3-compatible storage against a local S3 server', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  const storage = (accessKeyId: string = S3_TEST_CREDENTIALS.accessKeyId) =>
    s3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId,
      secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
      forcePathStyle: true,
    });

  it('stores, reads back and deletes an object (UTF-8 content, nested key)', async () => {
    const s = storage();
    const key = 'translated-files/file_1700000000000_abc123.srt';
    const body = Buffer.from('1\r\n00:00:01,000 --> 00:00:02,000\r\n你好，世界\r\n', 'utf8');
    await s.put(key, body);
    const obj = await s.get(key);
    expect(obj?.size).toBe(body.length);
    expect(await text(obj!.body)).toBe(body.toString('utf8'));
    await s.delete(key);
    expect(await s.get(key)).toBeNull();
    // deleting what is gone is not an error
    await s.delete(key);
  });

  it('stores a file from disk: one PUT when small, in parts when over a part (issue 40)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 's3-file-'));
    try {
      const small = path.join(dir, 'small.mp4');
      await writeFile(small, Buffer.from('a small video'));
      await storage().putFile('renders/small.mp4', small, { contentType: 'video/mp4' });
      expect(await text((await storage().get('renders/small.mp4'))!.body)).toBe('a small video');
      // two full parts and a short third: the bytes come back in order
      const big = Buffer.alloc(2 * FILE_PART_BYTES + 12345);
      for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i);
      const file = path.join(dir, 'big.mp4');
      await writeFile(file, big);
      await storage().putFile('renders/big.mp4', file, { contentType: 'video/mp4' });
      const back = await buffer((await storage().get('renders/big.mp4'))!.body);
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      expect(back.length).toBe(big.length);
      expect(sha(back)).toBe(sha(big));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers null for a missing object and refuses unsafe keys before any request', async () => {
    expect(await storage().get('avatars/none.png')).toBeNull();
    await expect(storage().put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });

  it('fails with the provider’s answer when the credentials are refused', async () => {
    await expect(storage('UNKNOWN-KEY').put('a/b.txt', Buffer.from('x'))).rejects.toThrow(
      /HTTP 403.*InvalidAccessKeyId/,
    );
  });

  it('fails with the provider’s answer when the bucket does not exist', async () => {
    const s = s3Storage({
      endpoint: s3.endpoint,
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      ...S3_TEST_CREDENTIALS,
      forcePathStyle: true,
    });
    await expect(s.put('a/b.txt', Buffer.from('x'))).rejects.toThrow(/HTTP 404.*NoSuchBucket/);
  });

  it('takes a multipart upload through presigned part URLs (parts in any order) and serves it through a presigned GET with Range', async () => {
    const s = storage();
    const key = 'translated-videos/file_1700000000001_multi.mp4';
    const partSize = 5 * 1024 * 1024;
    const whole = Buffer.alloc(partSize + 1234);
    for (let i = 0; i < whole.length; i += 1) whole[i] = (i * 7) % 256;
    const uploadId = await s.createMultipartUpload(key, { contentType: 'video/mp4', partSize });
    expect(uploadId).toBeTruthy();
    const parts = await Promise.all(
      [2, 1].map(async (n) => {
        const url = await s.partUploadUrl(key, uploadId, n, 600, n === 1 ? partSize : 1234);
        expect(url).toContain('X-Amz-Signature=');
        expect(url).toContain('X-Amz-Expires=600');
        const res = await fetch(url, {
          method: 'PUT',
          body: whole.subarray((n - 1) * partSize, n * partSize),
        });
        expect(res.status).toBe(200);
        return { partNumber: n, etag: res.headers.get('etag')! };
      }),
    );
    await s.completeMultipartUpload(key, uploadId, parts);
    expect(await s.head(key)).toEqual({ size: whole.length });
    const url = await s.downloadUrl(key, 600, { fileName: 'film.mp4' });
    const ranged = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(whole.subarray(10, 20));
    const full = await fetch(await s.readableLocation(key, 600));
    expect(Buffer.from(await full.arrayBuffer()).equals(whole)).toBe(true);
    await s.delete(key);
    // 10 MiB through s3rver: over 5 s when the machine is loaded
  }, 30_000);

  it('signs a part URL for its exact size: a PUT of another length does not match the signature', async () => {
    const s = storage();
    const url = new URL(await s.partUploadUrl('translated-videos/file_1_x.mp4', 'upload-1', 3, 600, 1234));
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    // the signature S3 computes for a PUT of `length` bytes to this URL
    const signatureFor = async (length: number) => {
      const unsigned = new URL(url);
      for (const k of ['X-Amz-Signature', 'X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-SignedHeaders'])
        unsigned.searchParams.delete(k);
      const signed = await new AwsV4Signer({
        url: unsigned.toString(),
        method: 'PUT',
        headers: { 'content-length': String(length) },
        ...S3_TEST_CREDENTIALS,
        service: 's3',
        region: 'us-east-1',
        datetime: url.searchParams.get('X-Amz-Date')!,
        signQuery: true,
        allHeaders: true,
      }).sign();
      return signed.url.searchParams.get('X-Amz-Signature');
    };
    expect(await signatureFor(1234)).toBe(url.searchParams.get('X-Amz-Signature'));
    expect(await signatureFor(5 * 1024 ** 3)).not.toBe(url.searchParams.get('X-Amz-Signature'));
  });
});
