import { describe, expect, it } from 'vitest';
import { GLOSSARY_LIMITS } from '@subtrans/contract';
import { formatOf, nameOfFile, readImportFile } from './import-file';

describe('a glossary file read in the browser', () => {
  it('takes its format from the extension, else from the header row', () => {
    expect(formatOf('terms.TSV', 'source,target')).toBe('tsv');
    expect(formatOf('terms.csv', 'source\ttarget')).toBe('csv');
    expect(formatOf('terms.txt', 'source\ttarget\nA\tB')).toBe('tsv');
    expect(formatOf('terms.txt', 'source,target\tx\n')).toBe('csv');
    expect(formatOf('terms', 'source')).toBe('csv');
  });

  it('drops a byte-order mark and names the glossary after the file', async () => {
    const read = await readImportFile(new File(['\uFEFFsource,target\nA,B\n'], 'Star Trek.csv'));
    expect(read).toEqual({ ok: true, format: 'csv', text: 'source,target\nA,B\n', name: 'Star Trek.csv' });
    expect(nameOfFile('Star Trek.csv')).toBe('Star Trek');
  });

  it('refuses an empty file and one over the import limit before sending it', async () => {
    expect(await readImportFile(new File(['  \n'], 'a.csv'))).toEqual({ ok: false, reason: 'empty' });
    const big = 'x'.repeat(GLOSSARY_LIMITS.importChars + 1);
    expect(await readImportFile(new File([big], 'a.csv'))).toEqual({ ok: false, reason: 'tooLarge' });
  });
});
