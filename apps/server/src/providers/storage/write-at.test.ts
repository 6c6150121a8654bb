import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeStreamAt } from './write-at.js';

describe('writeStreamAt', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'write-at-'));
    file = path.join(dir, 'data');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // chunks of uneven sizes, more of them than one vectored write takes, across several batches
  const chunksOf = (data: Buffer) => {
    const out: Buffer[] = [];
    for (let at = 0, k = 0; at < data.length; k++) {
      const n = [1, 7, 65_536, 100_003, 3][k % 5]!;
      out.push(data.subarray(at, at + n));
      at += n;
    }
    return out;
  };

  it('writes every byte at its offset and leaves the rest of the file as it was', async () => {
    const before = Buffer.alloc(6 * 1024 * 1024, 0xaa);
    await writeFile(file, before);
    const data = randomBytes(3 * 1024 * 1024 + 12_345);
    const tooLarge = () => new Error('too large');
    expect(await writeStreamAt(Readable.from(chunksOf(data)), file, 1000, data.length, tooLarge)).toBe(
      data.length,
    );
    const after = await readFile(file);
    expect(after.length).toBe(before.length);
    expect(after.subarray(0, 1000).equals(before.subarray(0, 1000))).toBe(true);
    expect(after.subarray(1000, 1000 + data.length).equals(data)).toBe(true);
    expect(after.subarray(1000 + data.length).equals(before.subarray(1000 + data.length))).toBe(true);
  });

  it('refuses a body over the limit with the given error', async () => {
    await writeFile(file, Buffer.alloc(0));
    const data = randomBytes(2 * 1024 * 1024);
    await expect(
      writeStreamAt(
        Readable.from(chunksOf(data)),
        file,
        0,
        data.length - 1,
        () => new Error('over the part size'),
      ),
    ).rejects.toThrow('over the part size');
  });

  it('passes on a body that breaks off', async () => {
    await writeFile(file, Buffer.alloc(0));
    async function* broken() {
      yield randomBytes(2 * 1024 * 1024);
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    }
    await expect(
      writeStreamAt(Readable.from(broken()), file, 0, 1e9, () => new Error('x')),
    ).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
  });
});
