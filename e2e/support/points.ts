import { request, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { E2E_ADMIN } from './paths.js';

const BASE = `http://localhost:${E2E_PORT}`;

/** Setup shortcut: the first manager grants `points` to the user signed in on `page` (through the API). */
export async function grantToCurrentUser(page: Page, points: number): Promise<void> {
  const profile = await page.request.post('/user/profile', { headers: { Origin: BASE }, data: {} });
  const { data: user } = (await profile.json()) as { data: { id: number } };
  const admin = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  try {
    const login = await admin.post('/email/auth', {
      data: { email: E2E_ADMIN.email, pass: E2E_ADMIN.password },
    });
    if (!login.ok()) throw new Error(`manager login failed: ${await login.text()}`);
    const res = await admin.post('/user/grant_points', { data: { userId: user.id, points, note: 'e2e' } });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 20000) throw new Error(`grant failed: ${body.msg}`);
  } finally {
    await admin.dispose();
  }
}

/** An English SRT of `count` cues, 6 s apart (so 10 cues = 1 minute = 10 points). */
export function englishSrt(count: number): string {
  return Array.from({ length: count }, (_, k) => {
    const s = k * 6;
    const t = (sec: number) =>
      `${String(Math.floor(sec / 3600)).padStart(2, '0')}:${String(Math.floor(sec / 60) % 60).padStart(2, '0')}:${String(sec % 60).padStart(2, '0')},000`;
    return `${k + 1}\r\n${t(s)} --> ${t(s + 2)}\r\nThis is sentence number ${k + 1} of our little film.\r\n`;
  }).join('\r\n');
}
