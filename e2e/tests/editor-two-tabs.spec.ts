import { expect, test, type Page } from '@playwright/test';
import { newUserWithTask } from '../support/tasks.js';

/**
 * Issue 35: an edit is checked against the lines it touches. Two tabs of one task editing different
 * lines both save and each takes in the other's lines; the same line is a conflict the user
 * resolves in the tab (keep mine or take theirs), with nothing lost in either.
 */
test('two tabs: different lines both saved; the same line kept or taken, nothing lost', async ({
  page,
  context,
}) => {
  const { id } = await newUserWithTask(page, { cues: 8, target: 'fr', name: 'tabs.srt' });
  const second = await context.newPage();
  const open = async (p: Page) => {
    await p.goto(`/edit/${id}`);
    await expect(p.getByTestId('seg-2-translation')).toBeVisible();
  };
  await open(page);
  await open(second);
  const saved = (p: Page) => expect(p.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  // different lines: both saved
  await page.getByTestId('seg-2-translation').fill('Première fenêtre');
  await saved(page);
  await second.getByTestId('seg-5-translation').fill('Deuxième fenêtre');
  await saved(second);
  // the second tab's save answered with the first tab's line
  await expect(second.getByTestId('seg-2-translation')).toHaveValue('Première fenêtre');
  await expect(second.getByTestId('save-conflict')).toHaveCount(0);

  // the same line in both: the second tab is told, keeps its text and sees the other
  await page.getByTestId('seg-3-translation').fill('Version A');
  await saved(page);
  await second.getByTestId('seg-3-translation').fill('Version B');
  await expect(second.getByTestId('save-conflict')).toContainText('3');
  await expect(second.getByTestId('save-conflict-theirs')).toContainText('Version A');
  await expect(second.getByTestId('seg-3-translation')).toHaveValue('Version B');
  await expect(second.getByTestId('save-state')).toHaveAttribute('data-state', 'conflict');
  // keep mine: saved over the other's
  await second.getByTestId('conflict-keep-mine').click();
  await saved(second);
  await expect(second.getByTestId('save-conflict')).toHaveCount(0);

  // the first tab, editing the same line again, is told in turn and takes the other's
  await page.getByTestId('seg-3-translation').fill('Version A2');
  await expect(page.getByTestId('save-conflict-theirs')).toContainText('Version B');
  await page.getByTestId('conflict-take-theirs').click();
  await expect(page.getByTestId('seg-3-translation')).toHaveValue('Version B');
  await saved(page);

  // both tabs' work is what the task holds
  await page.reload();
  await expect(page.getByTestId('seg-2-translation')).toHaveValue('Première fenêtre');
  await expect(page.getByTestId('seg-3-translation')).toHaveValue('Version B');
  await expect(page.getByTestId('seg-5-translation')).toHaveValue('Deuxième fenêtre');
});

test('two tabs: a line one tab deleted under the other’s typing is offered back, not lost', async ({
  page,
  context,
}) => {
  const { id } = await newUserWithTask(page, { cues: 6, target: 'fr', name: 'orphan.srt' });
  const second = await context.newPage();
  for (const p of [page, second]) {
    await p.goto(`/edit/${id}`);
    await expect(p.getByTestId('seg-4-translation')).toBeVisible();
  }
  const saved = (p: Page) => expect(p.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  // the first tab deletes line 4; the second, not knowing, types into it
  await page.getByTestId('seg-4-original').click();
  await page.getByTestId('lines-delete').click();
  await saved(page);
  await second.getByTestId('seg-4-translation').fill('Tapé dans la ligne supprimée');
  // told, the line goes, and what was typed is offered back
  await expect(second.getByTestId('orphan-lines')).toContainText('Tapé dans la ligne supprimée');
  await expect(second.getByTestId('seg-4-translation')).toHaveCount(0);
  await second.getByTestId('orphans-restore').click();
  await expect(second.getByTestId('orphan-lines')).toHaveCount(0);
  await expect(second.locator('[data-testid$="-translation"][data-testid^="seg-"]').nth(3)).toHaveValue(
    'Tapé dans la ligne supprimée',
  );
  await saved(second);

  // the task holds it as a new line in the place of the old one
  await page.reload();
  await expect(page.locator('[data-testid$="-translation"][data-testid^="seg-"]').nth(3)).toHaveValue(
    'Tapé dans la ligne supprimée',
  );
  await expect(page.getByTestId('seg-7-translation')).toHaveValue('Tapé dans la ligne supprimée');
});
