import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, DEFAULT_TASK_VOICE, type Task, type TaskVoice } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { taskFixture } from '../../../lib/test-support';
import { TaskList } from './task-list';
import { fakeServer, renderWithApp } from './test-support';

const i18n = await initI18n('en');

const task = (id: string, over: Partial<Task>, voice: Partial<TaskVoice> = {}): Task =>
  taskFixture({
    id,
    originalLanguage: 'ja',
    targetLanguage: 'en',
    submitTime: '2026-01-01T10:00:00.000Z',
    ...over,
    voice: { ...DEFAULT_TASK_VOICE, ...voice },
  });

const TASKS = [
  task(
    'waiting',
    { status: 'pending', translationProgress: 0 },
    {
      reviewTerms: true,
      awaitingReview: true,
      hasBrief: true,
      reviewExpiresAt: '2026-01-08T10:00:00.000Z',
      engineCalls: 2,
      briefCalls: 2,
    },
  ),
  task(
    'done',
    {},
    {
      hasBrief: true,
      glossaryIds: ['0d9f3a4e-6b1c-4f7a-9c2d-1e2f3a4b5c6d'],
      formality: 'formal',
      translatorNote: 'a cooking show; keep brand names in English',
      engineCalls: 104,
      briefCalls: 3,
    },
  ),
  task('plain', {}),
];

const BRIEF = {
  synopsis: 'A night kitchen.',
  register: '',
  characters: [{ name: 'Kenji', target: 'Kenji', gender: 'male', address: '' }],
  terms: [],
};

function server() {
  return fakeServer({
    [API.taskList]: () => ({
      list: TASKS,
      pageNum: 1,
      pageSize: 10,
      totalCount: TASKS.length,
      totalPages: 1,
      hasNextPage: false,
    }),
    [API.getPoint]: () => ({ point: 1000 }),
    [API.taskBrief]: (b) => ({ taskId: b.id, brief: BRIEF }),
    [API.taskContinue]: (b) => ({ ...TASKS[0], id: b.id, status: 'translating' }),
  });
}

const row = async (id: string) => within(await screen.findByTestId(`task-${id}`));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the task list's names, terms and voice", { timeout: 60_000 }, () => {
  it('shows a task waiting for its review, without a start button, and continues it from the review', async () => {
    const api = server();
    renderWithApp(i18n, <TaskList userId={1} />);
    const waiting = await row('waiting');
    expect(waiting.getByTestId('task-awaiting-review').textContent).toBe('Waiting for your review');
    expect(waiting.getByText('Review by Jan 8, 2026')).toBeTruthy();
    expect(waiting.queryByTestId('task-start')).toBeNull();
    fireEvent.click(waiting.getByTestId('task-review-terms'));
    const dialog = await screen.findByRole('dialog', { name: 'Review names and terms' });
    await within(dialog).findByTestId('brief-dialog');
    expect(api.to(API.taskBrief)).toEqual([{ id: 'waiting' }]);
    fireEvent.click(within(dialog).getByTestId('brief-continue'));
    await waitFor(() => expect(api.to(API.taskContinue)).toEqual([{ id: 'waiting', brief: BRIEF }]));
    // the list is asked again: the task now translates
    await waitFor(() => expect(api.to(API.taskList).length).toBeGreaterThan(1));
  });

  it('shows what was asked of a task and the engine calls it took, and opens its brief', async () => {
    server();
    renderWithApp(i18n, <TaskList userId={1} />);
    const done = await row('done');
    expect(done.getByTestId('task-voice-asked').textContent).toBe('Formal · 1 glossary');
    expect(done.getByTestId('task-note').textContent).toBe(
      'Note: a cooking show; keep brand names in English',
    );
    expect(done.getByTestId('task-engine-calls').textContent).toBe('104 engine calls (3 for the brief)');
    expect((await row('plain')).queryByTestId('task-voice')).toBeNull();
    expect((await row('plain')).queryByTestId('task-brief')).toBeNull();
    fireEvent.click(done.getByRole('button', { name: 'Film brief of done.srt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Film brief' });
    expect(await within(dialog).findByTestId('brief-reapply')).toBeTruthy();
  });
});
