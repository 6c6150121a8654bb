import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type Task } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { TaskList } from './task-list';
import { fakeServer, renderWithApp, taskFixture } from './test-support';

const i18n = await initI18n('en');

/** a season of three episodes into Japanese and French: four done, one failed, one translating */
const STATUSES: Partial<Task>[] = [
  {},
  {},
  {},
  {},
  { status: 'failed', error: 'the engine refused' },
  { status: 'translating', translationProgress: 50 },
];
const BATCH = ['Show - ep10.srt', 'Show - ep2.srt', 'Show - ep1.srt'].flatMap((name, f) =>
  ['ja', 'fr'].map((lang, l) =>
    taskFixture({
      id: `ep${f}-${lang}`,
      fileName: name,
      targetLanguage: lang,
      batchId: 'b-1',
      ...STATUSES[f * 2 + l],
    }),
  ),
);
const ALONE = taskFixture({ id: 'alone', fileName: 'alone.srt', submitTime: '2025-01-02T10:00:00.000Z' });

function server(tasks: Task[] = [ALONE, ...BATCH]) {
  return fakeServer({
    [API.taskList]: () => ({
      list: tasks,
      pageNum: 1,
      pageSize: 10,
      totalCount: tasks.length,
      totalPages: 1,
      hasNextPage: false,
    }),
    [API.getPoint]: () => ({ point: 1000 }),
    [API.batchExport]: () =>
      new Response(new Uint8Array([80, 75, 5, 6]), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename*=UTF-8''Show%20-%20ep1.zip`,
        },
      }),
  });
}

/** a phone's width, as its browser reports the list's (happy-dom lays nothing out) */
function phone() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe() {
        const entry = { contentBoxSize: [{ inlineSize: 358, blockSize: 600 }] };
        this.report([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      disconnect() {}
    },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const batchRow = async () => within(await screen.findByTestId('batch-b-1'));
/** the task rows (or cards) shown, in order */
const shownTasks = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid^="task-ep"]')].map((el) => el.dataset.testid);

// antd tables render slowly on a busy machine
describe('a batch in the task list (issue 39)', { timeout: 30_000 }, () => {
  it('shows the tasks of a batch as one row with its progress, that opens to them in episode order', async () => {
    server();
    renderWithApp(i18n, <TaskList userId={1} />);
    const row = await batchRow();
    expect(row.getByTestId('batch-name').textContent).toBe('Show - ep1.srt (+2)');
    expect(row.getByTestId('batch-languages').textContent).toBe('English → French, Japanese');
    expect(row.getByTestId('batch-done').textContent).toBe('4 of 6 done');
    expect(row.getByTestId('batch-failed').textContent).toBe('1 failed');
    expect(row.getByText('1 in progress')).toBeTruthy();
    expect(row.getByText(/3 files · 60 points/)).toBeTruthy();
    // the lone task is a row of its own, the batch's are folded into it
    expect(await screen.findByTestId('task-alone')).toBeTruthy();
    expect(shownTasks()).toEqual([]);
    const toggle = row.getByRole('button', { name: 'Show the tasks of Show - ep1.srt (+2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(shownTasks()).toHaveLength(6));
    expect(shownTasks()).toEqual([
      'task-ep2-fr',
      'task-ep2-ja',
      'task-ep1-fr',
      'task-ep1-ja',
      'task-ep0-fr',
      'task-ep0-ja',
    ]);
    // each opened task is a row like any, with its own status and actions
    const failed = within(screen.getByTestId('task-ep2-ja'));
    expect(failed.getByTestId('task-status').dataset.status).toBe('failed');
    expect(failed.getByTestId('task-start').textContent).toBe(i18n.t('tasks.retry'));
    fireEvent.click(row.getByRole('button', { name: 'Hide the tasks of Show - ep1.srt (+2)' }));
    await waitFor(() => expect(shownTasks()).toEqual([]));
  });

  it('downloads all of a batch as one ZIP in the formats chosen', async () => {
    const api = server();
    const made = vi.fn(() => 'blob:batch');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: made, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithApp(i18n, <TaskList userId={1} />);
    fireEvent.click((await batchRow()).getByTestId('batch-download'));
    const dialog = within(await screen.findByTestId('batch-download-dialog'));
    expect(
      dialog.getByText('A ZIP of every finished task (4 of 6), a file in each format chosen.'),
    ).toBeTruthy();
    const srt = dialog.getByRole('checkbox', { name: 'SRT' });
    expect((srt as HTMLInputElement).checked).toBe(true);
    // none: nothing to download, and said so
    fireEvent.click(srt);
    expect(await dialog.findByText('Choose at least one format')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('batch-download-ok').disabled).toBe(true);
    fireEvent.click(dialog.getByRole('checkbox', { name: 'ASS' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'SRT' }));
    fireEvent.click(dialog.getByRole('switch'));
    fireEvent.click(screen.getByTestId('batch-download-ok'));
    await waitFor(() => expect(names).toEqual(['Show - ep1.zip']));
    expect(api.to(API.batchExport)).toEqual([{ id: 'b-1', formats: ['srt', 'ass'], includeOriginal: true }]);
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('offers no download until a task of the batch is finished', async () => {
    server(BATCH.map((t) => ({ ...t, status: 'translating', translationProgress: 10 })));
    renderWithApp(i18n, <TaskList userId={1} />);
    const row = await batchRow();
    expect(row.getByTestId('batch-done').textContent).toBe('0 of 6 done');
    expect(row.getByTestId<HTMLButtonElement>('batch-download').disabled).toBe(true);
    expect(row.queryByTestId('batch-failed')).toBeNull();
  });

  it('shows a batch as one card on a phone, that opens to its tasks’ cards', async () => {
    phone();
    server();
    renderWithApp(i18n, <TaskList userId={1} />);
    const card = await batchRow();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('batch-b-1').tagName).toBe('LI');
    expect(card.getByTestId('batch-done').textContent).toBe('4 of 6 done');
    expect(card.getByTestId<HTMLButtonElement>('batch-download').disabled).toBe(false);
    expect(shownTasks()).toEqual([]);
    const toggle = card.getByRole('button', { name: /Show its 6 tasks/ });
    fireEvent.click(toggle);
    await waitFor(() => expect(shownTasks()).toHaveLength(6));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list.getAttribute('aria-label')).toBe('Tasks of Show - ep1.srt (+2)');
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(screen.getByTestId('task-ep0-ja')).getByTestId('task-status').dataset.status).toBe(
      'completed',
    );
  });
});
