import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { API, type User } from '@subtrans/contract';
import { useAccountLanguage } from './account-language';
import { initI18n } from './i18n';
import { profileQueryKey } from './session';
import { STORAGE_KEYS, storage } from './storage';

const i18n = await initI18n('en');

const account = (id: number, language: User['language']): User => ({
  id,
  email: `u${id}@example.com`,
  name: 'Ann',
  pic: '',
  picture: '',
  admin: false,
  manager: false,
  language,
  createdAt: '',
  hasPassword: true,
  emailVerified: true,
  trialPoints: 0,
});

/** the hook on a signed-in page of `user`; every call to the server recorded with its body */
function mount(user: User) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({ path, body: JSON.parse(init.body as string) });
      return new Response(JSON.stringify({ code: 20000, msg: 'success', data: {} }));
    }),
  );
  const client = new QueryClient();
  client.setQueryData(profileQueryKey, user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
  const hook = renderHook(() => useAccountLanguage(), { wrapper });
  return { calls, client, hook };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  storage.remove(STORAGE_KEYS.language);
});

describe('the account takes the language chosen on this device', () => {
  it('an account in Chinese shown in English by choice is told so once', async () => {
    storage.set(STORAGE_KEYS.language, 'en');
    const { calls, client, hook } = mount(account(1, 'zh'));
    await waitFor(() => expect(client.getQueryData<User>(profileQueryKey)?.language).toBe('en'));
    expect(calls).toEqual([{ path: API.updateProfile, body: { language: 'en' } }]);
    hook.rerender();
    expect(calls).toHaveLength(1);
  });

  it('the host default alone is no choice: the account keeps its language', async () => {
    const { calls } = mount(account(2, 'zh'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });

  it('an account already in the chosen language is not told again', async () => {
    storage.set(STORAGE_KEYS.language, 'en');
    const { calls } = mount(account(3, 'en'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });
});
