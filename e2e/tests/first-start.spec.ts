import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT_DIR, SERVER_ENTRY, TMP_DIR } from '../support/paths.js';

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A new installation as a new user meets it: the server started as `npm start` starts it (the
 * global setup's way, on defaults: no PUBLIC_URL, HOST, database or mail settings), the address
 * it prints opened in the browser, the first manager signed in with the password it prints, and
 * a test purchase completed through the sandbox checkout, whose return must land where the
 * session cookie is.
 */
test('the address npm start prints is where sign-in and a test purchase work', async ({ page, context }) => {
  const dataDir = path.join(TMP_DIR, `first-start-${randomBytes(4).toString('hex')}`);
  let server: ChildProcess | null = null;
  try {
    const port = await freePort();
    server = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        // empty counts as unset: the defaults a fresh clone runs on, whatever this shell has set
        HOST: '',
        PUBLIC_URL: '',
        TRUSTED_ORIGINS: '',
        DATABASE_URL: '',
        SMTP_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        SITE_PROFILES: '',
        // the test checkout, where a deployment has to turn it on
        PAYMENT_SANDBOX: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    server.stdout!.on('data', (d: Buffer) => (printed += d.toString()));
    await expect.poll(() => printed, { timeout: 90_000 }).toContain('First manager');
    const url = /SubTrans is running: (\S+)/.exec(printed)![1]!;
    const [, email, password] = /sign in as (\S+) with password (\S+)/.exec(printed)!;

    await page.goto(url);
    await page.goto(new URL('/login', url).toString());
    await page.getByTestId('login-email').fill(email!);
    await page.getByTestId('login-password').fill(password!);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto(new URL('/dashboard?view=points&lang=en', url).toString());

    // the checkout opens in a new tab and returns to the dashboard, signed in
    const [checkout] = await Promise.all([context.waitForEvent('page'), page.getByTestId('buy-2').click()]);
    await expect(checkout.getByTestId('sandbox-test-mode')).toHaveText('TEST MODE');
    const orderNo = (await checkout.getByTestId('sandbox-order').textContent())!;
    await checkout.getByTestId('sandbox-approve').click();
    await expect(checkout.getByTestId('alipay-success')).toContainText(orderNo);
    await expect(checkout.getByTestId('user-points')).toContainText('500');
    expect(new URL(checkout.url()).origin).toBe(new URL(url).origin);
  } finally {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((r) => server!.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
