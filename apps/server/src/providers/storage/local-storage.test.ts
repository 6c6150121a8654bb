import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage, LocalStorageError } from './local-storage.js';

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('local storage', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'storage-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const storage = localStorage(dir, { secret: 'test-secret' });

  it('stores, reads back and deletes an object', async () => {
    await storage.put('avatars/1/a.png', Buffer.from('hello'));
    const obj = await storage.get('avatars/1/a.png');
    expect(obj?.size).toBe(5);
    expect(await text(obj!.body)).toBe('hello');
    expect(await storage.head('avatars/1/a.png')).toEqual({ size: 5 });
    await storage.delete('avatars/1/a.png');
    expect(await storage.get('avatars/1/a.png')).toBeNull();
    expect(await storage.head('avatars/1/a.png')).toBeNull();
  });

  it('stores a file from disk as a copy (issue 40)', async () => {
    const source = path.join(dir, 'render.mp4');
    await writeFile(source, 'frames');
    await storage.putFile('renders/t/r.mp4', source, { contentType: 'video/mp4' });
    expect(await text((await storage.get('renders/t/r.mp4'))!.body)).toBe('frames');
    expect(await readFile(source, 'utf8')).toBe('frames');
  });

  it('refuses keys that could leave the storage root', async () => {
    await expect(storage.put('../x', Buffer.from(''))).rejects.toThrow(/unsafe/);
    await expect(storage.get('a/../../etc/passwd')).rejects.toThrow(/unsafe/);
    await expect(storage.put('/abs', Buffer.from(''))).rejects.toThrow(/unsafe/);
    await expect(
      storage.createMultipartUpload('../x', { contentType: 'video/mp4', partSize: 4 }),
    ).rejects.toThrow(/unsafe/);
  });

  it('joins parts uploaded out of order and in parallel into the object, each at its offset', async () => {
    const key = 'translated-videos/file_1_abc.mp4';
    const partSize = 1000;
    const whole = Buffer.from(Array.from({ length: 2500 }, (_, i) => i % 251));
    const parts = [whole.subarray(0, 1000), whole.subarray(1000, 2000), whole.subarray(2000)];
    const uploadId = await storage.createMultipartUpload(key, { contentType: 'video/mp4', partSize });
    const etags = await Promise.all(
      [3, 1, 2].map(async (n) => {
        const url = await storage.partUploadUrl(key, uploadId, n, 60);
        const grant = storage.verify('put', queryOf(url));
        expect(grant).toMatchObject({ key, uploadId, partNumber: n });
        return { partNumber: n, etag: await storage.writePart(uploadId, n, Readable.from([parts[n - 1]!])) };
      }),
    );
    for (const { etag } of etags) expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Set(etags.map((e) => e.etag)).size).toBe(3);
    await storage.completeMultipartUpload(key, uploadId, etags);
    expect(await readFile(path.join(dir, key))).toEqual(whole);
    // the upload's working files are gone
    expect(await readdir(path.join(dir, '.uploads'))).toEqual([]);
  });

  it('resends a part (a resumed upload) and keeps the last one', async () => {
    const key = 'translated-audios/file_2_def.mp3';
    const uploadId = await storage.createMultipartUpload(key, { contentType: 'audio/mpeg', partSize: 4 });
    await storage.writePart(uploadId, 1, Readable.from([Buffer.from('xxxx')]));
    const e1 = await storage.writePart(uploadId, 1, Readable.from([Buffer.from('abcd')]));
    const e2 = await storage.writePart(uploadId, 2, Readable.from([Buffer.from('ef')]));
    await storage.completeMultipartUpload(key, uploadId, [
      { partNumber: 1, etag: e1 },
      { partNumber: 2, etag: e2 },
    ]);
    expect((await readFile(path.join(dir, key))).toString()).toBe('abcdef');
  });

  it('refuses a part larger than the part size, a missing part, a wrong ETag and a finished upload', async () => {
    const key = 'translated-videos/file_3_ghi.mp4';
    const uploadId = await storage.createMultipartUpload(key, { contentType: 'video/mp4', partSize: 4 });
    await expect(
      storage.writePart(uploadId, 1, Readable.from([Buffer.from('too long')])),
    ).rejects.toMatchObject({
      status: 413,
    });
    const e1 = await storage.writePart(uploadId, 1, Readable.from([Buffer.from('abcd')]));
    const e3 = await storage.writePart(uploadId, 3, Readable.from([Buffer.from('ij')]));
    await expect(
      storage.completeMultipartUpload(key, uploadId, [
        { partNumber: 1, etag: e1 },
        { partNumber: 3, etag: e3 },
      ]),
    ).rejects.toThrow(/part 2 is missing/);
    await expect(
      storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag: '"0000"' }]),
    ).rejects.toThrow(/does not match/);
    await storage.abortMultipartUpload(key, uploadId);
    await expect(storage.writePart(uploadId, 1, Readable.from([Buffer.from('abcd')]))).rejects.toBeInstanceOf(
      LocalStorageError,
    );
    expect(await storage.head(key)).toBeNull();
  });

  it('signs URLs for one object and operation, and they expire', async () => {
    const key = 'translated-videos/file_4_jkl.mp4';
    await storage.put(key, Buffer.from('video'));
    const url = await storage.downloadUrl(key, 60, { fileName: 'film.mp4' });
    expect(url.startsWith(`/storage/object/${key}?`)).toBe(true);
    expect(storage.verify('get', queryOf(url), key)).toMatchObject({ key, fileName: 'film.mp4' });
    // the same signature does not open another object, nor upload
    expect(() => storage.verify('get', queryOf(url), 'translated-videos/other.mp4')).toThrow(/signature/);
    expect(() => storage.verify('put', { ...queryOf(url), k: key, u: 'a'.repeat(32), p: '1' })).toThrow(
      /signature/,
    );
    // tampering with the name or expiry breaks it
    expect(() => storage.verify('get', { ...queryOf(url), n: 'other.mp4' }, key)).toThrow(/signature/);
    expect(() =>
      storage.verify('get', { ...queryOf(url), e: String(Number(queryOf(url).e) + 10) }, key),
    ).toThrow(/signature/);
    const expired = await storage.downloadUrl(key, -1);
    expect(() => storage.verify('get', queryOf(expired), key)).toThrow(/expired/);
    // another server secret does not accept it
    const other = localStorage(dir, { secret: 'another-secret' });
    expect(() => other.verify('get', queryOf(url), key)).toThrow(/signature/);
  });
});
