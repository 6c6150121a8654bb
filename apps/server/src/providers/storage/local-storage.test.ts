import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage } from './local-storage.js';

describe('local storage', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'storage-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const storage = localStorage(dir);

  it('stores, reads back and deletes an object', async () => {
    await storage.put('avatars/1/a.png', Buffer.from('hello'));
    const obj = await storage.get('avatars/1/a.png');
    expect(obj?.size).toBe(5);
    expect(await text(obj!.body)).toBe('hello');
    await storage.delete('avatars/1/a.png');
    expect(await storage.get('avatars/1/a.png')).toBeNull();
  });

  it('refuses keys that could leave the storage root', async () => {
    await expect(storage.put('../x', Buffer.from(''))).rejects.toThrow(/unsafe/);
    await expect(storage.get('a/../../etc/passwd')).rejects.toThrow(/unsafe/);
    await expect(storage.put('/abs', Buffer.from(''))).rejects.toThrow(/unsafe/);
  });
});
