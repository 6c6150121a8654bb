import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, ErrorCodes, type Batch, type SeriesSummary } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { SrtUploadModal } from './srt-upload-modal';
import {
  CAPABILITIES,
  choose,
  dropFile,
  dropFiles,
  fakeServer,
  offeredBy,
  refusal,
  renderWithApp,
  taskFixture,
  usableEngine,
} from './test-support';

const i18n = await initI18n('en');

/** an English film of two lines: 10 points (the minimum) */
const srt = (words: string) =>
  `1\n00:00:01,000 --> 00:00:02,000\n${words}, how are you today?\n\n2\n00:00:03,000 --> 00:00:04,000\nI am fine, thank you very much.\n`;
const file = (name: string, text = srt('Hello there')) =>
  new File([text], name, { type: 'application/x-subrip' });

/** the answer of /batch/create: a task per file and language */
function batchOf(body: Record<string, unknown>): Batch {
  const files = [body.files].flat() as string[];
  const targets = String(body.targetLanguages).split(',');
  const tasks = files.flatMap((f, i) =>
    targets.map((l) => taskFixture({ id: `t-${i}-${l}`, fileName: f, targetLanguage: l, batchId: 'b-1' })),
  );
  return {
    id: 'b-1',
    name: files[0]!,
    targetLanguages: targets,
    createdAt: '2025-01-01T10:00:00.000Z',
    finishedAt: null,
    counts: { total: tasks.length, completed: 0, failed: 0, running: tasks.length },
    estimatedPoints: tasks.length * 10,
    tasks,
  };
}

