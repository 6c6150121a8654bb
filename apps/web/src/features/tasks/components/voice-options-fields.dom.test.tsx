import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type GlossarySummary, type SeriesSummary } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { SrtUploadModal } from './srt-upload-modal';
import {
  CAPABILITIES,
  choose,
  dropFile,
  fakeServer,
  offeredBy,
  renderWithApp,
  usableEngine,
} from './test-support';

const i18n = await initI18n('en');
// the modal loads its SRT reader when it opens: loaded here first, so a busy machine's first
// import does not eat a test's wait for the preview
await import('../lib/srt-preview');

const SRT = '1\n00:00:01,000 --> 00:00:02,000\nHello there, how are you today?\n';
const FILM = '0d9f3a4e-6b1c-4f7a-9c2d-1e2f3a4b5c6d';
const BRANDS = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const SERIES = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';

const glossary = (
  id: string,
  name: string,
  sourceLanguage: string,
  targetLanguage: string,
): GlossarySummary => ({
  id,
  name,
  sourceLanguage,
  targetLanguage,
  entryCount: 12,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const series = (id: string, name: string, targetLanguage: string): SeriesSummary => ({
  id,
  name,
  sourceLanguage: 'auto',
  targetLanguage,
  taskCount: 2,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function server() {
  return fakeServer({
    [API.translationEngines]: () => [
      usableEngine('deepseek', CAPABILITIES.model),
      usableEngine('apertium', CAPABILITIES.rules),
    ],
    [API.getPoint]: () => ({ point: 1000 }),
    [API.glossaryList]: () => [
      glossary(FILM, 'Film', 'auto', 'fr'),
      glossary(BRANDS, 'Brands', 'en', 'fr'),
      glossary('c0000000-0000-4000-8000-000000000001', 'Deutsch', 'auto', 'de'),
      glossary('c0000000-0000-4000-8000-000000000002', 'From Japanese', 'ja', 'fr'),
    ],
    [API.seriesList]: () => [
      series(SERIES, 'Kitchen stories', 'fr'),
      series('d0000000-0000-4000-8000-000000000001', 'Krimi', 'de'),
    ],
    [API.taskCreate]: () => ({ id: 'task-1', status: 'pending' }),
    [API.taskStart]: () => ({ id: 'task-1', status: 'translating' }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const openOptions = () => fireEvent.click(screen.getByText('Glossaries, series and style'));

/** the glossaries and series can be chosen once the target language is (the form tells them late) */
const ready = () =>
  waitFor(() => expect(screen.getByTestId('srt-glossaries').className).not.toContain('disabled'));

describe("the upload's glossaries, series and style", { timeout: 60_000 }, () => {
  it('offers only the glossaries and series of the chosen languages, once the target is chosen', async () => {
    server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    openOptions();
    expect(await screen.findAllByText('Choose the target language first')).toHaveLength(2);
    await choose('srt-source', 'English');
    await choose('srt-target', 'French');
    await ready();
    await choose('srt-glossaries', 'Film (12 entries)');
    // French targets, from English or any language: not German, not from Japanese
    expect(offeredBy('srt-glossaries')).toEqual(['Film (12 entries)', 'Brands (12 entries)']);
    await choose('srt-series', 'Kitchen stories');
    expect(offeredBy('srt-series')).toEqual(['Kitchen stories']);
  });

  it('sends them as the multipart fields of /task/create: glossaries comma-separated', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', new File([SRT], 'talk.srt', { type: 'application/x-subrip' }));
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    await choose('srt-target', 'French');
    openOptions();
    await ready();
    await choose('srt-glossaries', 'Film (12 entries)');
    await choose('srt-glossaries', 'Brands (12 entries)');
    await choose('srt-series', 'Kitchen stories');
    fireEvent.click(within(screen.getByTestId('srt-formality')).getByLabelText('Informal'));
    const note = screen.getByTestId('srt-note');
    fireEvent.change(note, { target: { value: 'A cooking show; keep brand names in English' } });
    expect(note.getAttribute('maxlength')).toBe('500');
    expect(screen.getByText('43 / 500')).toBeTruthy();
    fireEvent.click(screen.getByTestId('srt-review-terms'));
    await waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));
    fireEvent.click(screen.getByTestId('srt-submit'));
    await waitFor(() => expect(api.to(API.taskCreate)).toHaveLength(1));
    expect(api.to(API.taskCreate)[0]).toMatchObject({
      glossaryIds: `${FILM},${BRANDS}`,
      seriesId: SERIES,
      formality: 'informal',
      translatorNote: 'A cooking show; keep brand names in English',
      reviewTerms: 'true',
    });
  });

  it('drops the chosen glossaries and series when another target language no longer fits them', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', new File([SRT], 'talk.srt', { type: 'application/x-subrip' }));
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    await choose('srt-target', 'French');
    openOptions();
    await ready();
    await choose('srt-glossaries', 'Film (12 entries)');
    await choose('srt-series', 'Kitchen stories');
    await choose('srt-target', 'German');
    await waitFor(() =>
      expect(within(screen.getByTestId('srt-glossaries')).queryByText('Film (12 entries)')).toBeNull(),
    );
    expect(within(screen.getByTestId('srt-series')).queryByText('Kitchen stories')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));
    fireEvent.click(screen.getByTestId('srt-submit'));
    await waitFor(() => expect(api.to(API.taskCreate)).toHaveLength(1));
    expect(api.to(API.taskCreate)[0]).toMatchObject({ targetLanguage: 'de', glossaryIds: '', seriesId: '' });
  });

  it('turns the review of names and terms off, and keeps it off, with an engine that writes no brief', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', new File([SRT], 'talk.srt', { type: 'application/x-subrip' }));
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    await choose('srt-target', 'French');
    openOptions();
    await waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));
    const review = () => screen.getByTestId('srt-review-terms');
    fireEvent.click(review());
    expect(review().getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('srt-review-terms-unavailable')).toBeNull();

    await choose('srt-engine', 'Apertium');
    await waitFor(() => expect(review().getAttribute('aria-checked')).toBe('false'));
    expect((review() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('srt-review-terms-unavailable').textContent).toBe(
      'Apertium writes no brief, so there are no names and terms to review first. Choose DeepSeek to use this.',
    );
    fireEvent.click(screen.getByTestId('srt-submit'));
    await waitFor(() => expect(api.to(API.taskCreate)).toHaveLength(1));
    expect(api.to(API.taskCreate)[0]).toMatchObject({ translationService: 'apertium', reviewTerms: 'false' });

    // a language model again: the review can be asked again
    await choose('srt-engine', 'DeepSeek');
    await waitFor(() => expect((review() as HTMLButtonElement).disabled).toBe(false));
  });
});
