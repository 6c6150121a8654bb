import { open } from 'node:fs/promises';
import { AwsV4Signer } from 'aws4fetch';
import { bodyText, discard, s3Http, type S3Answer } from './s3-http.js';
import { assertSafeKey, contentDisposition, FILE_PART_BYTES, type ObjectStorage } from './storage.js';

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
  const credentials = {
    accessKeyId: o.accessKeyId,
    secretAccessKey: o.secretAccessKey,
    region: o.region,
  };
  // not fetch: see s3-http.ts
  const send = s3Http(credentials);
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
    const signed = await new AwsV4Signer({
      url: url.toString(),
      method,
      headers,
      ...credentials,
      service: 's3',
      signQuery: true,
      // Content-Length is left out of signatures unless asked for
      allHeaders: Object.keys(headers).length > 0,
    }).sign();
    return signed.url.toString();
  };
  const timeout = () => AbortSignal.timeout(o.timeoutMs ?? 120_000);
  // S3 errors are XML: <Error><Code>NoSuchBucket</Code><Message>…</Message></Error>
  const failure = (op: string, key: string, status: number, xml: string) => {
    const code = /<Code>([^<]*)<\/Code>/.exec(xml)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(xml)?.[1];
    const detail = code ? `${code}${message ? `: ${message}` : ''}` : xml.slice(0, 200);
    return new Error(`S3 ${op} ${key}: HTTP ${status} ${detail}`.trim());
  };
  const fail = async (op: string, key: string, res: S3Answer) =>
    failure(op, key, res.statusCode, await bodyText(res));
  /** one call; a failure to reach the storage names the operation and the key */
  const call = async (op: string, key: string, c: Omit<Parameters<typeof send>[0], 'signal'>) => {
    try {
      return await send({ ...c, signal: timeout() });
    } catch (error) {
      throw new Error(`S3 ${op} ${key}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  };

  const ok = (res: S3Answer) => res.statusCode >= 200 && res.statusCode < 300;

  const storage: ObjectStorage = {
    async put(key, body) {
      const res = await call('PUT', key, { method: 'PUT', url: urlFor(key), body });
      if (!ok(res)) throw await fail('PUT', key, res);
      await discard(res);
    },
    async putFile(key, file, { contentType }) {
      const fh = await open(file, 'r');
      try {
        const { size } = await fh.stat();
        const read = async (at: number) => {
          const buf = Buffer.alloc(Math.min(FILE_PART_BYTES, size - at));
          const { bytesRead } = await fh.read(buf, 0, buf.length, at);
          if (bytesRead !== buf.length) throw new Error(`S3 PUT ${key}: the file changed while it was sent`);
          return buf;
        };
        if (size <= FILE_PART_BYTES) {
          const body = await read(0);
          const res = await call('PUT', key, {
            method: 'PUT',
            url: urlFor(key),
            body,
            headers: { 'content-type': contentType },
          });
          if (!ok(res)) throw await fail('PUT', key, res);
          await discard(res);
          return;
        }
        const uploadId = await storage.createMultipartUpload(key, { contentType, partSize: FILE_PART_BYTES });
        try {
          const parts = [];
          for (let at = 0, partNumber = 1; at < size; at += FILE_PART_BYTES, partNumber += 1) {
            const url = `${urlFor(key)}?partNumber=${partNumber}&uploadId=${encodeURIComponent(uploadId)}`;
            const res = await call('UploadPart', key, { method: 'PUT', url, body: await read(at) });
            if (!ok(res)) throw await fail('UploadPart', key, res);
            await discard(res);
            const etag = res.headers.etag;
            if (!etag) throw new Error(`S3 UploadPart ${key}: the answer holds no ETag`);
            parts.push({ partNumber, etag });
          }
          await storage.completeMultipartUpload(key, uploadId, parts);
        } catch (err) {
          await storage.abortMultipartUpload(key, uploadId).catch(() => undefined);
          throw err;
        }
      } finally {
        await fh.close();
      }
    },
    async get(key) {
      const res = await call('GET', key, { method: 'GET', url: urlFor(key) });
      if (res.statusCode === 404) {
        await discard(res);
        return null;
      }
      if (!ok(res)) throw await fail('GET', key, res);
      return { body: res, size: Number(res.headers['content-length'] ?? 0) };
    },
    async delete(key) {
      const res = await call('DELETE', key, { method: 'DELETE', url: urlFor(key) });
      if (!ok(res) && res.statusCode !== 404) throw await fail('DELETE', key, res);
      await discard(res);
    },
    async head(key) {
      const res = await call('HEAD', key, { method: 'HEAD', url: urlFor(key) });
      await discard(res);
      if (res.statusCode === 404) return null;
      if (!ok(res)) throw new Error(`S3 HEAD ${key}: HTTP ${res.statusCode}`);
      return { size: Number(res.headers['content-length'] ?? 0) };
    },
    async createMultipartUpload(key, { contentType }) {
      const res = await call('CreateMultipartUpload', key, {
        method: 'POST',
        url: `${urlFor(key)}?uploads=`,
        headers: { 'content-type': contentType },
      });
      if (!ok(res)) throw await fail('CreateMultipartUpload', key, res);
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await bodyText(res))?.[1];
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
      const url = `${urlFor(key)}?uploadId=${encodeURIComponent(uploadId)}`;
      const res = await call('CompleteMultipartUpload', key, {
        method: 'POST',
        url,
        body,
        headers: { 'content-type': 'application/xml' },
      });
      if (!ok(res)) throw await fail('CompleteMultipartUpload', key, res);
      // S3 may answer 200 and still report an error in the body
      const xml = await bodyText(res);
      if (xml.includes('<Error>')) throw failure('CompleteMultipartUpload', key, 500, xml);
    },
    async abortMultipartUpload(key, uploadId) {
      const res = await call('AbortMultipartUpload', key, {
        method: 'DELETE',
        url: `${urlFor(key)}?uploadId=${encodeURIComponent(uploadId)}`,
      });
      if (!ok(res) && res.statusCode !== 404) throw await fail('AbortMultipartUpload', key, res);
      await discard(res);
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
  return storage;
}
