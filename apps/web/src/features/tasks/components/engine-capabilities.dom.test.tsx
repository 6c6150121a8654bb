import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type GlossarySummary } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import type * as MultipartUpload from '../../../lib/multipart-upload';
import { MediaUploadModal } from './media-upload-modal';
import { SrtUploadModal } from './srt-upload-modal';
import { CAPABILITIES, choose, dropFile, fakeServer, renderWithApp, usableEngine } from './test-support';

// the parts' PUTs to storage are multipart-upload.ts's own: here the file is stored at once
const uploadFile = vi.hoisted(() => vi.fn(async () => ({ objectKey: 'uploads/clip.mp4' })));
vi.mock('../../../lib/multipart-upload', async (original) => ({
  ...(await original<typeof MultipartUpload>()),
  uploadFile,
  resumableBytes: () => 0,
}));

const i18n = await initI18n('en');
await import('../lib/srt-preview');

const SRT = '1\n00:00:01,000 --> 00:00:02,000\nCome in, Lane.\n';
const NAMES = '0d9f3a4e-6b1c-4f7a-9c2d-1e2f3a4b5c6d';
const glossary: GlossarySummary = {
  id: NAMES,
  name: 'Names',
  sourceLanguage: 'auto',
  targetLanguage: 'es',
  entryCount: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function server() {
  return fakeServer({
    [API.translationEngines]: () => [
      usableEngine('deepseek', CAPABILITIES.model),
      usableEngine('google', CAPABILITIES.machine),
      usableEngine('apertium', CAPABILITIES.rules),
      { name: 'deepl', enabled: false, reason: 'not_implemented', capabilities: null },
    ],
    [API.getPoint]: () => ({ point: 1000 }),
    [API.glossaryList]: () => [glossary],
    [API.seriesList]: () => [],
    [API.taskCreate]: () => ({ id: 'task-1', status: 'pending' }),
    [API.taskStart]: () => ({ id: 'task-1', status: 'translating' }),
    [API.fileSubmitCheck]: () => ({ taskId: '7a0c1f0e-3b3e-4d6a-9f1e-1d2c3b4a5f60' }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const OPTIONS = ['glossaries', 'series', 'formality', 'note', 'review-terms'] as const;
const unavailable = (prefix: string) =>
  OPTIONS.filter((o) => screen.queryByTestId(`${prefix}-${o}-unavailable`));
const control = (testId: string) => {
  const el = screen.getByTestId(testId);
  return el.closest('.ant-select') ?? el;
};
const isDisabled = (testId: string) => {
  const el = control(testId);
  return (
    el.className.includes('disabled') ||
    (el as HTMLInputElement).disabled === true ||
    el.querySelectorAll('input:disabled').length > 0
  );
};

async function srtModalWith(engine: string) {
  const api = server();
  renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
  dropFile('srt-file', new File([SRT], 'lane.srt', { type: 'application/x-subrip' }));
  expect(await screen.findByTestId('srt-preview')).toBeTruthy();
  await choose('srt-source', 'English');
  await choose('srt-target', 'Spanish');
  await waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));
  if (engine !== 'DeepSeek') await choose('srt-engine', engine);
  await waitFor(() =>
    expect(screen.getByTestId('srt-engine-hint').textContent).toMatch(new RegExp(`^${engine} `)),
  );
  return api;
}

// antd forms render slowly on a busy machine
describe('what the chosen engine honours, in the upload dialogs (issue 34)', { timeout: 60_000 }, () => {
  it('DeepSeek: every option offered, and the hint says what it uses', async () => {
    await srtModalWith('DeepSeek');
    expect(screen.getByTestId('srt-engine-hint').textContent).toBe(
      'DeepSeek uses glossaries and series, formality and the note for the translator, the review of names and terms first, and the shortening of lines too long for their time.',
    );
    expect(screen.queryByTestId('srt-engine-draft')).toBeNull();
    await waitFor(() => expect(isDisabled('srt-glossaries')).toBe(false));
    expect(OPTIONS.map((o) => isDisabled(`srt-${o}`))).toEqual([false, false, false, false, false]);
    expect(unavailable('srt')).toEqual([]);
  });

  it('Apertium: a draft, every option disabled with its reason, the engine that would take it named', async () => {
    await srtModalWith('Apertium');
    expect(screen.getByTestId('srt-engine-draft').textContent).toBe(
      'Apertium is offline rule-based translation: expect a draft to edit, not a finished translation.',
    );
    expect(screen.getByTestId('srt-engine-hint').textContent).toBe(
      'Apertium translates each line on its own and does not use glossaries and series, formality and the note for the translator, the review of names and terms first, or the shortening of lines too long for their time.',
    );
    await waitFor(() => expect(unavailable('srt')).toEqual([...OPTIONS]));
    expect(OPTIONS.map((o) => isDisabled(`srt-${o}`))).toEqual([true, true, true, true, true]);
    expect(screen.getByTestId('srt-glossaries-unavailable').textContent).toBe(
      'Apertium does not use glossaries. Choose DeepSeek to use this.',
    );
    expect(screen.getByTestId('srt-note-unavailable').textContent).toBe(
      'Apertium does not read a note. Choose DeepSeek to use this.',
    );
    // read out with the control (its help text), and said on the folded heading
    const note = screen.getByTestId('srt-note');
    const described = (note.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')).toContain(
      'Apertium does not read a note.',
    );
    expect(screen.getByTestId('srt-voice').textContent).toContain('Apertium uses none of these');
  });

  it('Google: machine translation, no draft note, the options it ignores disabled', async () => {
    await srtModalWith('Google');
    expect(screen.queryByTestId('srt-engine-draft')).toBeNull();
    expect(screen.getByTestId('srt-engine-hint').textContent).toContain(
      'Google translates each line on its own',
    );
    await waitFor(() => expect(unavailable('srt')).toEqual([...OPTIONS]));
  });

  it('sends nothing Apertium ignores, and gives back what was set when DeepSeek is chosen again', async () => {
    const api = await srtModalWith('DeepSeek');
    await waitFor(() => expect(isDisabled('srt-glossaries')).toBe(false));
    await choose('srt-glossaries', 'Names (1 entry)');
    fireEvent.click(within(screen.getByTestId('srt-formality')).getByLabelText('Formal'));
    fireEvent.change(screen.getByTestId('srt-note'), { target: { value: 'Lane is a name' } });

    await choose('srt-engine', 'Apertium');
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('srt-note').value).toBe(''));
    expect(within(screen.getByTestId('srt-glossaries')).queryByText('Names (1 entry)')).toBeNull();

    await choose('srt-engine', 'DeepSeek');
    await waitFor(() =>
      expect(screen.getByTestId<HTMLTextAreaElement>('srt-note').value).toBe('Lane is a name'),
    );
    expect(within(screen.getByTestId('srt-glossaries')).getByText('Names (1 entry)')).toBeTruthy();
    expect(
      within(screen.getByTestId('srt-formality')).getByLabelText<HTMLInputElement>('Formal').checked,
    ).toBe(true);

    await choose('srt-engine', 'Apertium');
    await waitFor(() => expect(unavailable('srt')).toEqual([...OPTIONS]));
    fireEvent.click(screen.getByTestId('srt-submit'));
    await waitFor(() => expect(api.to(API.taskCreate)).toHaveLength(1));
    expect(api.to(API.taskCreate)[0]).toMatchObject({
      translationService: 'apertium',
      glossaryIds: '',
      seriesId: '',
      formality: 'source',
      translatorNote: '',
      reviewTerms: 'false',
    });
  });

  it('the audio/video dialog says the same, and sends no option Apertium ignores', async () => {
    const api = server();
    renderWithApp(i18n, <MediaUploadModal open onClose={() => undefined} />);
    await choose('media-target', 'Spanish');
    await waitFor(() => expect(screen.getByTestId('media-engine').textContent).toContain('DeepSeek'));
    fireEvent.change(screen.getByTestId('media-note'), { target: { value: 'Lane is a name' } });
    await choose('media-engine', 'Apertium');
    expect(await screen.findByTestId('media-engine-draft')).toBeTruthy();
    await waitFor(() => expect(unavailable('media')).toEqual([...OPTIONS]));
    dropFile('media-file', new File([new Uint8Array(2048)], 'clip.mp4', { type: 'video/mp4' }));
    fireEvent.click(screen.getByTestId('media-upload-submit'));
    await waitFor(() => expect(api.to(API.fileSubmitCheck)).toHaveLength(1));
    expect(api.to(API.fileSubmitCheck)[0]).toMatchObject({
      translationService: 'apertium',
      glossaryIds: [],
      seriesId: null,
      formality: 'source',
      translatorNote: '',
      reviewTerms: false,
    });
  });
});
