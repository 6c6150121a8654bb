import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type Series } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { choose, chooseIn, fakeServer, renderWithApp } from '../../../lib/test-support';
import { SeriesView } from './series-view';

const i18n = await initI18n('en');
const ID = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const NEW_ID = 'c1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const EPISODE = '7a0c1f0e-3b3e-4d6a-9f1e-1d2c3b4a5f60';

const STORED: Series = {
  id: ID,
  name: 'Kitchen stories',
  sourceLanguage: 'ja',
  targetLanguage: 'en',
  taskCount: 1,
  updatedAt: '2026-01-02T03:04:05.000Z',
  memory: {
    characters: [{ name: '健二', target: 'Kenji', gender: 'male', address: 'calls Aiko "senpai"' }],
    terms: [{ source: 'たこ焼き', target: 'takoyaki', note: '' }],
  },
  tasks: [{ id: EPISODE, fileName: 'episode-1.srt', submitTime: '2026-01-01T10:00:00.000Z' }],
};

function server() {
  return fakeServer({
    [API.seriesList]: () => [(({ memory: _m, tasks: _t, ...s }: Series) => s)(STORED)],
    [API.seriesGet]: () => STORED,
    [API.seriesSave]: (b) => ({ ...STORED, tasks: b.id ? STORED.tasks : [], ...b, id: b.id ?? NEW_ID }),
    [API.seriesDelete]: () => null,
  });
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the series page', { timeout: 60_000 }, () => {
  it('lists the series, and deletes one only once confirmed', async () => {
    const api = server();
    renderWithApp(i18n, <SeriesView />, '/dashboard?view=series');
    const row = within(await screen.findByTestId(`series-${ID}`));
    expect(row.getByText('Japanese → English')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Delete Kitchen stories' }));
    fireEvent.click(await screen.findByTestId('series-delete-confirm'));
    await waitFor(() => expect(api.to(API.seriesDelete)).toEqual([{ id: ID }]));
  });

  it('makes a series with its languages and a memory of names and terms', async () => {
    const api = server();
    renderWithApp(i18n, <SeriesView />, '/dashboard?view=series&series=new');
    fireEvent.change(await screen.findByTestId('series-name'), { target: { value: 'Detectives' } });
    await choose('series-source', 'German');
    await choose('series-target', 'French');
    fireEvent.click(screen.getByTestId('series-characters-add'));
    fireEvent.change(box('Name, row 1'), { target: { value: 'Kommissar Weber' } });
    fireEvent.change(box('Name in the translation, row 1'), { target: { value: 'le commissaire Weber' } });
    await chooseIn(screen.getByRole('combobox', { name: 'Gender, row 1' }), 'Male');
    fireEvent.change(box('Forms of address, row 1'), { target: { value: 'vouvoie tout le monde' } });
    fireEvent.click(screen.getByTestId('series-terms-add'));
    fireEvent.change(box('Term, row 1'), { target: { value: 'Tatort' } });
    fireEvent.click(screen.getByTestId('series-save'));
    await waitFor(() => expect(api.to(API.seriesSave)).toHaveLength(1));
    expect(api.to(API.seriesSave)[0]).toEqual({
      name: 'Detectives',
      sourceLanguage: 'de',
      targetLanguage: 'fr',
      memory: {
        characters: [
          {
            name: 'Kommissar Weber',
            target: 'le commissaire Weber',
            gender: 'male',
            address: 'vouvoie tout le monde',
          },
        ],
        terms: [{ source: 'Tatort', target: '', note: '' }],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Detectives' })).toBeTruthy();
  });

  it('edits a series: its name, its memory (a row removed), and lists its episodes', async () => {
    const api = server();
    renderWithApp(i18n, <SeriesView />, `/dashboard?view=series&series=${ID}`);
    expect((await screen.findByTestId('series-name')).getAttribute('value')).toBe('Kitchen stories');
    const episodes = screen.getByTestId('series-episodes');
    expect(within(episodes).getByRole('link', { name: 'episode-1.srt' }).getAttribute('href')).toBe(
      `/edit/${EPISODE}`,
    );
    expect(box('Name in the translation, row 1').value).toBe('Kenji');
    fireEvent.change(screen.getByTestId('series-name'), { target: { value: 'Kitchen stories (2026)' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Characters' })).getByRole('button', { name: 'Remove row 1' }),
    );
    fireEvent.click(screen.getByTestId('series-save'));
    await waitFor(() => expect(api.to(API.seriesSave)).toHaveLength(1));
    expect(api.to(API.seriesSave)[0]).toEqual({
      id: ID,
      name: 'Kitchen stories (2026)',
      sourceLanguage: 'ja',
      targetLanguage: 'en',
      memory: { characters: [], terms: STORED.memory.terms },
    });
  });
});
