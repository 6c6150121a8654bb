import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { completedTask } from '../support/tasks.js';
import { ROOT_DIR } from '../support/paths.js';
import { chooseOption, newCustomer } from '../support/voice.js';

const BASE = `http://localhost:${E2E_PORT}`;
const OUT = path.join(ROOT_DIR, 'docs/screenshots');

/** a short scene and its French, as a translator would leave it (the last line still to review) */
const SCENE: [string, string][] = [
  ['Where is everyone?', 'Où sont-ils tous ?'],
  ['They left for the station an hour ago.', 'Ils sont partis pour la gare il y a une heure.'],
  ['Without us?', 'Sans nous ?'],
  [
    'Kira said the storm would reach the valley tonight.',
    'Kira a dit que la tempête atteindrait la vallée ce soir.',
  ],
  ['Then we have no time to lose.', 'Alors nous n’avons pas de temps à perdre.'],
  ['Take the lamp. The road is dark.', 'Prends la lampe. La route est sombre.'],
  ['Do you hear that?', 'Tu entends ça ?'],
  ['It is only the wind.', 'Ce n’est que le vent.'],
  ['The wind does not knock on doors.', 'Le vent ne frappe pas aux portes.'],
  // left in English: the line the editor counts to review
  ['Open the door slowly, and stay behind me.', 'Open the door slowly, and stay behind me.'],
];

const srtTime = (s: number) => `00:00:${String(s).padStart(2, '0')},000`;
const SRT = SCENE.map(([en], k) => `${k + 1}\n${srtTime(k * 5)} --> ${srtTime(k * 5 + 4)}\n${en}\n`).join(
  '\n',
);

async function post<T>(page: Page, route: string, data: object): Promise<T> {
  const res = await page.request.post(route, { headers: { Origin: BASE }, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${route}: ${body.msg}`).toBe(20000);
  return body.data;
}

/** the page as it is drawn once its animations are over, written to docs/screenshots */
async function shoot(page: Page, name: string, fullPage = false) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({
    path: path.join(OUT, `${name}.png`),
    fullPage,
    animations: 'disabled',
    caret: 'hide',
  });
}

test('the README screenshots: editor on a laptop and a phone, task list on a phone, the upload dialog', async ({
  page,
}) => {
  await newCustomer(page, 200);
  const { id } = await completedTask(page, { srt: SRT, name: 'the-storm-episode-1.srt' });
  const task = await post<{ version: number }>(page, '/task/get', { id });
  await post(page, '/task/update_segments', {
    taskId: id,
    baseVersion: task.version,
    segments: SCENE.map(([, fr], k) => ({ id: k + 1, translatedText: fr })),
  });

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/edit/${id}?lang=en`);
  await expect(page.getByTestId('seg-10-translation')).toBeVisible();
  await page.getByTestId('seg-4-translation').focus();
  await shoot(page, 'editor-desktop');

  await page.goto('/dashboard?lang=en');
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'the-storm-episode-2.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(SRT),
  });
  await expect(dialog.getByTestId('srt-cost')).toBeVisible();
  await chooseOption(page, 'srt-target', 'French', 'French');
  await shoot(page, 'upload-dialog');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard?lang=en');
  await expect(page.getByTestId(`task-${id}`).getByTestId('task-edit')).toBeVisible();
  await page.getByTestId(`task-${id}`).scrollIntoViewIfNeeded();
  await shoot(page, 'tasks-phone');

  await page.goto(`/edit/${id}?lang=en`);
  await expect(page.getByTestId('seg-1-translation')).toBeVisible();
  await shoot(page, 'editor-phone');
});
