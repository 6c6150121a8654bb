import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type OwnerReview, type ReviewComment } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { fakeServer, renderWithApp } from '../../../lib/test-support';
import { useReview } from '../hooks/use-review';
import type { EditSegment } from '../lib/editor-state';
import { indexOf } from '../lib/editor-types';
import { SegmentRow, type RowHandlers } from './segment-row';

const i18n = await initI18n('en');
const TASK = '11111111-2222-4333-8444-555555555555';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const SEGMENTS: EditSegment[] = [10, 20, 30].map((id, i) => ({
  id,
  startMs: i * 1000,
  endMs: i * 1000 + 900,
  originalText: `original ${id}`,
  translatedText: `translation ${id}`,
}));
const LINES = { segments: SEGMENTS, index: indexOf(SEGMENTS) };
const numberOf = (id: number) => (LINES.index.get(id) ?? 0) + 1;

const comment = (over: Partial<ReviewComment> & Pick<ReviewComment, 'id' | 'segmentId'>): ReviewComment => ({
  author: 'Mia',
  byOwner: false,
  body: 'text',
  createdAt: '2026-03-01T10:00:00.000Z',
  replyTo: null,
  resolvedAt: null,
  ...over,
});

function serve() {
  const review: OwnerReview = {
    approvedAt: null,
    comments: [
      comment({ id: uuid(1), segmentId: 30, body: 'Too literal', author: 'Mia' }),
      comment({ id: uuid(2), segmentId: 10, body: 'Name is wrong', author: 'Ken' }),
      comment({
        id: uuid(3),
        segmentId: 30,
        body: 'Fixed?',
        resolvedAt: '2026-03-01T12:00:00.000Z',
        createdAt: '2026-03-01T11:00:00.000Z',
      }),
      comment({ id: uuid(4), segmentId: 99, body: 'On a line since deleted' }),
      comment({
        id: uuid(5),
        segmentId: 30,
        author: null,
        byOwner: true,
        replyTo: uuid(3),
        body: 'Yes, changed it',
        createdAt: '2026-03-01T11:30:00.000Z',
      }),
    ],
  };
  let n = 100;
  const server = fakeServer({
    [API.taskReviewComments]: () => review,
    [API.taskReviewAnswer]: (body) => {
      const made = comment({
        id: uuid(n++),
        segmentId: review.comments.find((c) => c.id === body.commentId)!.segmentId,
        author: null,
        byOwner: true,
        replyTo: body.commentId as string,
        body: body.body as string,
        createdAt: '2026-03-02T10:00:00.000Z',
      });
      review.comments.push(made);
      return made;
    },
    [API.taskReviewResolve]: (body) => {
      const c = review.comments.find((x) => x.id === body.commentId)!;
      c.resolvedAt = body.resolved ? '2026-03-02T11:00:00.000Z' : null;
      return c;
    },
    [API.taskReviewApprove]: (body) => {
      review.approvedAt = body.approved ? '2026-03-02T12:00:00.000Z' : null;
      return { approvedAt: review.approvedAt };
    },
  });
  return server;
}

const noop = () => {};
function Harness(props: { goTo: (id: number) => void }) {
  const review = useReview({ taskId: TASK, enabled: true, lines: LINES, numberOf, goTo: props.goTo });
  const handlers: RowHandlers = {
    change: noop,
    typing: noop,
    focus: noop,
    toggle: noop,
    retranslate: noop,
    edit: noop,
    comments: review.openAt,
  };
  return (
    <>
      {review.action}
      {SEGMENTS.map((seg) => (
        <SegmentRow
          key={seg.id}
          seg={seg}
          number={numberOf(seg.id)}
          flags=""
          selected={false}
          busy={false}
          readOnly={false}
          current={false}
          handlers={handlers}
          openComments={review.commentsOf(seg.id)?.open}
          comments={review.commentsOf(seg.id)?.total}
        />
      ))}
      {review.panel}
    </>
  );
}

function show(url = '/') {
  const goTo = vi.fn<(id: number) => void>();
  renderWithApp(i18n, <Harness goTo={goTo} />, url);
  return goTo;
}

