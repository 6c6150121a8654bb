import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryFits, FolderState, STATE_FILE, type StateEntry } from './state.js';

const entry: StateEntry = { taskId: 't1', sha256: 'aa', engine: null, from: null, starts: 0 };

describe("a folder's state", () => {
  it('remembers each file × language across loads, written whole', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'subtrans-state-'));
    const state = await FolderState.load(dir);
    expect(state.get('ep1.srt', 'ja')).toBeUndefined();
    // writes at once keep every change (one write at a time)
    await Promise.all([
      state.set('ep1.srt', 'ja', entry),
      state.set('ep1.srt', 'fr', { ...entry, taskId: 't2' }),
      state.set('ep2.srt', 'ja', { ...entry, taskId: 't3' }),
    ]);
    const again = await FolderState.load(dir);
    expect(again.get('ep1.srt', 'fr')?.taskId).toBe('t2');
    expect(again.get('ep2.srt', 'ja')?.taskId).toBe('t3');
    expect(JSON.parse(await readFile(path.join(dir, STATE_FILE), 'utf8'))).toEqual({
      version: 1,
      tasks: {
        'ep1.srt': { ja: entry, fr: { ...entry, taskId: 't2' } },
        'ep2.srt': { ja: { ...entry, taskId: 't3' } },
      },
    });
  });

  it('refuses a file it cannot read as its own, rather than forgetting the tasks in it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'subtrans-state-'));
    await writeFile(path.join(dir, STATE_FILE), JSON.stringify({ version: 7, tasks: {} }));
    await expect(FolderState.load(dir)).rejects.toThrow(/not a state file of this version/);
  });

  it('keeps a task only for the same bytes, engine and source language', () => {
    const want = { sha256: 'aa', engine: null, from: null };
    expect(entryFits(entry, want)).toBe(true);
    expect(entryFits(undefined, want)).toBe(false);
    expect(entryFits(entry, { ...want, sha256: 'bb' })).toBe(false);
    expect(entryFits(entry, { ...want, engine: 'openai' })).toBe(false);
    expect(entryFits(entry, { ...want, from: 'en' })).toBe(false);
  });
});
