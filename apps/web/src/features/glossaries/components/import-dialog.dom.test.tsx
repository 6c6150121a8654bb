import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, ErrorCodes, type Glossary, type ImportedGlossary } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { choose, dropFile, fakeServer, renderWithApp, refusal } from '../../../lib/test-support';
import { GlossariesView } from './glossaries-view';

const i18n = await initI18n('en');
const ID = '0d9f3a4e-6b1c-4f7a-9c2d-1e2f3a4b5c6d';

const stored: Glossary = {
  id: ID,
  name: 'Thrones',
  sourceLanguage: 'auto',
  targetLanguage: 'fr',
  entryCount: 1,
  updatedAt: '2026-01-02T03:04:05.000Z',
  entries: [{ source: 'Stark', target: 'Stark', note: '', keep: true, caseSensitive: false }],
};

const imported = (over: Partial<Glossary>, skipped: ImportedGlossary['skipped']): ImportedGlossary => {
  const glossary = { ...stored, ...over };
  return {
    glossary: { ...glossary, entryCount: glossary.entries.length },
    imported: glossary.entries.length,
    skipped,
  };
};

function server(answer: (body: Record<string, unknown>) => unknown) {
  return fakeServer({
    [API.glossaryList]: () => [],
    [API.glossaryGet]: () => stored,
    [API.glossaryImport]: answer,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TSV = 'source\ttarget\nWinterfell\tWinterfell\nKing’s Landing\tPort-Réal\n\tno source\n';

describe('importing a glossary file', { timeout: 60_000 }, () => {
  it('reads a TSV file into a new glossary named after it, and lists the rows left out by number', async () => {
    const api = server(() =>
      imported(
        {
          name: 'Thrones terms',
          entries: [
            { source: 'Winterfell', target: 'Winterfell', note: '', keep: false, caseSensitive: false },
            { source: 'King’s Landing', target: 'Port-Réal', note: '', keep: false, caseSensitive: false },
          ],
        },
        [{ row: 3, reason: 'no source term' }],
      ),
    );
    renderWithApp(i18n, <GlossariesView />, '/dashboard?view=glossaries');
    fireEvent.click(await screen.findByTestId('glossary-import-new'));
    dropFile('import-file', new File([TSV], 'Thrones terms.tsv', { type: 'text/tab-separated-values' }));
    expect((await screen.findByTestId('import-file-name')).textContent).toBe('Thrones terms.tsv (TSV)');
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('import-name').value).toBe('Thrones terms'),
    );
    await choose('import-target', 'French');
    fireEvent.click(screen.getByTestId('import-submit'));
    const result = await screen.findByTestId('import-result');
    expect(api.to(API.glossaryImport)).toEqual([
      { name: 'Thrones terms', sourceLanguage: 'auto', targetLanguage: 'fr', format: 'tsv', text: TSV },
    ]);
    expect(within(result).getByText('2 rows imported into “Thrones terms” (2 entries in all).')).toBeTruthy();
    expect(screen.getAllByTestId('import-skipped').map((li) => li.textContent)).toEqual([
      'Row 3: no source term',
    ]);
  });

  it("replaces an open glossary's entries with a CSV file's, and shows them", async () => {
    const api = server(() =>
      imported(
        {
          entries: [{ source: 'Lannister', target: 'Lannister', note: '', keep: true, caseSensitive: true }],
        },
        [],
      ),
    );
    renderWithApp(i18n, <GlossariesView />, `/dashboard?view=glossaries&glossary=${ID}`);
    fireEvent.click(await screen.findByTestId('glossary-import'));
    const csv = 'source,target,note,keep,case_sensitive\nLannister,Lannister,,1,1\n';
    dropFile('import-file', new File([csv], 'houses.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('import-file-name')).textContent).toBe('houses.csv (CSV)');
    fireEvent.click(screen.getByLabelText('Replace all entries with the file’s'));
    fireEvent.click(screen.getByTestId('import-submit'));
    await screen.findByTestId('import-result');
    expect(api.to(API.glossaryImport)).toEqual([{ id: ID, format: 'csv', text: csv, mode: 'replace' }]);
    fireEvent.click(screen.getByTestId('import-done'));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Source term, row 1' }).value).toBe(
        'Lannister',
      ),
    );
    expect(screen.getAllByTestId('glossary-entries-row')).toHaveLength(1);
  });

  it('says why the server could not read a file, in its words, and asks for a file first', async () => {
    const api = server(() => {
      throw refusal(
        ErrorCodes.GLOSSARY_FILE_UNREADABLE.code,
        'The file could not be read: unclosed quote on row 4.',
      );
    });
    renderWithApp(i18n, <GlossariesView />, `/dashboard?view=glossaries&glossary=${ID}`);
    fireEvent.click(await screen.findByTestId('glossary-import'));
    fireEvent.click(await screen.findByTestId('import-submit'));
    expect(await screen.findByText('Choose a CSV or TSV file')).toBeTruthy();
    expect(api.to(API.glossaryImport)).toEqual([]);
    dropFile('import-file', new File(['source\n"broken'], 'bad.csv', { type: 'text/csv' }));
    await screen.findByText('bad.csv (CSV)');
    fireEvent.click(screen.getByTestId('import-submit'));
    expect((await screen.findByTestId('import-error')).textContent).toBe(
      'The file could not be read: unclosed quote on row 4.',
    );
  });
});
