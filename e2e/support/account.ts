import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { codeFromMail, uniqueEmail } from './mailbox.js';

const BASE = `http://localhost:${E2E_PORT}`;

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * One customer account per test worker, registered through the API; every test of the files that
 * use this `test` opens its pages signed in as it. The server sends at most 30 sign-up codes an
 * hour to one address, and a whole run comes from one: tests of what a signed-in customer sees
 * need no account of their own, only names of their own for the tasks they make.
 */
export const test = base.extend<object, { account: { email: string; state: StorageState } }>({
  account: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
      const email = uniqueEmail('shared');
      const sent = (await (await api.post('/user/send_code', { data: { email } })).json()) as {
        code: number;
        msg: string;
      };
      expect(sent.code, sent.msg).toBe(20000);
      const code = await codeFromMail(email);
      const registered = (await (
        await api.post('/user/register', {
          data: { email, name: 'Shared Customer', pass: 'e2e-secret-1', code },
        })
      ).json()) as { code: number; msg: string };
      expect(registered.code, registered.msg).toBe(20000);
      const state = await api.storageState();
      await api.dispose();
      await use({ email, state });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ account }, use) => use(account.state),
});

export { expect };
