import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { API } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { SrtUploadModal } from './srt-upload-modal';
import { choose, dropFile, fakeServer, renderWithApp } from './test-support';

const i18n = await initI18n('en');

const SRT =
  '1\n00:00:01,000 --> 00:00:02,000\nHello there, how are you today?\n\n2\n00:00:03,000 --> 00:00:04,000\nI am fine, thank you very much.\n';

function server(balance = 1000) {
  return fakeServer({
    [API.translationEngines]: () => [
      { name: 'deepseek', enabled: true, reason: null },
      { name: 'google', enabled: false, reason: 'not_configured' },
    ],
    [API.getPoint]: () => ({ point: balance }),
    [API.taskCreate]: () => ({ id: 'task-1', status: 'pending' }),
    [API.taskStart]: () => ({ id: 'task-1', status: 'translating' }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const submit = () => fireEvent.click(screen.getByTestId('srt-submit'));

// antd forms render slowly on a busy machine
describe('the SRT upload modal', { timeout: 30_000 }, () => {
  it('shows the fields and offers only the usable engines, the default preselected', async () => {
    server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    expect(await screen.findByText('Source language')).toBeTruthy();
    expect(screen.getByText('Target language')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));
    await choose('srt-engine', 'DeepSeek');
    // an engine this site does not offer is not a customer's choice, nor its operator state
    expect(screen.queryByText(/Google/)).toBeNull();
    expect(screen.queryByText(/not configured/)).toBeNull();
  });

  it('says everything that is missing at once, the file with the fields, and sends nothing', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    submit();
    expect(await screen.findByText('Choose the target language')).toBeTruthy();
    expect(await screen.findByText('Choose a subtitle file')).toBeTruthy();
    await choose('srt-target', 'French');
    submit();
    expect(await screen.findByText('Choose a subtitle file')).toBeTruthy();
    expect(api.to(API.taskCreate)).toEqual([]);
  });

  it('refuses a file that is not SRT', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', new File(['not subtitles'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(screen.queryByTestId('srt-preview')).toBeNull();
    expect(api.to(API.taskCreate)).toEqual([]);
  });

  it('previews the file, then creates the task with the chosen options and starts it', async () => {
    const api = server();
    const onClose = vi.fn();
    renderWithApp(i18n, <SrtUploadModal open onClose={onClose} />);
    dropFile('srt-file', new File([SRT], 'talk.srt', { type: 'application/x-subrip' }));
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    await choose('srt-target', 'French');
    await waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));
    submit();
    await waitFor(() => expect(api.to(API.taskStart)).toEqual([{ id: 'task-1' }]));
    expect(api.to(API.taskCreate)).toEqual([
      {
        originalLanguage: 'auto',
        targetLanguage: 'fr',
        translationService: 'deepseek',
        includeOriginalText: 'false',
        keepEngineBreaks: 'false',
        glossaryIds: '',
        seriesId: '',
        formality: 'source',
        translatorNote: '',
        reviewTerms: 'false',
        encoding: 'utf-8',
        file: 'talk.srt',
      },
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("sends the option to keep the engine's line breaks when it is switched on", async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', new File([SRT], 'talk.srt', { type: 'application/x-subrip' }));
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    await choose('srt-target', 'French');
    await waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));
    const option = screen.getByTestId('srt-keep-breaks');
    expect(option.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Keep the engine’s line breaks')).toBeTruthy();
    fireEvent.click(option);
    submit();
    await waitFor(() => expect(api.to(API.taskCreate)).toHaveLength(1));
    expect(api.to(API.taskCreate)[0]).toMatchObject({ keepEngineBreaks: 'true' });
  });

  it('starts the task with the batch size stored in this browser (SPEC §9)', async () => {
    localStorage.setItem('translation-batch-size', '3');
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', new File([SRT], 'talk.srt', { type: 'application/x-subrip' }));
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    await choose('srt-target', 'French');
    await waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));
    submit();
    await waitFor(() => expect(api.to(API.taskStart)).toEqual([{ id: 'task-1', batchSize: 3 }]));
  });
});
