import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { API } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { taskFixture } from '../../../lib/test-support';
import { TaskList } from './task-list';
import { atRootElseWhere, fakeServer, renderWithApp } from './test-support';

const i18n = await initI18n('en');
const ID = '11111111-2222-4333-8444-555555555555';

const TASKS = [
  taskFixture({ id: ID, openComments: 3 }),
  taskFixture({ id: 'signed', approvedAt: '2026-03-02T12:00:00.000Z' }),
  taskFixture({ id: 'one', openComments: 1, approvedAt: '2026-03-02T12:00:00.000Z' }),
  taskFixture({ id: 'plain' }),
];

function renderList() {
  fakeServer({
    [API.taskList]: () => ({
      list: TASKS,
      pageNum: 1,
      pageSize: 10,
      totalCount: TASKS.length,
      totalPages: 1,
      hasNextPage: false,
    }),
    [API.getPoint]: () => ({ point: 100 }),
  });
  renderWithApp(i18n, atRootElseWhere(<TaskList userId={1} />));
}

const row = async (id: string) => within(await screen.findByTestId(`task-${id}`));

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('a task’s review in the list (issue 40 §2)', { timeout: 30_000 }, () => {
  it('shows open comments linking to the editor’s comments, and the approval', async () => {
    renderList();
    const commented = await row(ID);
    expect(commented.getByTestId('task-open-comments').textContent).toBe('3 open comments');
    expect(commented.queryByTestId('task-approved')).toBeNull();
    expect((await row('signed')).getByTestId('task-approved').textContent).toBe('Approved');
    expect((await row('signed')).queryByTestId('task-open-comments')).toBeNull();
    const both = await row('one');
    expect(both.getByTestId('task-open-comments').textContent).toBe('1 open comment');
    expect(both.getByTestId('task-approved')).toBeTruthy();
    const plain = await row('plain');
    expect(plain.queryByTestId('task-open-comments')).toBeNull();
    expect(plain.queryByTestId('task-approved')).toBeNull();
    fireEvent.click(commented.getByTestId('task-open-comments'));
    expect((await screen.findByTestId('where')).textContent).toBe(`/edit/${ID}?comments=open`);
  });

  it('says so on a phone’s cards too, in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    vi.stubGlobal('innerWidth', 390);
    renderList();
    await screen.findByRole('list');
    const commented = await row(ID);
    expect(commented.getByTestId('task-open-comments').textContent).toBe('未解決のコメント 3 件');
    expect((await row('signed')).getByTestId('task-approved').textContent).toBe('承認済み');
  });
});
