import { describe, expect, it } from 'vitest';
import { taskFixture } from '../../../lib/test-support';
import { batchName, groupBatches, isBatchRow, sortFiles } from './batch-rows';
import { subtitleFilesOf } from './folder-files';

describe('a batch in the task list (issue 39)', () => {
  it('orders files as episodes: ep2 before ep10, whatever the case', () => {
    const names = ['Show - EP10.srt', 'show - ep2.srt', 'Show - ep1.srt'].map((name) => ({ name }));
    expect(sortFiles(names).map((f) => f.name)).toEqual([
      'Show - ep1.srt',
      'show - ep2.srt',
      'Show - EP10.srt',
    ]);
    expect(batchName(['b.srt', 'a.srt', 'a.srt'])).toBe('a.srt (+1)');
    expect(batchName(['a.srt'])).toBe('a.srt');
  });

  it('puts a batch where its newest task is, its tasks by file then language, with their counts', () => {
    const rows = groupBatches([
      taskFixture({ id: 'alone-new' }),
      taskFixture({ id: 'x2-ja', fileName: 'x2.srt', targetLanguage: 'ja', batchId: 'b', status: 'failed' }),
      taskFixture({ id: 'alone-old' }),
      taskFixture({
        id: 'x10-fr',
        fileName: 'x10.srt',
        targetLanguage: 'fr',
        batchId: 'b',
        status: 'translating',
        translationProgress: 40,
      }),
      taskFixture({ id: 'x2-fr', fileName: 'x2.srt', targetLanguage: 'fr', batchId: 'b' }),
    ]);
    expect(rows.map((r) => (isBatchRow(r) ? `batch ${r.id}` : r.id))).toEqual([
      'alone-new',
      'batch b',
      'alone-old',
    ]);
    const batch = rows[1]!;
    if (!isBatchRow(batch)) throw new Error('not a batch');
    expect(batch.children.map((t) => t.id)).toEqual(['x2-fr', 'x2-ja', 'x10-fr']);
    expect(batch).toMatchObject({
      name: 'x2.srt (+1)',
      files: 2,
      targetLanguages: ['fr', 'ja'],
      counts: { total: 3, completed: 1, failed: 1, running: 1 },
      estimatedPoints: 30,
      // finished tasks whole, the running one as far as it is
      percent: 80,
    });
  });
});

/** a folder as the browser hands a dropped one over: its entries a hundred at a time */
function folder(name: string, entries: FileSystemEntry[]): FileSystemDirectoryEntry {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (done: (e: FileSystemEntry[]) => void) => {
          const some = entries.slice(at, at + 100);
          at += 100;
          done(some);
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}
const fileEntry = (name: string) =>
  ({
    name,
    isFile: true,
    isDirectory: false,
    file: (done: (f: File) => void) => done(new File(['x'], name)),
  }) as unknown as FileSystemEntry;

describe('a dropped folder (issue 39)', () => {
  it('gives its subtitle files, its subfolders’ too, past the first hundred entries', async () => {
    const many = Array.from({ length: 120 }, (_, i) => fileEntry(i % 2 ? `e${i}.srt` : `e${i}.mkv`));
    const files = await subtitleFilesOf([
      folder('Season 1', [...many, folder('extras', [fileEntry('bonus.ass'), fileEntry('cover.jpg')])]),
      fileEntry('notes.vtt'),
    ]);
    expect(files).toHaveLength(62);
    expect(files.map((f) => f.name)).toContain('bonus.ass');
    expect(files.map((f) => f.name)).toContain('notes.vtt');
    expect(files.some((f) => /\.(mkv|jpg)$/.test(f.name))).toBe(false);
  });
});
