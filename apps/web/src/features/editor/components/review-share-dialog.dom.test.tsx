import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API, type ReviewLink } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { fakeServer, refusal, renderWithApp } from '../../../lib/test-support';
import { ReviewActions } from './review-actions';

const i18n = await initI18n('zh');
const TASK = '11111111-2222-4333-8444-555555555555';
const LINK = 'aaaaaaaa-2222-4333-8444-555555555555';
const URL_ = `http://localhost/review#${'A'.repeat(43)}`;

const link = (over: Partial<ReviewLink> = {}): ReviewLink => ({
  id: LINK,
  access: 'comment',
  state: 'active',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
  revokedAt: null,
  comments: 3,
  ...over,
});

function serve(opts: { create?: (body: Record<string, unknown>) => unknown } = {}) {
  let links: ReviewLink[] = [link({ id: 'old', state: 'expired', comments: 0 })];
  const server = fakeServer({
    [API.taskReviewLinks]: () => ({ links }),
    [API.taskReviewLinkCreate]:
      opts.create ??
      ((body) => {
        const made = link({ access: body.access as ReviewLink['access'], comments: 0 });
        links = [made, ...links];
        return { ...made, url: URL_ };
      }),
    [API.taskReviewLinkRevoke]: (body) => {
      links = links.map((l) =>
        l.id === body.linkId ? { ...l, state: 'revoked', revokedAt: '2026-03-02T10:00:00.000Z' } : l,
      );
      return null;
    },
  });
  return server;
}

async function openDialog() {
  renderWithApp(i18n, <ReviewActions taskId={TASK} openComments={0} onComments={() => {}} />);
  fireEvent.click(screen.getByTestId('review-share-open'));
  return screen.findByTestId('review-share-dialog');
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('zh'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('share for review (issue 40 §2)', { timeout: 30_000 }, () => {
  it('creates a link with the chosen access and days, shows its address once and copies it', async () => {
    await act(() => i18n.changeLanguage('en'));
    const server = serve();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await openDialog();
    // the task's links: an expired one, without a revoke button
    const old = await screen.findByTestId('review-link-old');
    expect(old.textContent).toContain('Expired');
    expect(within(old).queryByTestId('review-revoke')).toBeNull();
    // 7 days by default
    expect(screen.getByTestId('review-expiry-7').closest('label')!.className).toContain('checked');
    fireEvent.click(screen.getByTestId('review-access-read'));
    fireEvent.click(screen.getByTestId('review-expiry-30'));
    fireEvent.click(screen.getByTestId('review-create'));
    const url = await screen.findByTestId('review-url');
    expect(url).toHaveProperty('value', URL_);
    expect(url).toHaveProperty('readOnly', true);
    expect(server.to(API.taskReviewLinkCreate)).toEqual([{ id: TASK, access: 'read', expiresInDays: 30 }]);
    expect(screen.getByTestId('review-created').textContent).toContain('shown only this once');
    fireEvent.click(screen.getByTestId('review-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_));
    expect(screen.getByTestId('review-copy').textContent).toContain('Copied');
    // the new link is listed, active, with its revoke button
    const made = await screen.findByTestId(`review-link-${LINK}`);
    expect(made.textContent).toContain('Active');
    expect(made.textContent).toContain('Read only');
    // closed and opened again: the address is gone (only a hash of it is kept)
    fireEvent.click(screen.getByTestId('review-share-close'));
    await waitFor(() => expect(screen.queryByTestId('review-url')).toBeNull());
    fireEvent.click(screen.getByTestId('review-share-open'));
    await screen.findByTestId(`review-link-${LINK}`);
    expect(screen.queryByTestId('review-url')).toBeNull();
  });

  it('selects the address where the browser gives no clipboard', async () => {
    serve();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    await openDialog();
    fireEvent.click(screen.getByTestId('review-create'));
    const url = await screen.findByTestId<HTMLInputElement>('review-url');
    const select = vi.spyOn(url, 'select');
    fireEvent.click(screen.getByTestId('review-copy'));
    expect(await screen.findByTestId('review-copy-selected')).toBeTruthy();
    expect(select).toHaveBeenCalled();
    expect(screen.getByTestId('review-copy-selected').textContent).toContain('Ctrl+C');
  });

  it('revokes an active link once confirmed', async () => {
    const server = serve();
    await openDialog();
    fireEvent.click(screen.getByTestId('review-create'));
    const row = await screen.findByTestId(`review-link-${LINK}`);
    fireEvent.click(within(row).getByTestId('review-revoke'));
    // zh: the confirmation, then the revoke
    const confirm = await screen.findByText('撤销此链接？');
    const pop = confirm.closest('.ant-popover, .ant-popconfirm') as HTMLElement;
    fireEvent.click(pop.querySelector('.ant-btn-dangerous')!);
    await waitFor(() => expect(server.to(API.taskReviewLinkRevoke)).toEqual([{ id: TASK, linkId: LINK }]));
    await waitFor(() =>
      expect(screen.getByTestId(`review-link-${LINK}`).getAttribute('data-state')).toBe('revoked'),
    );
    expect(screen.getByTestId(`review-link-${LINK}`).textContent).toContain('已撤销');
    expect(within(screen.getByTestId(`review-link-${LINK}`)).queryByTestId('review-revoke')).toBeNull();
  });

  it('shows the server’s refusal in the dialog', async () => {
    serve({
      create: () => {
        throw refusal(40975, '任务翻译完成后才能分享审阅');
      },
    });
    await openDialog();
    fireEvent.click(screen.getByTestId('review-create'));
    expect((await screen.findByTestId('review-error')).textContent).toContain('任务翻译完成后才能分享审阅');
    expect(screen.queryByTestId('review-url')).toBeNull();
  });
});
