import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type Task } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { taskFixture } from '../../../lib/test-support';
import { TaskList } from './task-list';
import { atRootElseWhere, fakeServer, renderWithApp } from './test-support';

const i18n = await initI18n('en');

const task = (id: string, over: Partial<Task>): Task => taskFixture({ id, ...over });

const TASKS = [
  task('done', {}),
  task('reviewed', { reviewCount: 3 }),
  task('unfinished', { status: 'failed', translationProgress: 40, reviewCount: 2 }),
  task('waiting', { status: 'pending', translationProgress: 0 }),
  task('broken', { status: 'failed', translationProgress: 0, error: 'the engine refused the key' }),
  task('partly', {
    segmentCount: 200,
    partEnd: 30,
    partial: {
      translatedThrough: 30,
      remainingLines: 170,
      remainingMs: 1_020_000,
      restPoints: 170,
      chargedPoints: 30,
    },
  }),
];

/** /task/part_quote of 'partly' for a balance */
const quote = (balance: number) => ({
  balance,
  rest: { fromLine: 31, toLine: 200, startMs: 176_000, endMs: 1_196_000, points: 170 },
  part: balance >= 170 ? null : { fromLine: 31, toLine: 70, startMs: 176_000, endMs: 416_000, points: 40 },
  nextLinePoints: 10,
});

function server(balance = 1000) {
  return fakeServer({
    [API.taskList]: () => ({
      list: TASKS,
      pageNum: 1,
      pageSize: 10,
      totalCount: TASKS.length,
      totalPages: 1,
      hasNextPage: false,
    }),
    [API.getPoint]: () => ({ point: balance }),
    [API.taskStart]: (body) => ({ ...TASKS[1], id: body.id, status: 'translating' }),
    [API.taskDelete]: () => null,
    [API.taskPartQuote]: () => quote(balance),
    [API.taskTranslateRest]: (body) => ({ ...TASKS[5], id: body.id, status: 'translating', partial: null }),
  });
}

function renderList() {
  renderWithApp(i18n, atRootElseWhere(<TaskList userId={1} />));
}

