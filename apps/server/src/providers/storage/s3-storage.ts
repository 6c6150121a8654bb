import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type ObjectStorage } from './storage.js';

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://oss-cn-hangzhou.aliyuncs.com, http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key (MinIO, most self-hosted) instead of https://bucket.endpoint/key */
  forcePathStyle: boolean;
  timeoutMs?: number;
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** Any S3-compatible object storage, over its REST API with Signature Version 4. */
export function s3Storage(o: S3Options): ObjectStorage {
  const client = new AwsClient({
    accessKeyId: o.accessKeyId,
    secretAccessKey: o.secretAccessKey,
    service: 's3',
    region: o.region,
    retries: 2,
  });
  const base = new URL(o.endpoint);
  const urlFor = (key: string) => {
    assertSafeKey(key);
    if (o.forcePathStyle)
      return `${base.origin}${base.pathname.replace(/\/$/, '')}/${o.bucket}/${encodeKey(key)}`;
    return `${base.protocol}//${o.bucket}.${base.host}/${encodeKey(key)}`;
  };
  const timeout = () => AbortSignal.timeout(o.timeoutMs ?? 120_000);
  // S3 errors are XML: <Error><Code>NoSuchBucket</Code><Message>…</Message></Error>
  const fail = async (op: string, key: string, res: Response) => {
    const xml = await res.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(xml)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(xml)?.[1];
    const detail = code ? `${code}${message ? `: ${message}` : ''}` : xml.slice(0, 200);
    return new Error(`S3 ${op} ${key}: HTTP ${res.status} ${detail}`.trim());
  };

  return {
    async put(key, body) {
      const res = await client.fetch(urlFor(key), {
        method: 'PUT',
        body,
        headers: { 'content-length': String(body.length) },
        signal: timeout(),
      });
      if (!res.ok) throw await fail('PUT', key, res);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await client.fetch(urlFor(key), { method: 'GET', signal: timeout() });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) throw await fail('GET', key, res);
      return {
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        size: Number(res.headers.get('content-length') ?? 0),
      };
    },
    async delete(key) {
      const res = await client.fetch(urlFor(key), { method: 'DELETE', signal: timeout() });
      if (!res.ok && res.status !== 404) throw await fail('DELETE', key, res);
      await res.body?.cancel();
    },
  };
}
