import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/account.js';
import { completedTask } from '../support/tasks.js';
import { LANGS, text, type Lang } from '../support/texts.js';

/**
 * Issue 40 §2, in each language: the owner makes a review link in the editor; a reviewer opens it
 * in another browser (no account), reads the lines and comments on one under a name; the owner
 * sees the comment beside the lines, answers and resolves it and approves the task; the reviewer
 * sees the answer and the approval. The page is not indexed and tells nothing of the owner.
 */

/** the link the owner copies, made in the editor's share dialog */
async function shareLink(page: Page, lang: Lang): Promise<string> {
  await page.getByTestId('review-share-open').click();
  const dialog = page.getByTestId('review-share-dialog');
  await expect(dialog).toContainText(text(lang, 'editor.review.share.intro'));
  await page.getByTestId('review-create').click();
  const url = await page.getByTestId('review-url').inputValue();
  expect(url).toMatch(/\/review#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('review-created')).toContainText(text(lang, 'editor.review.share.onceNote'));
  await page.getByTestId('review-share-close').click();
  return url;
}

/** the reviewer's page in a browser of its own: no cookie, the interface in `lang` */
async function openAsReviewer(browser: Browser, url: string, lang: Lang) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const files: string[] = [];
  page.on('request', (r) => files.push(new URL(r.url()).pathname));
  const link = new URL(url);
  await page.goto(`${link.origin}${link.pathname}?lang=${lang}${link.hash}`);
  return { page, files, close: () => context.close() };
}

for (const lang of LANGS) {
  test(`${lang}: a link shared, a reviewer's comment answered and resolved, the task approved`, async ({
    page,
    browser,
    account,
  }) => {
    const name = `review-${lang}-${Date.now()}.srt`;
    const { id } = await completedTask(page, { cues: 4, name });
    await page.goto(`/edit/${id}?lang=${lang}`);
    const url = await shareLink(page, lang);

    const reviewer = await openAsReviewer(browser, url, lang);
    try {
      const r = reviewer.page;
      const lines = r.getByTestId('review-line');
      await expect(lines).toHaveCount(4);
      await expect(r.getByRole('heading', { level: 1 })).toContainText(name);
      await expect(r.getByText(text(lang, 'review.commentHint'))).toBeVisible();
      await expect(r.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(r.locator('body')).not.toContainText(account.email);
      // no sideways scrolling on a phone
      expect(await r.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // the page is drawn without Ant Design: a first visit downloads neither its code nor its styles
      expect(reviewer.files.filter((f) => /antd/.test(f))).toEqual([]);

      await lines.nth(1).getByTestId('review-comment-open').click();
      await r.getByTestId('review-name').fill('Mei');
      await r.getByTestId('review-body').fill(`Line two reads better shorter (${lang}).`);
      await r.getByTestId('review-send').click();
      await expect(lines.nth(1).getByTestId('review-comment')).toContainText(
        `Line two reads better shorter (${lang}).`,
      );

      // the owner: the comment beside the lines, answered, resolved; the task approved
      await page.reload();
      await expect(page.getByTestId('review-comments-open')).toHaveAccessibleName(
        text(lang, 'editor.review.comments.label', { count: 1 }),
      );
      await page.getByTestId('review-comments-open').click();
      const panel = page.getByTestId('review-panel');
      await expect(panel).toContainText('Mei');
      await expect(panel).toContainText(`Line two reads better shorter (${lang}).`);
      await panel.getByTestId('review-answer-input').fill('Shortened, thanks.');
      await panel.getByTestId('review-answer-send').click();
      await expect(panel).toContainText('Shortened, thanks.');
      await panel.getByTestId('review-resolve').click();
      await expect(panel.getByTestId('review-reopen')).toBeVisible();
      await expect(panel.getByTestId('review-open-count')).toHaveText(
        text(lang, 'editor.review.comments.label', { count: 0 }),
      );
      await panel.getByTestId('review-approve').click();
      await expect(panel.getByTestId('review-approved')).toBeVisible();

      // the reviewer sees the answer, signed as the owner, and the approval
      await r.reload();
      await expect(lines.nth(1).getByTestId('review-answer')).toContainText('Shortened, thanks.');
      await expect(lines.nth(1).getByTestId('review-owner')).toHaveText(text(lang, 'review.owner'));
      await expect(lines.nth(1).getByTestId('review-resolved')).toBeVisible();
      await expect(r.getByText(text(lang, 'review.approved'))).toBeVisible();
    } finally {
      await reviewer.close();
    }
  });
}

test('the task list shows open comments, then the approval; a revoked link stops at once', async ({
  page,
  browser,
}) => {
  const name = `review-list-${Date.now()}.srt`;
  const { id } = await completedTask(page, { cues: 2, name });
  await page.goto(`/edit/${id}?lang=en`);
  const url = await shareLink(page, 'en');
  const reviewer = await openAsReviewer(browser, url, 'en');
  try {
    const r = reviewer.page;
    await r.getByTestId('review-line').first().getByTestId('review-comment-open').click();
    await r.getByTestId('review-name').fill('Kenji');
    await r.getByTestId('review-body').fill('Too long.');
    await r.getByTestId('review-send').click();
    await expect(r.getByTestId('review-comment')).toContainText('Too long.');

    // the task list: one open comment, a link into the editor with the comments open
    await page.goto('/dashboard?lang=en');
    const row = page.getByTestId(`task-${id}`);
    const open = row.getByTestId('task-open-comments');
    await expect(open).toHaveCount(1);
    await expect(open).toHaveText(text('en', 'tasks.reviewState.openComments', { count: 1 }));
    await open.click();
    await expect(page).toHaveURL(new RegExp(`/edit/${id}`));
    const panel = page.getByTestId('review-panel');
    await expect(panel).toContainText('Too long.');
    await panel.getByTestId('review-resolve').click();
    await panel.getByTestId('review-approve').click();
    await expect(panel.getByTestId('review-approved')).toBeVisible();
    await page.goto('/dashboard?lang=en');
    await expect(row.getByTestId('task-approved')).toHaveText(text('en', 'tasks.reviewState.approved'));
    await expect(row.getByTestId('task-open-comments')).toHaveCount(0);

    // revoked in the share dialog: the reviewer's next look is refused
    await page.goto(`/edit/${id}?lang=en`);
    await page.getByTestId('review-share-open').click();
    await page.getByTestId('review-revoke').click();
    await page
      .getByRole('button', { name: text('en', 'editor.review.share.revoke') })
      .last()
      .click();
    await expect(page.locator('[data-state="revoked"]')).toHaveCount(1);
    await r.reload();
    await expect(r.getByTestId('review-unavailable')).toBeVisible();
    await expect(r.getByTestId('review-line')).toHaveCount(0);
  } finally {
    await reviewer.close();
  }
});