const row = async (id: string) => within(await screen.findByTestId(`task-${id}`));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// antd forms render slowly on a busy machine
describe('the task list', { timeout: 30_000 }, () => {
  it('shows each task with its status and only the actions it allows', async () => {
    const api = server();
    renderList();
    const done = await row('done');
    expect(done.getByText('done.srt')).toBeTruthy();
    expect(done.getByTestId<HTMLButtonElement>('task-edit').disabled).toBe(false);
    expect(done.queryByTestId('task-start')).toBeNull();
    const waiting = await row('waiting');
    expect(waiting.getByTestId('task-status').dataset.status).toBe('pending');
    expect(waiting.getByTestId('task-start').textContent).toBe(i18n.t('tasks.start'));
    expect(waiting.getByTestId<HTMLButtonElement>('task-edit').disabled).toBe(true);
    const broken = await row('broken');
    expect(broken.getByTestId('task-status').dataset.status).toBe('failed');
    expect(broken.getByText(i18n.t('tasks.translationFailed'))).toBeTruthy();
    expect(broken.getByTestId('task-start').textContent).toBe(i18n.t('tasks.retry'));
    expect(api.to(API.taskList)).toEqual([{ page: 1, size: 10 }]);
  });

  it('starts a pending task with its id', async () => {
    const api = server();
    renderList();
    fireEvent.click((await row('waiting')).getByTestId('task-start'));
    await waitFor(() => expect(api.to(API.taskStart)).toEqual([{ id: 'waiting' }]));
  });

  it('asks to buy points instead of starting a task the balance does not cover', async () => {
    const api = server(5);
    renderList();
    const waiting = await row('waiting');
    await waitFor(() => expect(api.to(API.getPoint)).toHaveLength(1));
    fireEvent.click(waiting.getByTestId('task-start'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(api.to(API.taskStart)).toEqual([]);
  });

  it('deletes a task only once confirmed', async () => {
    const api = server();
    renderList();
    fireEvent.click((await row('done')).getByTestId('task-delete'));
    expect(api.to(API.taskDelete)).toEqual([]);
    fireEvent.click(await screen.findByTestId('task-delete-confirm'));
    await waitFor(() => expect(api.to(API.taskDelete)).toEqual([{ id: 'done' }]));
  });

  it('says how many lines of a finished task to review, linking to the editor (which opens on all lines)', async () => {
    server();
    renderList();
    const reviewed = await row('reviewed');
    expect(reviewed.getByTestId('task-review').textContent).toBe('3 lines to review');
    // none for a task without flags, nor for one that did not finish
    expect((await row('done')).queryByTestId('task-review')).toBeNull();
    expect((await row('unfinished')).queryByTestId('task-review')).toBeNull();
    fireEvent.click(reviewed.getByTestId('task-review'));
    expect((await screen.findByTestId('where')).textContent).toBe('/edit/reviewed');
  });

  it('shows each task as a card where the list is narrower than the table (a phone)', async () => {
    // the list's width as a phone's browser reports it (happy-dom lays nothing out)
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe() {
          const entry = { contentBoxSize: [{ inlineSize: 342, blockSize: 600 }] };
          this.report([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        disconnect() {}
      },
    );
    server();
    renderList();
    const reviewed = await row('reviewed');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('task-reviewed').tagName).toBe('LI');
    // everything a row has: status, the lines to review, the actions a task allows
    expect(reviewed.getByTestId('task-status').dataset.status).toBe('completed');
    expect(reviewed.getByTestId('task-review').textContent).toBe('3 lines to review');
    expect(reviewed.getByTestId<HTMLButtonElement>('task-download').disabled).toBe(false);
    expect((await row('waiting')).getByTestId('task-start').textContent).toBe(i18n.t('tasks.start'));
    fireEvent.click(reviewed.getByTestId('task-edit'));
    expect((await screen.findByTestId('where')).textContent).toBe('/edit/reviewed');
  });

  it('opens a completed task in the editor', async () => {
    server();
    renderList();
    fireEvent.click((await row('done')).getByTestId('task-edit'));
    expect((await screen.findByTestId('where')).textContent).toBe('/edit/done');
  });

  it('says how much of a partly translated task is done and what the rest costs (issue 34)', async () => {
    server();
    renderList();
    const partly = await row('partly');
    expect(partly.getByTestId('task-partial').textContent).toContain('Lines 1–30 of 200 translated');
    expect(partly.getByTestId('task-partial-rest').textContent).toBe('170 lines (17 min) left: 170 points');
    expect(partly.getByTestId<HTMLButtonElement>('task-edit').disabled).toBe(false);
    expect(partly.queryByTestId('task-start')).toBeNull();
    expect((await row('done')).queryByTestId('task-continue')).toBeNull();
  });

  it('continues a partly translated task whole when the balance covers the rest', async () => {
    const api = server(500);
    renderList();
    fireEvent.click((await row('partly')).getByTestId('task-continue'));
    await waitFor(() => expect(api.to(API.taskTranslateRest)).toEqual([{ id: 'partly' }]));
  });

  it('offers the part a short balance covers, and sends its price as the most to hold', async () => {
    const api = server(40);
    renderList();
    fireEvent.click((await row('partly')).getByTestId('task-continue'));
    const offer = await screen.findByTestId('part-offer');
    expect(offer.textContent).toContain('The whole file costs 170 points; you have 40.');
    expect(screen.getByTestId('part-offer-range').textContent).toBe(
      'Your points cover lines 31–70 (minutes 3–7) for 40 points.',
    );
    expect(api.to(API.taskTranslateRest)).toEqual([]);
    fireEvent.click(screen.getByTestId('part-translate'));
    await waitFor(() =>
      expect(api.to(API.taskTranslateRest)).toEqual([{ id: 'partly', part: { maxPoints: 40 } }]),
    );
  });
});
