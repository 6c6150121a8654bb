import { expect, test, type Page } from '@playwright/test';
import { LANGS, text, type Lang } from '../support/texts.js';
import { exportedSrt, newUserWithTask } from '../support/tasks.js';

const saved = (page: Page) => expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
/** a row's start as the list shows it (hh:mm:ss) */
const start = (page: Page, id: number) => page.getByTestId(`seg-${id}-start`);

/** a time field's value to the second (a focused one shows its milliseconds too) */
const hms = (time: string) => new RegExp(`^${time}(,\\d{3})?$`);

/** line 3's overlap flag opens fix timing on its tab, which counts the one overlap */
async function openFixFromFlag(page: Page, lang: Lang) {
  await page.getByTestId('seg-3-fix-overlap').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: text(lang, 'editor.timing.fix') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByTestId('timing-fix-summary')).toContainText(
    text(lang, 'editor.timing.kind.overlap', { count: 1 }),
  );
}

async function undoRedo(page: Page, id: number, before: string, after: string) {
  await page.getByTestId('editor-undo').click();
  await expect(start(page, id)).toHaveValue(hms(before));
  await page.getByTestId('editor-redo').click();
  await expect(start(page, id)).toHaveValue(hms(after));
}

/** the language the whole flow runs in; the dialog's texts in every language are checked below */
const FLOW_LANG: Lang = 'en';

/**
 * Issue 35: shift, frame rate, two-point sync and fix timing from the timing dialog, each previewed,
 * applied, undone and redone, saved, and in the export. The flow is the same in every interface
 * language: it runs once, and the next test reads the dialog's texts in each.
 */
test(`shift, frame rate, two-point sync and fix timing, with undo and redo (${FLOW_LANG})`, async ({
  page,
}) => {
  const lang = FLOW_LANG;
  // six lines 6 s apart, 2 s long: 0:00, 0:06 … 0:30
  const { id } = await newUserWithTask(page, { cues: 6, target: 'fr', name: 'timing.srt' });
  await page.goto(`/edit/${id}?lang=${lang}`);
  await expect(page.getByTestId('lines-timing')).toHaveText(text(lang, 'editor.timing.open'));
  await expect(start(page, 6)).toHaveValue(hms('00:00:30'));

  // shift every line 1.5 s later (the dialog by its key)
  await page.getByTestId('seg-1-original').click();
  await page.keyboard.press('Alt+Shift+A');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text(lang, 'editor.timing.title'));
  await dialog.getByTestId('timing-amount').fill('1500');
  await expect(dialog.getByTestId('timing-preview-shift')).toContainText('00:00:31,500');
  await dialog.getByTestId('timing-apply-shift').click();
  await expect(start(page, 6)).toHaveValue(hms('00:00:31'));
  await expect(start(page, 1)).toHaveValue(hms('00:00:01'));
  await undoRedo(page, 1, '00:00:00', '00:00:01');
  await saved(page);

  // a shift that would start line 1 before 0 is refused before it is applied
  await page.getByTestId('lines-timing').click();
  await dialog.getByTestId('timing-amount').fill('-2000');
  await expect(dialog.getByTestId('timing-refused-shift')).toBeVisible();
  await expect(dialog.getByTestId('timing-apply-shift')).toBeDisabled();

  // the frame rate: timed for 25 fps, played at 23.976 (the dialog's first choice)
  await dialog.getByRole('tab', { name: text(lang, 'editor.timing.rate') }).click();
  await expect(dialog.getByTestId('timing-preview-rate')).toContainText('00:00:32,845');
  await dialog.getByTestId('timing-apply-rate').click();
  await expect(start(page, 6)).toHaveValue(hms('00:00:32'));
  await undoRedo(page, 6, '00:00:31', '00:00:32');

  // two-point sync: line 1 at 0:01, line 6 at 0:30, every line in proportion
  await page.getByTestId('lines-timing').click();
  await dialog.getByRole('tab', { name: text(lang, 'editor.timing.sync') }).click();
  await dialog.getByTestId('timing-sync-a-time').fill('00:00:01,000');
  await dialog.getByTestId('timing-sync-b-time').fill('00:00:30,000');
  await expect(dialog.getByTestId('timing-preview-sync')).toContainText('00:00:30,000');
  await dialog.getByTestId('timing-apply-sync').click();
  await expect(start(page, 6)).toHaveValue(hms('00:00:30'));
  await undoRedo(page, 6, '00:00:32', '00:00:30');
  await saved(page);

  // line 3 made to overlap line 4 (at 0:18.4), then fix timing ends it 2 frames before
  const end3 = page.getByTestId('seg-3-end');
  await end3.click();
  await end3.fill('00:00:19,000');
  await end3.press('Enter');
  await expect(end3).toHaveValue(hms('00:00:19'));
  // the save's answer takes the line's over-budget tag away, moving the flags after it: clicked
  // while it lands, the click met the place the overlap flag had left
  await saved(page);
  await expect(page.getByTestId('segment-3').locator('[data-review-flag="over-budget"]')).toHaveCount(0);
  // issue 36: the line's overlap flag opens fix timing (on its tab, whatever tab was last used)
  await openFixFromFlag(page, lang);
  await dialog.getByTestId('timing-apply-fix').click();
  await expect(end3).toHaveValue(hms('00:00:18'));
  await page.getByTestId('editor-undo').click();
  await expect(end3).toHaveValue(hms('00:00:19'));
  await page.getByTestId('editor-redo').click();
  await expect(end3).toHaveValue(hms('00:00:18'));
  await saved(page);

  // the server holds it: after a reload, and in the export
  await page.reload();
  await expect(start(page, 6)).toHaveValue(hms('00:00:30'));
  const exported = await exportedSrt(page);
  const cues = exported.cues;
  expect(cues).toHaveLength(6);
  expect(cues[0]!.startMs).toBe(1000);
  expect(cues[5]!.startMs).toBe(30_000);
  // two frames at 24 fps between line 3 and line 4
  expect(cues[3]!.startMs - cues[2]!.endMs).toBe(83);
  for (let i = 1; i < cues.length; i += 1) expect(cues[i]!.startMs).toBeGreaterThan(cues[i - 1]!.endMs);
});

/** an SRT of six lines, 6 s apart, 2 s long, but line 3 runs 1 s into line 4 */
const OVERLAPPING = Array.from({ length: 6 }, (_, k) => {
  const s = k * 6;
  const end = k === 2 ? s + 7 : s + 2;
  const t = (sec: number) => `00:00:${String(sec).padStart(2, '0')},000`;
  return `${k + 1}\n${t(s)} --> ${t(end)}\nThis is sentence number ${k + 1} of our little film.\n`;
}).join('\n');

test('the timing dialog in each interface language: its button, title, tabs and fix summary', async ({
  page,
}) => {
  const { id } = await newUserWithTask(page, { srt: OVERLAPPING, target: 'fr', name: 'overlap.srt' });
  for (const lang of LANGS) {
    await page.goto(`/edit/${id}?lang=${lang}`);
    await expect(page.getByTestId('lines-timing')).toHaveText(text(lang, 'editor.timing.open'));
    await page.getByTestId('lines-timing').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text(lang, 'editor.timing.title'));
    for (const tab of ['editor.timing.rate', 'editor.timing.sync', 'editor.timing.fix'] as const)
      await expect(dialog.getByRole('tab', { name: text(lang, tab) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // the line's overlap flag opens fix timing on its tab, which counts the overlap
    await openFixFromFlag(page, lang);
  }
});
