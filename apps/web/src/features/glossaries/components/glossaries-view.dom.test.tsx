import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, ErrorCodes, type Glossary, type GlossaryEntry } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { choose, fakeServer, renderWithApp, refusal } from '../../../lib/test-support';
import { GlossariesView } from './glossaries-view';

const i18n = await initI18n('en');

const ID = '0d9f3a4e-6b1c-4f7a-9c2d-1e2f3a4b5c6d';
const NEW_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

const entry = (source: string, target = `${source}-fr`): GlossaryEntry => ({
  source,
  target,
  note: '',
  keep: false,
  caseSensitive: false,
});

const glossary = (over: Partial<Glossary> = {}): Glossary => {
  const entries = over.entries ?? [entry('Winterfell'), entry('Stark')];
  return {
    id: ID,
    name: 'Thrones',
    sourceLanguage: 'en',
    targetLanguage: 'fr',
    entryCount: entries.length,
    updatedAt: '2026-01-02T03:04:05.000Z',
    ...over,
    entries,
  };
};
const summary = ({ entries: _entries, ...g }: Glossary) => g;

function server(
  stored = glossary(),
  routes: Record<string, (body: Record<string, unknown>) => unknown> = {},
) {
  return fakeServer({
    [API.glossaryList]: () => [summary(stored)],
    [API.glossaryGet]: () => stored,
    [API.glossarySave]: (b) => ({
      ...stored,
      ...b,
      id: (b.id as string | undefined) ?? NEW_ID,
      entryCount: (b.entries as unknown[]).length,
    }),
    [API.glossaryDelete]: () => null,
    ...routes,
  });
}

const view = (url = '/dashboard?view=glossaries') => renderWithApp(i18n, <GlossariesView />, url);
const editing = `/dashboard?view=glossaries&glossary=${ID}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const field = (name: string) => screen.getByRole('textbox', { name });

describe('the glossaries page', { timeout: 60_000 }, () => {
  it('lists the glossaries with their languages and entries, and deletes one only once confirmed', async () => {
    const api = server();
    view();
    const row = within(await screen.findByTestId(`glossary-${ID}`));
    expect(row.getByText('Thrones')).toBeTruthy();
    expect(row.getByText('English → French')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Delete Thrones' }));
    expect(api.to(API.glossaryDelete)).toEqual([]);
    fireEvent.click(await screen.findByTestId('glossary-delete-confirm'));
    await waitFor(() => expect(api.to(API.glossaryDelete)).toEqual([{ id: ID }]));
  });

  it('makes a glossary: name, languages, rows added by keyboard, keep-as-is and case checkboxes', async () => {
    const api = server();
    view('/dashboard?view=glossaries&glossary=new');
    fireEvent.change(await screen.findByTestId('glossary-name'), { target: { value: 'Brands' } });
    await choose('glossary-target', 'Japanese');
    fireEvent.click(screen.getByTestId('glossary-entries-add'));
    // the new row's first field takes the cursor
    await waitFor(() => expect(document.activeElement).toBe(field('Source term, row 1')));
    fireEvent.change(field('Source term, row 1'), { target: { value: 'iPhone' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep as is, row 1' }));
    fireEvent.click(screen.getByTestId('glossary-entries-add'));
    fireEvent.change(field('Source term, row 2'), { target: { value: 'Apple' } });
    fireEvent.change(field('Translation, row 2'), { target: { value: 'アップル' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Match case, row 2' }));
    // an untouched row is left out, not refused
    fireEvent.click(screen.getByTestId('glossary-entries-add'));
    fireEvent.click(screen.getByTestId('glossary-save'));
    await waitFor(() => expect(api.to(API.glossarySave)).toHaveLength(1));
    expect(api.to(API.glossarySave)[0]).toEqual({
      name: 'Brands',
      sourceLanguage: 'auto',
      targetLanguage: 'ja',
      entries: [
        { source: 'iPhone', target: '', note: '', keep: true, caseSensitive: false },
        { source: 'Apple', target: 'アップル', note: '', keep: false, caseSensitive: true },
      ],
    });
    // saved: the page is now the glossary's own
    expect(await screen.findByRole('heading', { name: 'Brands' })).toBeTruthy();
  });

  it('refuses a row without its source term, naming the row', async () => {
    const api = server();
    view(editing);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Source term, row 2' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByTestId('glossary-save'));
    expect((await screen.findByTestId('glossary-error')).textContent).toContain(
      'Rows without a source term: 2.',
    );
    expect(field('Source term, row 2').getAttribute('aria-invalid')).toBe('true');
    expect(api.to(API.glossarySave)).toEqual([]);
  });

  it('keeps 2,000 entries usable: 50 a page, a filter, edits and removals, no row past the limit', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => entry(`term ${i + 1}`));
    const api = server(glossary({ entries: many }));
    view(editing);
    expect((await screen.findByTestId('glossary-entries-count')).textContent).toBe('2000 / 2,000');
    expect(screen.getAllByTestId('glossary-entries-row')).toHaveLength(50);
    expect(screen.getByTestId<HTMLButtonElement>('glossary-entries-add').disabled).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter rows' }), {
      target: { value: 'term 1999' },
    });
    await waitFor(() => expect(screen.getAllByTestId('glossary-entries-row')).toHaveLength(1));
    fireEvent.change(field('Translation, row 1999'), { target: { value: 'terme 1999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 1999' }));
    await waitFor(() => expect(screen.getByText('No row matches')).toBeTruthy());
    expect(screen.getByTestId<HTMLButtonElement>('glossary-entries-add').disabled).toBe(false);
    fireEvent.click(screen.getByTestId('glossary-save'));
    await waitFor(() => expect(api.to(API.glossarySave)).toHaveLength(1));
    const sent = api.to(API.glossarySave)[0]!.entries as GlossaryEntry[];
    expect(sent).toHaveLength(1999);
    expect(sent.some((e) => e.source === 'term 1999')).toBe(false);
    expect(sent[1998]!.source).toBe('term 2000');
  });

  it("shows a limit's refusal as the server words it", async () => {
    server(glossary(), {
      [API.glossarySave]: () => {
        throw refusal(
          ErrorCodes.GLOSSARY_TOO_MANY_ENTRIES.code,
          'A glossary holds at most 2000 entries (this would be 2001); split it',
        );
      },
    });
    view(editing);
    fireEvent.change(await screen.findByTestId('glossary-name'), { target: { value: 'Thrones 2' } });
    fireEvent.click(screen.getByTestId('glossary-save'));
    expect((await screen.findByTestId('glossary-error')).textContent).toBe(
      'A glossary holds at most 2000 entries (this would be 2001); split it',
    );
  });

  it('exports the saved glossary as a CSV or TSV download', async () => {
    const api = server(glossary(), {
      [API.glossaryExport]: () =>
        new Response('source,target\nStark,Stark\n', {
          headers: { 'content-disposition': `attachment; filename*=UTF-8''Thrones.tsv` },
        }),
    });
    const made = vi.fn(() => 'blob:glossary');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: made, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('Thrones.tsv');
    });
    view(editing);
    fireEvent.click(await screen.findByTestId('glossary-export'));
    fireEvent.click(await screen.findByTestId('glossary-export-tsv'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(api.to(API.glossaryExport)).toEqual([{ id: ID, format: 'tsv' }]);
    expect(made).toHaveBeenCalledTimes(1);
  });
});
