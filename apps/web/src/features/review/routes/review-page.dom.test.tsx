import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ErrorCodes, type ReviewComment, type ReviewPage } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { fakeServer, refusal, renderWithApp } from '../../../lib/test-support';
import { STORAGE_KEYS } from '../../../lib/storage';
import ReviewPageRoute from './review-page';

const i18n = await initI18n('zh');
const TOKEN = 'Ab3_-x'.repeat(7) + 'Q';

const comment = (over: Partial<ReviewComment> & Pick<ReviewComment, 'id'>): ReviewComment => ({
  segmentId: 11,
  author: 'Mia',
  byOwner: false,
  body: 'a comment',
  createdAt: '2026-03-01T09:30:00.000Z',
  replyTo: null,
  resolvedAt: null,
  ...over,
});

const reviewPage = (over: Partial<ReviewPage> = {}): ReviewPage => ({
  fileName: 'interview.srt',
  originalLanguage: 'en',
  targetLanguage: 'zh-CN',
  access: 'comment',
  expiresAt: '2026-03-08T10:00:00.000Z',
  approved: false,
  media: null,
  lines: [
    { id: 11, startMs: 0, endMs: 1500, original: 'Hello there', translated: '你好' },
    { id: 12, startMs: 2000, endMs: 3500, original: 'How are you?', translated: '你好吗？' },
    { id: 13, startMs: 4000, endMs: 5000, original: 'Fine, thanks', translated: '很好，谢谢' },
  ],
  comments: [
    comment({ id: 'c1', body: 'Too formal?' }),
    comment({ id: 'c2', author: null, byOwner: true, body: 'Kept on purpose', replyTo: 'c1' }),
    comment({ id: 'c3', segmentId: 13, author: 'Leo', body: 'Typo', resolvedAt: '2026-03-02T00:00:00.000Z' }),
  ],
  ...over,
});

function show(hash = `#${TOKEN}`) {
  return renderWithApp(
    i18n,
    <Routes>
      <Route path="/review" element={<ReviewPageRoute />} />
    </Routes>,
    `/review${hash}`,
  );
}

const lineOf = async (id: number) => {
  await screen.findByTestId('review-lines');
  return waitFor(() => {
    const el = document.querySelector<HTMLElement>(`[data-line="${id}"]`);
    if (!el) throw new Error(`line ${id} is not drawn`);
    return el;
  });
};

