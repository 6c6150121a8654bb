import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, contentDisposition, type ObjectStorage } from './storage.js';

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://oss-cn-hangzhou.aliyuncs.com, http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key (MinIO, most self-hosted) instead of https://bucket.endpoint/key */
  forcePathStyle: boolean;
  /** the endpoint as browsers reach it, when it differs from the server's (presigned URLs name it) */
  publicEndpoint?: string | undefined;
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
  const urlOn = (endpoint: string, key: string) => {
    assertSafeKey(key);
    const base = new URL(endpoint);
    if (o.forcePathStyle)
      return `${base.origin}${base.pathname.replace(/\/$/, '')}/${o.bucket}/${encodeKey(key)}`;
    return `${base.protocol}//${o.bucket}.${base.host}/${encodeKey(key)}`;
  };
  const urlFor = (key: string) => urlOn(o.endpoint, key);
  /**
   * a presigned URL (query-string signature, unsigned payload) valid for `expiresIn` seconds;
   * `headers` are signed too, so a request with other values is refused by the storage
   */
  const presign = async (
    method: 'GET' | 'PUT',
    key: string,
    expiresIn: number,
    query: Record<string, string>,
    endpoint = o.publicEndpoint ?? o.endpoint,
    headers: Record<string, string> = {},
  ) => {
    const url = new URL(urlOn(endpoint, key));
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    url.searchParams.set('X-Amz-Expires', String(expiresIn));
    const signed = await client.sign(url.toString(), {
      method,
      headers,
      // Content-Length is left out of signatures unless asked for
      aws: { signQuery: true, allHeaders: Object.keys(headers).length > 0 },
    });
    return signed.url;
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
    async head(key) {
      const res = await client.fetch(urlFor(key), { method: 'HEAD', signal: timeout() });
      await res.body?.cancel();
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 HEAD ${key}: HTTP ${res.status}`);
      return { size: Number(res.headers.get('content-length') ?? 0) };
    },
    async createMultipartUpload(key, { contentType }) {
      const res = await client.fetch(`${urlFor(key)}?uploads=`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        signal: timeout(),
      });
      if (!res.ok) throw await fail('CreateMultipartUpload', key, res);
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await res.text())?.[1];
      if (!uploadId) throw new Error(`S3 CreateMultipartUpload ${key}: the answer holds no UploadId`);
      return uploadId;
    },
    partUploadUrl(key, uploadId, partNumber, expiresIn, size) {
      // a presigned part URL would otherwise take up to 5 GiB, whatever size was declared
      return presign(
        'PUT',
        key,
        expiresIn,
        { partNumber: String(partNumber), uploadId },
        undefined,
        size === undefined ? {} : { 'content-length': String(size) },
      );
    },
    async completeMultipartUpload(key, uploadId, parts) {
      const body = `<CompleteMultipartUpload>${[...parts]
        .sort((a, b) => a.partNumber - b.partNumber)
        .map(
          (p) =>
            `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>"${p.etag.replace(/"/g, '').replace(/[<>&]/g, '')}"</ETag></Part>`,
        )
        .join('')}</CompleteMultipartUpload>`;
      const res = await client.fetch(`${urlFor(key)}?uploadId=${encodeURIComponent(uploadId)}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/xml' },
        signal: timeout(),
      });
      if (!res.ok) throw await fail('CompleteMultipartUpload', key, res);
      // S3 may answer 200 and still report an error in the body
      const xml = await res.text();
      if (xml.includes('<Error>'))
        throw await fail('CompleteMultipartUpload', key, new Response(xml, { status: 500 }));
    },
    async abortMultipartUpload(key, uploadId) {
      const res = await client.fetch(`${urlFor(key)}?uploadId=${encodeURIComponent(uploadId)}`, {
        method: 'DELETE',
        signal: timeout(),
      });
      if (!res.ok && res.status !== 404) throw await fail('AbortMultipartUpload', key, res);
      await res.body?.cancel();
    },
    downloadUrl(key, expiresIn, opts = {}) {
      const query: Record<string, string> = {};
      if (opts.fileName) query['response-content-disposition'] = contentDisposition(opts.fileName);
      if (opts.contentType) query['response-content-type'] = opts.contentType;
      return presign('GET', key, expiresIn, query);
    },
    readableLocation(key, expiresIn) {
      return presign('GET', key, expiresIn, {}, o.endpoint);
    },
  };
}