function server(balance = 1000, routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    [API.translationEngines]: () => [{ name: 'deepseek', enabled: true, reason: null }],
    [API.getPoint]: () => ({ point: balance }),
    [API.glossaryList]: () => [],
    [API.seriesList]: () => [],
    [API.taskCreate]: () => taskFixture({ id: 'task-1', status: 'pending' }),
    [API.taskStart]: () => taskFixture({ id: 'task-1', status: 'translating' }),
    [API.batchCreate]: batchOf,
    ...routes,
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const submit = () => fireEvent.click(screen.getByTestId('srt-submit'));
const rows = () => screen.getAllByTestId('batch-file');
/** every file of the list read */
const read = async (count: number) =>
  waitFor(() => {
    expect(rows()).toHaveLength(count);
    expect(rows().every((r) => r.dataset.state !== 'checking')).toBe(true);
  });
const engineReady = () =>
  waitFor(() => expect(screen.getByTestId('srt-engine').textContent).toContain('DeepSeek'));

// antd forms render slowly on a busy machine
describe('the subtitle upload of many files at once (issue 39)', { timeout: 30_000 }, () => {
  it('lists three files in episode order and sends them into two languages as one batch', async () => {
    const api = server();
    const onClose = vi.fn();
    renderWithApp(i18n, <SrtUploadModal open onClose={onClose} />);
    dropFiles('srt-file', [file('Show - ep10.srt'), file('Show - ep2.srt'), file('Show - ep1.srt')]);
    await read(3);
    expect(rows().map((r) => r.querySelector('[title]')?.getAttribute('title'))).toEqual([
      'Show - ep1.srt',
      'Show - ep2.srt',
      'Show - ep10.srt',
    ]);
    expect(screen.getByTestId('srt-file').closest('.ant-upload-wrapper')!.textContent).toContain(
      '3 files chosen',
    );
    const first = within(rows()[0]!);
    expect(first.getByTestId('batch-file-language').textContent).toBe('English');
    expect(first.getByTestId('batch-file-facts').textContent).toContain('2 segments');
    // several files: the target takes several languages, without asking
    expect(screen.queryByTestId('srt-several-targets')).toBeNull();
    await choose('srt-target', 'Japanese');
    await choose('srt-target', 'French');
    await waitFor(() =>
      expect(first.getByTestId('batch-file-cost').textContent).toBe('10 × 2 languages = 20 points'),
    );
    expect(screen.getByTestId('batch-total').textContent).toBe(
      'Total for 6 tasks, one for each file and language: 60 points (balance 1000)',
    );
    await engineReady();
    submit();
    await waitFor(() => expect(api.to(API.batchCreate)).toHaveLength(1));
    expect(api.to(API.batchCreate)[0]).toEqual({
      originalLanguage: 'auto',
      targetLanguages: 'ja,fr',
      translationService: 'deepseek',
      includeOriginalText: 'false',
      keepEngineBreaks: 'false',
      glossaryIds: '',
      seriesId: '',
      formality: 'source',
      translatorNote: '',
      reviewTerms: 'false',
      // each file is detected on the server as it was here: no encoding given for all
      files: ['Show - ep1.srt', 'Show - ep2.srt', 'Show - ep10.srt'],
    });
    expect(api.to(API.taskCreate)).toEqual([]);
    expect(api.to(API.taskStart)).toEqual([]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('lists a file it cannot take with its reason, and leaves it out of the batch', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFiles('srt-file', [
      file('b.srt'),
      file('notes.txt'),
      file('a.srt'),
      file('empty.srt', 'no cues here'),
    ]);
    await read(4);
    const refused = rows().filter((r) => r.dataset.state === 'refused');
    expect(refused.map((r) => r.querySelector('[title]')?.getAttribute('title'))).toEqual([
      'empty.srt',
      'notes.txt',
    ]);
    expect(within(refused[1]!).getByTestId('batch-file-error').textContent).toBe(
      i18n.t('tasks.upload.reject.notSubtitle'),
    );
    expect(screen.getByTestId('batch-refused').textContent).toBe(
      '2 files cannot be translated and are left out of the batch',
    );
    await choose('srt-target', 'French');
    expect((await screen.findByTestId('batch-total')).textContent).toContain('Total for 2 tasks');
    await engineReady();
    submit();
    await waitFor(() => expect(api.to(API.batchCreate)).toHaveLength(1));
    expect(api.to(API.batchCreate)[0]).toMatchObject({ targetLanguages: 'fr', files: ['a.srt', 'b.srt'] });
  });

  it('refuses a total over the balance before sending anything, with the shortfall', async () => {
    const api = server(25);
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFiles('srt-file', [file('ep1.srt'), file('ep2.srt'), file('ep3.srt')]);
    await read(3);
    await choose('srt-target', 'French');
    await waitFor(() =>
      expect(screen.getByTestId('batch-short').textContent).toContain(
        'The batch needs 30 points; you have 25, 5 short.',
      ),
    );
    expect(screen.getByTestId('batch-buy').getAttribute('href')).toBe('/dashboard?view=points');
    await engineReady();
    submit();
    expect((await screen.findByTestId('insufficient-buy')).textContent).toBe('Buy points');
    expect(document.querySelector('.ant-modal-confirm')!.textContent).toContain(
      'This translation needs 30 points; you have 25.',
    );
    expect(api.calls.filter((c) => /\/(batch|task)\//.test(c.path))).toEqual([]);
  });

  it('says what the server refuses of a batch: a file it cannot read, by name', async () => {
    server(1000, {
      [API.batchCreate]: () => {
        throw refusal(ErrorCodes.SRT_INVALID.code, 'The subtitle file is invalid: b.srt');
      },
    });
    const onClose = vi.fn();
    renderWithApp(i18n, <SrtUploadModal open onClose={onClose} />);
    dropFiles('srt-file', [file('a.srt'), file('b.srt')]);
    await read(2);
    await choose('srt-target', 'French');
    await engineReady();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The subtitle file is invalid: b.srt');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('takes at most 50 subtitle files, and says how many more were left out', async () => {
    server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFiles(
      'srt-file',
      Array.from({ length: 52 }, (_, i) => file(`ep${i + 1}.srt`)),
    );
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(rows()[49]!.querySelector('[title]')?.getAttribute('title')).toBe('ep50.srt');
    expect(screen.getByTestId('batch-over-limit').textContent).toBe(
      '2 more subtitle files were left out: a batch takes at most 50 files',
    );
  });

  it('puts every file of the batch into the series chosen; a series serves one language', async () => {
    const SERIES = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
    const series = (id: string, name: string, targetLanguage: string): SeriesSummary => ({
      id,
      name,
      sourceLanguage: 'auto',
      targetLanguage,
      taskCount: 2,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const api = server(1000, {
      [API.translationEngines]: () => [usableEngine('deepseek', CAPABILITIES.model)],
      [API.seriesList]: () => [
        series(SERIES, 'Kitchen stories', 'fr'),
        series('d0000000-0000-4000-8000-000000000001', 'Krimi', 'de'),
      ],
    });
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFiles('srt-file', [file('ep2.srt'), file('ep1.srt')]);
    await read(2);
    await choose('srt-target', 'French');
    fireEvent.click(screen.getByTestId('srt-voice'));
    await engineReady();
    // the form tells the series field its language late
    await waitFor(() => expect(screen.getByTestId('srt-series').className).not.toContain('disabled'));
    await choose('srt-series', 'Kitchen stories');
    expect(offeredBy('srt-series')).toEqual(['Kitchen stories']);
    submit();
    await waitFor(() => expect(api.to(API.batchCreate)).toHaveLength(1));
    expect(api.to(API.batchCreate)[0]).toMatchObject({ files: ['ep1.srt', 'ep2.srt'], seriesId: SERIES });
  });

  it('takes a file off the list', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFiles('srt-file', [file('a.srt'), file('b.srt'), file('c.srt')]);
    await read(3);
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.srt' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    await choose('srt-target', 'French');
    await engineReady();
    submit();
    await waitFor(() => expect(api.to(API.batchCreate)).toHaveLength(1));
    expect(api.to(API.batchCreate)[0]).toMatchObject({ files: ['a.srt', 'c.srt'] });
  });

  it('sends one file into several languages as a batch, read as its preview showed', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', file('talk.srt'));
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    fireEvent.click(screen.getByTestId('srt-several-targets'));
    await choose('srt-target', 'French');
    await choose('srt-target', 'German');
    expect((await screen.findByTestId('batch-total')).textContent).toBe(
      'Total for 2 tasks, one for each file and language: 20 points (balance 1000)',
    );
    await engineReady();
    submit();
    await waitFor(() => expect(api.to(API.batchCreate)).toHaveLength(1));
    expect(api.to(API.batchCreate)[0]).toMatchObject({
      targetLanguages: 'fr,de',
      files: 'talk.srt',
      encoding: 'utf-8',
    });
    expect(api.to(API.taskCreate)).toEqual([]);
  });

  it('keeps one file into one language a task of its own, created then started', async () => {
    const api = server();
    renderWithApp(i18n, <SrtUploadModal open onClose={() => undefined} />);
    dropFile('srt-file', file('talk.srt'));
    expect(await screen.findByTestId('srt-preview')).toBeTruthy();
    expect(screen.queryByTestId('batch-files')).toBeNull();
    expect(screen.queryByTestId('batch-total')).toBeNull();
    await choose('srt-target', 'French');
    // one language: a second choice replaces the first
    await choose('srt-target', 'German');
    await engineReady();
    submit();
    await waitFor(() => expect(api.to(API.taskStart)).toEqual([{ id: 'task-1' }]));
    expect(api.to(API.taskCreate)).toMatchObject([{ targetLanguage: 'de', file: 'talk.srt' }]);
    expect(api.to(API.batchCreate)).toEqual([]);
  });
});