beforeEach(async () => {
  window.localStorage.clear();
  document.head.querySelectorAll('meta[name="robots"]').forEach((m) => m.remove());
  await act(() => i18n.changeLanguage('zh'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the review page (issue 40 §2)', () => {
  it('opens the link from the fragment and shows the task, its lines and their comments', async () => {
    const server = fakeServer({ '/review/open': () => reviewPage({ approved: true }) });
    show();
    expect(screen.getByTestId('review-loading')).toBeTruthy();
    expect((await screen.findByTestId('review-file')).textContent).toBe('interview.srt');
    expect(server.to('/review/open')).toEqual([{ token: TOKEN }]);
    expect(screen.getByTestId('review-languages').textContent).toBe('英语 → 简体中文');
    expect(screen.getByTestId('review-approved').textContent).toContain('已批准');
    expect(screen.getByTestId('review-expires').textContent).toMatch(/^链接有效期至 2026/);

    const first = await lineOf(11);
    expect(within(first).getByTestId('review-original').textContent).toBe('Hello there');
    expect(within(first).getByTestId('review-translated').textContent).toBe('你好');
    const thread = within(first).getByTestId('review-thread');
    expect(thread.textContent).toContain('Mia');
    expect(thread.textContent).toContain('Too formal?');
    // the owner's answer, under the comment, as "the owner" and nothing more
    const answer = within(thread).getByTestId('review-answer');
    expect(within(answer).getByTestId('review-owner').textContent).toBe('作者');
    expect(answer.textContent).toContain('Kept on purpose');
    expect(within(await lineOf(13)).getByTestId('review-resolved').textContent).toBe('已解决');
    expect(within(await lineOf(12)).queryByTestId('review-thread')).toBeNull();

    expect(document.title).toBe('审阅 · interview.srt | SubTrans 字幕翻译');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
    // in English as the switcher chooses it
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('review-languages').textContent).toBe('English → Chinese (Simplified)');
    expect(within(answer).getByTestId('review-owner').textContent).toBe('Owner');
  });

  it('posts a comment signed with a name and shows it in the line’s thread without a reload', async () => {
    const posted = comment({ id: 'c9', segmentId: 12, author: 'Ann', body: 'Less stiff, please' });
    const server = fakeServer({ '/review/open': () => reviewPage(), '/review/comment': () => posted });
    show();
    const line = await lineOf(12);
    fireEvent.click(within(line).getByTestId('review-comment-open'));
    fireEvent.change(within(line).getByTestId('review-name'), { target: { value: ' Ann ' } });
    const body = within(line).getByTestId('review-body');
    fireEvent.change(body, { target: { value: 'Less stiff, please' } });
    fireEvent.keyDown(body, { key: 'Enter', ctrlKey: true });

    await waitFor(() => expect(within(line).queryByTestId('review-form')).toBeNull());
    // the keyboard is back on the line's button
    expect(document.activeElement).toBe(within(line).getByTestId('review-comment-open'));
    expect(server.to('/review/comment')).toEqual([
      { token: TOKEN, segmentId: 12, name: 'Ann', body: 'Less stiff, please' },
    ]);
    expect(within(line).getByTestId('review-thread').textContent).toContain('Less stiff, please');
    expect(server.to('/review/open')).toHaveLength(1);
    // the name is offered again, on this line and on the next link
    expect(window.localStorage.getItem(STORAGE_KEYS.reviewerName)).toBe('Ann');
    fireEvent.click(within(await lineOf(13)).getByTestId('review-comment-open'));
    expect(within(await lineOf(13)).getByTestId<HTMLInputElement>('review-name').value).toBe('Ann');
  });

  it('keeps the typed text and shows the server’s reason when a comment is refused', async () => {
    window.localStorage.setItem(STORAGE_KEYS.reviewerName, 'Ann');
    fakeServer({
      '/review/open': () => reviewPage(),
      '/review/comment': () => {
        throw refusal(ErrorCodes.RATE_LIMITED.code, '操作过于频繁，请稍后再试');
      },
    });
    show();
    const line = await lineOf(11);
    fireEvent.click(within(line).getByTestId('review-comment-open'));
    expect(within(line).getByTestId<HTMLInputElement>('review-name').value).toBe('Ann');
    fireEvent.change(within(line).getByTestId('review-body'), { target: { value: 'Keep me' } });
    fireEvent.click(within(line).getByTestId('review-send'));

    expect((await within(line).findByTestId('review-form-error')).textContent).toContain(
      '操作过于频繁，请稍后再试',
    );
    expect(within(line).getByTestId<HTMLTextAreaElement>('review-body').value).toBe('Keep me');
    expect(within(line).getByTestId('review-thread').textContent).not.toContain('Keep me');
  });

  it('offers no way to comment on a link for reading only', async () => {
    fakeServer({ '/review/open': () => reviewPage({ access: 'read' }) });
    show();
    expect((await screen.findByTestId('review-read-only')).textContent).toContain('此链接仅供查看');
    await lineOf(11);
    expect(screen.queryByTestId('review-comment-open')).toBeNull();
    expect(screen.queryByTestId('review-form')).toBeNull();
    // the comments made before stay readable
    expect(screen.getAllByTestId('review-thread')).toHaveLength(2);
  });

  it('says a link is unavailable, and nothing else', async () => {
    const msg = ErrorCodes.REVIEW_LINK_UNAVAILABLE.msg.zh;
    fakeServer({
      '/review/open': () => {
        throw refusal(ErrorCodes.REVIEW_LINK_UNAVAILABLE.code, msg);
      },
    });
    show();
    const state = await screen.findByTestId('review-unavailable');
    expect(state.textContent).toContain(msg);
    expect(screen.queryByTestId('review-file')).toBeNull();
    expect(screen.queryByTestId('review-lines')).toBeNull();
  });

  it('does not ask the server about an address without a whole token', async () => {
    const server = fakeServer({ '/review/open': () => reviewPage() });
    show('#abc');
    expect((await screen.findByTestId('review-unavailable')).textContent).toContain('链接不完整');
    expect(server.to('/review/open')).toEqual([]);
  });

  it('plays the video from a line chosen and shows the line’s translation over it', async () => {
    fakeServer({
      '/review/open': () => reviewPage({ media: { url: '/files/film.mp4?sig=1', type: 2 } }),
    });
    show();
    const video = await screen.findByTestId<HTMLVideoElement>('review-video');
    expect(video.getAttribute('src')).toBe('/files/film.mp4?sig=1');
    const line = await lineOf(12);
    fireEvent.click(within(line).getByRole('button', { name: '从 0:02 播放' }));
    expect(video.currentTime).toBeCloseTo(2.001);
    await waitFor(() => expect(screen.getByTestId('review-caption').textContent).toBe('你好吗？'));
    expect(line.getAttribute('aria-current')).toBe('true');
  });
});