const panel = () => screen.findByTestId('review-panel');
const thread = (n: number) => within(screen.getByTestId(`review-thread-${uuid(n)}`));

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the reviewers’ comments in the editor (issue 40 §2)', { timeout: 30_000 }, () => {
  it('counts open comments in the header and the rows, and lists threads by line', async () => {
    const server = serve();
    const goTo = show();
    // three open in the header; the rows: line 1 one open, line 3 one open of two, line 2 none
    await waitFor(() =>
      expect(screen.getByTestId('review-comments-open').getAttribute('aria-label')).toBe('Comments: 3 open'),
    );
    expect(screen.getByTestId('seg-10-comments').textContent).toBe('1');
    expect(screen.getByTestId('seg-30-comments').getAttribute('aria-label')).toBe('1 open comment');
    expect(screen.queryByTestId('seg-20-comments')).toBeNull();
    expect(server.to(API.taskReviewComments)).toEqual([{ id: TASK }]);

    fireEvent.click(screen.getByTestId('review-comments-open'));
    const list = await panel();
    const lines = [...list.querySelectorAll('[data-review-line]')].map((el) =>
      el.getAttribute('data-review-line'),
    );
    expect(lines).toEqual(['10', '30', '99']);
    expect(within(screen.getByTestId('review-line-30')).getByTestId('review-goto').textContent).toContain(
      'Line 3',
    );
    // the threads of line 3 in time order, the owner's answer under its comment as "You"
    const threads = screen.getByTestId('review-line-30').querySelectorAll('article');
    expect([...threads].map((a) => a.getAttribute('data-testid'))).toEqual([
      `review-thread-${uuid(1)}`,
      `review-thread-${uuid(3)}`,
    ]);
    expect(thread(3).getByText('You')).toBeTruthy();
    expect(thread(3).getByText('Yes, changed it')).toBeTruthy();
    expect(thread(1).getByText('Mia')).toBeTruthy();
    // a comment on a line no longer in the task still shows, said so
    expect(within(screen.getByTestId('review-line-99')).getByTestId('review-line-gone').textContent).toBe(
      'This line no longer exists',
    );
    // a thread's click goes to its line
    fireEvent.click(thread(1).getByText('Too literal'));
    expect(goTo).toHaveBeenCalledWith(30);
    fireEvent.click(within(screen.getByTestId('review-line-10')).getByTestId('review-goto'));
    expect(goTo).toHaveBeenLastCalledWith(10);
    // open only: the resolved thread goes
    fireEvent.click(screen.getByTestId('review-open-only'));
    await waitFor(() => expect(screen.queryByTestId(`review-thread-${uuid(3)}`)).toBeNull());
    expect(screen.getByTestId(`review-thread-${uuid(1)}`)).toBeTruthy();
  });

  it('appends an answer sent with Ctrl+Enter, labelled as yours', async () => {
    const server = serve();
    show();
    fireEvent.click(await screen.findByTestId('review-comments-open'));
    await panel();
    const box = await waitFor(() => thread(2).getByTestId('review-answer-input'));
    fireEvent.change(box, { target: { value: 'Thanks, fixed the name' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(server.to(API.taskReviewAnswer)).toEqual([
        { id: TASK, commentId: uuid(2), body: 'Thanks, fixed the name' },
      ]),
    );
    // (the box's own text is no answer: it is matched inside the answers only)
    const answer = await waitFor(() => {
      const el = screen.getByTestId(`review-thread-${uuid(2)}`).querySelector<HTMLElement>('.review-answer');
      if (!el) throw new Error('no answer yet');
      return el;
    });
    expect(within(answer).getByText('You')).toBeTruthy();
    expect(within(answer).getByText('Thanks, fixed the name')).toBeTruthy();
    expect(thread(2).getByTestId('review-answer-input')).toHaveProperty('value', '');
  });

  it('resolves and reopens a comment, the counts following', async () => {
    const server = serve();
    show();
    fireEvent.click(await screen.findByTestId('review-comments-open'));
    await panel();
    await waitFor(() => thread(1).getByTestId('review-resolve'));
    fireEvent.click(thread(1).getByTestId('review-resolve'));
    await waitFor(() => expect(thread(1).getByTestId('review-reopen')).toBeTruthy());
    expect(server.to(API.taskReviewResolve)).toEqual([{ id: TASK, commentId: uuid(1), resolved: true }]);
    expect(thread(1).getByText('Resolved')).toBeTruthy();
    expect(screen.getByTestId('review-comments-open').getAttribute('aria-label')).toBe('Comments: 2 open');
    // line 3 has no open comment left: its badge is muted, without a count
    expect(screen.getByTestId('seg-30-comments').getAttribute('aria-label')).toBe('Comments resolved');
    fireEvent.click(thread(1).getByTestId('review-reopen'));
    await waitFor(() => expect(thread(1).getByTestId('review-resolve')).toBeTruthy());
    expect(server.to(API.taskReviewResolve)[1]).toEqual({ id: TASK, commentId: uuid(1), resolved: false });
    expect(screen.getByTestId('seg-30-comments').textContent).toBe('1');
  });

  it('marks the task approved and undoes it, in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    const server = serve();
    show();
    fireEvent.click(await screen.findByTestId('review-comments-open'));
    await panel();
    fireEvent.click(await screen.findByTestId('review-approve'));
    const approved = await screen.findByTestId('review-approved');
    expect(approved.textContent).toContain('已通过 ✓');
    expect(server.to(API.taskReviewApprove)).toEqual([{ id: TASK, approved: true }]);
    fireEvent.click(screen.getByTestId('review-unapprove'));
    await screen.findByTestId('review-approve');
    expect(server.to(API.taskReviewApprove)[1]).toEqual({ id: TASK, approved: false });
    expect(screen.getByTestId('review-approve').textContent).toContain('标记为已通过');
  });

  it('opens at a line from its row’s badge, and from the task list’s link', async () => {
    serve();
    show();
    fireEvent.click(await screen.findByTestId('seg-10-comments'));
    await panel();
    await waitFor(() =>
      expect(screen.getByTestId('review-line-10').getAttribute('data-focused')).toBe('true'),
    );
    cleanup();
    serve();
    show('/edit/x?comments=open');
    expect(await panel()).toBeTruthy();
  });
});
