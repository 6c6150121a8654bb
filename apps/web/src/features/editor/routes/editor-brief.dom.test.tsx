import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, DEFAULT_TASK_VOICE, type TaskLine, type TaskWithLines } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { taskFixture } from '../../../lib/test-support';
import { fakeServer, renderInApp } from '../test-support';
import EditorPage from './editor-page';

const i18n = await initI18n('en');
const ID = '7a0c1f0e-3b3e-4d6a-9f1e-1d2c3b4a5f60';

/** line 2's source holds a glossary term its translation lacks */
const LINES: TaskLine[] = [
  [1, 0, 3000, 'Good morning, Kenji.', 'Bonjour, Kenji.', []],
  [2, 3000, 6000, 'Two takoyaki, please.', 'Deux boulettes, s’il vous plaît.', ['term-missing']],
  [3, 6000, 9000, 'See you.', 'À plus.', []],
];

const task: TaskWithLines = {
  ...taskFixture({
    id: ID,
    fileName: 'kitchen.srt',
    segmentCount: LINES.length,
    duration: 9000,
    submitTime: '2026-01-01T10:00:00.000Z',
    reviewCount: 1,
    voice: { ...DEFAULT_TASK_VOICE, hasBrief: true, glossaryIds: ['0d9f3a4e-6b1c-4f7a-9c2d-1e2f3a4b5c6d'] },
  }),
  lines: LINES,
};

const QUOTA = {
  charsLeft: 19_000,
  charsPerDay: 20_000,
  callsLeft: 99,
  callsPerDay: 100,
  resetsAt: '2026-01-02T00:00:00.000Z',
};

function server() {
  return fakeServer({
    [API.taskLines]: () => task,
    [API.profile]: () => ({ id: 1, name: 'Ada', email: 'ada@example.com', role: 'user' }),
    [API.taskRetranslateQuota]: () => QUOTA,
    [API.taskBrief]: () => ({
      taskId: ID,
      brief: {
        synopsis: '',
        register: '',
        characters: [],
        terms: [{ source: 'takoyaki', target: 'takoyaki', note: '' }],
      },
    }),
    [API.taskUpdateSegments]: () => ({
      version: 4,
      segments: [{ id: 2, flags: [] }],
      changed: [],
      created: [],
      reload: false,
    }),
    [API.taskReapply]: () => ({
      version: 3,
      results: [
        { id: 2, success: true, translatedText: 'Deux takoyaki, s’il vous plaît.', error: null, flags: [] },
      ],
      quota: QUOTA,
      changed: [],
    }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe("the editor's names and terms", { timeout: 60_000 }, () => {
  it('tags a line whose glossary term is missing, and counts it among the lines to review', async () => {
    server();
    renderInApp(i18n, <EditorPage />, `/edit/${ID}`);
    const row = await screen.findByTestId('segment-2');
    const tag = row.querySelector<HTMLElement>('[data-review-flag="term-missing"]')!;
    expect(tag.textContent).toBe('Term missing');
    expect(tag.title).toMatch(/glossary or brief term/);
    expect(screen.getByText('To review (1)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('filter-review'));
    await waitFor(() => expect(screen.queryByTestId('segment-1')).toBeNull());
    expect(screen.getByTestId('segment-2')).toBeTruthy();
  });

  it('opens the film brief and re-applies it, taking in the lines it translated again', async () => {
    const api = server();
    renderInApp(i18n, <EditorPage />, `/edit/${ID}`);
    await screen.findByTestId('segment-2');
    fireEvent.click(screen.getByTestId('brief-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Film brief' });
    fireEvent.click(await within(dialog).findByTestId('brief-reapply'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('brief-outcome').textContent).toBe('1 line translated again.'),
    );
    expect(api.to(API.taskReapply)).toEqual([{ id: ID }]);
    await waitFor(() =>
      expect(screen.getByTestId<HTMLTextAreaElement>('seg-2-translation').value).toBe(
        'Deux takoyaki, s’il vous plaît.',
      ),
    );
    // its flag went with the line's new translation
    expect(screen.getByTestId('segment-2').dataset.review).toBeUndefined();
  });
});
