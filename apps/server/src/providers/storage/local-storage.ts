import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type ObjectStorage } from './storage.js';
import { writeStreamAt } from './write-at.js';

/** The app's own routes that speak the upload/download protocol for local disk. */
export const LOCAL_STORAGE_ROUTES = { part: '/storage/part', object: '/storage/object' } as const;

export class LocalStorageError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413,
    message: string,
  ) {
    super(message);
  }
}

interface UploadMeta {
  key: string;
  partSize: number;
  contentType: string;
}

export interface LocalObjectStorage extends ObjectStorage {
  readonly kind: 'local';
  /** checks a signed URL's query; answers what it grants or throws LocalStorageError(403) */
  verify(
    op: 'put' | 'get',
    q: Record<string, string | undefined>,
    key?: string,
  ): { key: string; uploadId: string; partNumber: number; fileName: string | undefined };
  /** streams one part to its place in the upload's file (constant memory); answers its ETag */
  writePart(uploadId: string, partNumber: number, body: Readable): Promise<string>;
  /** the file that holds `key`, for streaming it back */
  fileOf(key: string): string;
}

/** fdatasync of a file; a failure here only means the completion's own flush has more to do */
async function flush(file: string): Promise<void> {
  try {
    const handle = await open(file, 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  } catch {
    // the upload was completed or aborted meanwhile
  }
}

/**
 * Writes `file` whole or not at all: a temporary file renamed into place, removed if the write
 * fails (a full disk), so neither a reader nor a later start sees half of it.
 */
async function writeWhole(file: string, body: Buffer | string): Promise<void> {
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, body);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

export function isLocalStorage(s: ObjectStorage): s is LocalObjectStorage {
  return (s as Partial<LocalObjectStorage>).kind === 'local';
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Objects as files under `root`. Uploads of large files follow the S3 multipart protocol, served
 * by this app (LOCAL_STORAGE_ROUTES) with HMAC-signed, expiring URLs for one object: each part is
 * written straight to its offset in the final file, so completing is a rename, not a copy.
 */
export function localStorage(root: string, opts: { secret?: string } = {}): LocalObjectStorage {
  const base = path.resolve(root);
  const secret = opts.secret ?? randomBytes(32).toString('hex');
  const uploadsDir = path.join(base, '.uploads');
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(base, ...key.split('/'));
  };
  const uploadDir = (uploadId: string) => {
    if (!/^[a-f0-9]{32}$/.test(uploadId)) throw new LocalStorageError(404, 'no such upload');
    return path.join(uploadsDir, uploadId);
  };
  const sign = (...fields: (string | number)[]) =>
    b64url(createHmac('sha256', secret).update(fields.join('\n')).digest());
  const sameSignature = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  const expiry = (expiresIn: number) => Math.floor(Date.now() / 1000) + expiresIn;
  const readMeta = async (uploadId: string): Promise<UploadMeta> => {
    try {
      return JSON.parse(await readFile(path.join(uploadDir(uploadId), 'meta.json'), 'utf8')) as UploadMeta;
    } catch {
      throw new LocalStorageError(404, 'no such upload (finished, aborted or expired)');
    }
  };

  const storage: LocalObjectStorage = {
    kind: 'local',
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // write then rename, so a reader never sees half a file
      await writeWhole(file, body);
    },
    async putFile(key, source) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await copyFile(source, tmp);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => undefined);
        throw err;
      }
    },
    async get(key) {
      const file = fileFor(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    async head(key) {
      try {
        const info = await stat(fileFor(key));
        return info.isFile() ? { size: info.size } : null;
      } catch {
        return null;
      }
    },
    async createMultipartUpload(key, { contentType, partSize }) {
      assertSafeKey(key);
      const uploadId = randomBytes(16).toString('hex');
      const dir = uploadDir(uploadId);
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, 'data'), '');
        await writeWhole(path.join(dir, 'meta.json'), JSON.stringify({ key, partSize, contentType }));
      } catch (err) {
        // (a full disk): no upload is left half made
        await rm(dir, { recursive: true, force: true }).catch(() => undefined);
        throw err;
      }
      return uploadId;
    },
    async partUploadUrl(key, uploadId, partNumber, expiresIn) {
      const e = expiry(expiresIn);
      const q = new URLSearchParams({ k: key, u: uploadId, p: String(partNumber), e: String(e) });
      q.set('s', sign('put', key, uploadId, partNumber, e));
      return `${LOCAL_STORAGE_ROUTES.part}?${q.toString()}`;
    },
    verify(op, q, keyFromPath) {
      const key = keyFromPath ?? q.k ?? '';
      const uploadId = q.u ?? '';
      const partNumber = Number(q.p ?? 0);
      const fileName = q.n;
      const e = Number(q.e);
      const expected =
        op === 'put' ? sign('put', key, uploadId, partNumber, e) : sign('get', key, e, fileName ?? '');
      if (!q.s || !Number.isFinite(e) || !sameSignature(q.s, expected))
        throw new LocalStorageError(403, 'the signature does not match');
      if (e < Date.now() / 1000) throw new LocalStorageError(403, 'the link has expired');
      return { key, uploadId, partNumber, fileName };
    },
    async writePart(uploadId, partNumber, body) {
      const meta = await readMeta(uploadId);
      const dir = uploadDir(uploadId);
      const record = path.join(dir, `part-${partNumber}.json`);
      // the part's bytes are about to change: until they are all written (a write can fail half
      // way, on a full disk), the part is not stored, whatever an earlier send of it left
      await rm(record, { force: true });
      const size = await writeStreamAt(
        body,
        path.join(dir, 'data'),
        (partNumber - 1) * meta.partSize,
        meta.partSize,
        () => new LocalStorageError(413, `a part may hold at most ${meta.partSize} bytes`),
      );
      // names this write of the part (a part sent again gets a new one); S3 uses the MD5, which
      // would cost a hash of every byte for nothing the protocol needs
      const etag = `"${randomBytes(16).toString('hex')}"`;
      await writeWhole(record, JSON.stringify({ etag, size }));
      // start writing the part to disk now, in the background, so completing has little left to flush
      void flush(path.join(dir, 'data'));
      return etag;
    },
    async completeMultipartUpload(key, uploadId, parts) {
      const meta = await readMeta(uploadId);
      if (meta.key !== key) throw new LocalStorageError(400, 'the upload belongs to another object');
      const dir = uploadDir(uploadId);
      const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      let total = 0;
      for (const [i, part] of sorted.entries()) {
        if (part.partNumber !== i + 1) throw new LocalStorageError(400, `part ${i + 1} is missing`);
        let stored: { etag: string; size: number };
        try {
          stored = JSON.parse(await readFile(path.join(dir, `part-${part.partNumber}.json`), 'utf8')) as {
            etag: string;
            size: number;
          };
        } catch {
          throw new LocalStorageError(400, `part ${part.partNumber} was not uploaded`);
        }
        if (stored.etag.replace(/"/g, '') !== part.etag.replace(/"/g, ''))
          throw new LocalStorageError(400, `part ${part.partNumber} does not match its ETag`);
        if (i < sorted.length - 1 && stored.size !== meta.partSize)
          throw new LocalStorageError(400, `part ${part.partNumber} is smaller than the part size`);
        total += stored.size;
      }
      if (sorted.length === 0) throw new LocalStorageError(400, 'an upload needs at least one part');
      const data = path.join(dir, 'data');
      const handle = await open(data, 'r+');
      try {
        await handle.truncate(total);
        // the object is on disk before it is named and answered
        await handle.datasync();
      } finally {
        await handle.close();
      }
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await rename(data, file);
      await rm(dir, { recursive: true, force: true });
    },
    async abortMultipartUpload(_key, uploadId) {
      await rm(uploadDir(uploadId), { recursive: true, force: true });
    },
    async downloadUrl(key, expiresIn, o = {}) {
      assertSafeKey(key);
      const e = expiry(expiresIn);
      const q = new URLSearchParams({ e: String(e) });
      if (o.fileName) q.set('n', o.fileName);
      q.set('s', sign('get', key, e, o.fileName ?? ''));
      return `${LOCAL_STORAGE_ROUTES.object}/${key}?${q.toString()}`;
    },
    async readableLocation(key) {
      return fileFor(key);
    },
    fileOf: fileFor,
  };
  return storage;
}
