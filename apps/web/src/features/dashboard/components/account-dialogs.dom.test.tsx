import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { App as AntApp } from 'antd';
import type { User } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { profileQueryKey } from '../../../lib/session';
import { AddEmailModal } from './add-email-modal';
import { ChangePasswordModal } from './change-password-modal';
import { CloseAccountModal } from './close-account-modal';
import { TrialNotice } from './trial-notice';
import { UserBlock } from './user-block';

const i18n = await initI18n('en');

/** antd validates a form asynchronously; on a loaded 2-core machine the dialog takes seconds */
const SLOW = { timeout: 10_000 };

const base: User = {
  id: 7,
  email: 'ann@example.com',
  name: 'Ann',
  pic: '',
  picture: '',
  admin: false,
  manager: false,
  language: null,
  createdAt: '',
  hasPassword: true,
  emailVerified: true,
  trialPoints: 0,
};
/** an account as WeChat sign-in makes it: no email, no password */
const wechat: User = { ...base, email: '', emailVerified: false, hasPassword: false };

type Answer = { code: number; msg: string; data: unknown };
/** the server: each call's answer by its path; every call is recorded with its body */
function server(answers: Record<string, Answer | (() => Answer)>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({ path, body: JSON.parse(typeof init.body === 'string' ? init.body : '{}') });
      const found = answers[path];
      if (!found) throw new Error(`unexpected call ${path}`);
      const answer = typeof found === 'function' ? found() : found;
      return new Response(JSON.stringify(answer), { status: answer.code === 20000 ? 200 : 400 });
    }),
  );
  return calls;
}
const ok = (data: unknown = null): Answer => ({ code: 20000, msg: 'success', data });

function wrap(children: ReactNode, client = new QueryClient()) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AntApp>{children}</AntApp>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the change password dialog', () => {
  it(
    'checks the new password and its confirmation before asking the server',
    { timeout: 30_000 },
    async () => {
      const calls = server({ '/user/change_password': ok() });
      const onClose = vi.fn();
      wrap(<ChangePasswordModal open onClose={onClose} />);
      fireEvent.click(screen.getByTestId('change-password-submit'));
      // the current and the new password, and the confirmation
      expect(await screen.findAllByText('Enter your password', undefined, SLOW)).toHaveLength(2);
      expect(screen.getByText('Confirm the password')).toBeTruthy();

      type('change-password-current', 'old-secret-1');
      type('change-password-new', 'short');
      type('change-password-confirm', 'other-pass-2');
      fireEvent.click(screen.getByTestId('change-password-submit'));
      expect(
        await screen.findByText('The password must be 6 to 20 characters', undefined, SLOW),
      ).toBeTruthy();
      expect(await screen.findByText('The two passwords do not match', undefined, SLOW)).toBeTruthy();
      type('change-password-new', 'x'.repeat(21));
      type('change-password-confirm', 'x'.repeat(21));
      fireEvent.click(screen.getByTestId('change-password-submit'));
      expect(
        await screen.findByText('The password must be 6 to 20 characters', undefined, SLOW),
      ).toBeTruthy();
      expect(calls).toEqual([]);

      type('change-password-new', 'new-secret-2');
      type('change-password-confirm', 'new-secret-2');
      fireEvent.click(screen.getByTestId('change-password-submit'));
      await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
      expect(calls).toEqual([
        { path: '/user/change_password', body: { pass: 'old-secret-1', newPass: 'new-secret-2' } },
      ]);
      expect(await screen.findByText('Password changed. Your other devices were signed out.')).toBeTruthy();
    },
  );

  it('says a wrong current password at its field and stays open', { timeout: 30_000 }, async () => {
    server({
      '/user/change_password': { code: 40130, msg: 'The current password is not correct', data: null },
    });
    const onClose = vi.fn();
    wrap(<ChangePasswordModal open onClose={onClose} />);
    type('change-password-current', 'wrong-pass-1');
    type('change-password-new', 'new-secret-2');
    type('change-password-confirm', 'new-secret-2');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    const said = await screen.findByText('The current password is not correct', undefined, SLOW);
    expect(said.closest('.ant-form-item')?.textContent).toContain('Current password');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the close account dialog', () => {
  it(
    'states what closing does, and needs the password of an account that has one',
    { timeout: 30_000 },
    async () => {
      const calls = server({
        '/user/close_account': () =>
          calls.length === 1 ? { code: 40130, msg: 'The current password is not correct', data: null } : ok(),
      });
      const onClosed = vi.fn();
      wrap(<CloseAccountModal user={base} open onClose={() => undefined} onClosed={onClosed} />);
      const said = screen.getByTestId('close-account-consequences').textContent;
      expect(said).toContain('points left in your account are forfeited');
      expect(said).toContain('Running tasks are cancelled, and the points held for them are released');
      expect(said).toContain('deleted within 30 days');
      expect(said).toContain('kept for 5 years');
      expect(screen.queryByTestId('close-account-word')).toBeNull();

      fireEvent.click(screen.getByTestId('close-account-submit'));
      expect(await screen.findByText('Enter your password', undefined, SLOW)).toBeTruthy();
      expect(calls).toEqual([]);
      type('close-account-password', 'wrong-pass');
      fireEvent.click(screen.getByTestId('close-account-submit'));
      expect(await screen.findByText('The current password is not correct', undefined, SLOW)).toBeTruthy();
      expect(onClosed).not.toHaveBeenCalled();
      type('close-account-password', 'right-pass');
      fireEvent.click(screen.getByTestId('close-account-submit'));
      await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1), SLOW);
      expect(calls.map((c) => c.body)).toEqual([{ pass: 'wrong-pass' }, { pass: 'right-pass' }]);
    },
  );

  it('asks an account without a password to type the word instead', { timeout: 30_000 }, async () => {
    const calls = server({ '/user/close_account': ok() });
    const onClosed = vi.fn();
    wrap(<CloseAccountModal user={wechat} open onClose={() => undefined} onClosed={onClosed} />);
    expect(screen.queryByTestId('close-account-password')).toBeNull();
    expect(screen.getByText('Type “CLOSE” to confirm')).toBeTruthy();
    type('close-account-word', 'close');
    fireEvent.click(screen.getByTestId('close-account-submit'));
    expect(await screen.findByText('Type “CLOSE” exactly', undefined, SLOW)).toBeTruthy();
    expect(calls).toEqual([]);
    type('close-account-word', 'CLOSE');
    fireEvent.click(screen.getByTestId('close-account-submit'));
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1), SLOW);
    expect(calls).toEqual([{ path: '/user/close_account', body: {} }]);
  });
});

describe('an email for an account without one', () => {
  it('says none is set, not an empty line, and offers to add one', () => {
    const onAddEmail = vi.fn();
    server({ '/user/get_point': ok({ point: 0 }) });
    wrap(<UserBlock user={wechat} onAddEmail={onAddEmail} />);
    expect(screen.getByTestId('no-email').textContent).toBe('No email set');
    fireEvent.click(screen.getByTestId('user-add-email'));
    expect(onAddEmail).toHaveBeenCalledTimes(1);
    cleanup();
    wrap(<UserBlock user={base} onAddEmail={onAddEmail} />);
    expect(screen.getByTestId('user-block').textContent).toContain('ann@example.com');
    expect(screen.queryByTestId('user-add-email')).toBeNull();
  });

  it(
    'checks the address before sending a code, then saves it and refreshes the profile',
    { timeout: 30_000 },
    async () => {
      const saved = { ...wechat, email: 'new@example.com', emailVerified: true };
      const calls = server({
        '/user/send_email_code': ok({ resendAfterSeconds: 60 }),
        '/user/set_email': ok(saved),
      });
      const onClose = vi.fn();
      const client = wrap(<AddEmailModal open onClose={onClose} />);
      client.setQueryData(profileQueryKey, wechat);

      fireEvent.click(screen.getByTestId('add-email-send-code'));
      expect(await screen.findByText('Enter your email address')).toBeTruthy();
      type('add-email-email', 'not-an-address');
      fireEvent.click(screen.getByTestId('add-email-send-code'));
      expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
      expect(calls).toEqual([]);

      type('add-email-email', ' new@example.com ');
      fireEvent.click(screen.getByTestId('add-email-send-code'));
      await waitFor(() =>
        expect(screen.getByTestId('add-email-send-code').textContent).toMatch(/Resend in \d+ s/),
      );
      expect(screen.getByTestId<HTMLButtonElement>('add-email-send-code').disabled).toBe(true);

      type('add-email-code', '12ab');
      fireEvent.click(screen.getByTestId('add-email-submit'));
      expect(await screen.findByText('The code is 6 digits', undefined, SLOW)).toBeTruthy();
      type('add-email-code', '123456');
      fireEvent.click(screen.getByTestId('add-email-submit'));
      await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
      expect(calls.map((c) => c.body)).toEqual([
        { email: 'new@example.com' },
        { email: 'new@example.com', code: '123456' },
      ]);
      expect(client.getQueryData(profileQueryKey)).toEqual(saved);
    },
  );
});

describe('the trial points notice', () => {
  it('says what the trial points buy until closed, and stays closed for that user', async () => {
    let balance = 30;
    server({ '/user/get_point': () => ok({ point: balance }) });
    wrap(<TrialNotice user={{ ...base, trialPoints: 30 }} />);
    const notice = await screen.findByTestId('trial-notice');
    expect(notice.textContent).toContain('You have 30 trial points');
    expect(notice.textContent).toContain('about 3 minutes of subtitles');
    fireEvent.click(screen.getByLabelText('Close the trial points notice'));
    expect(screen.queryByTestId('trial-notice')).toBeNull();
    cleanup();
    wrap(<TrialNotice user={{ ...base, trialPoints: 30 }} />);
    await waitFor(() => expect(screen.queryByText('You have 30 trial points')).toBeNull());
    expect(screen.queryByTestId('trial-notice')).toBeNull();
    cleanup();
    // another user on this browser still sees theirs
    balance = 10;
    wrap(<TrialNotice user={{ ...base, id: 8, trialPoints: 10 }} />);
    expect((await screen.findByTestId('trial-notice')).textContent).toContain('about 1 minute of subtitles');
  });

  it('is not shown without trial points', () => {
    server({ '/user/get_point': ok({ point: 0 }) });
    wrap(<TrialNotice user={base} />);
    expect(screen.queryByTestId('trial-notice')).toBeNull();
  });

  it('goes once the balance holds points beyond the trial (a purchase), without a reload', async () => {
    let balance = 30;
    server({ '/user/get_point': () => ok({ point: balance }) });
    const client = new QueryClient();
    wrap(<TrialNotice user={{ ...base, id: 9, trialPoints: 30 }} />, client);
    expect(await screen.findByTestId('trial-notice')).toBeTruthy();
    balance = 530;
    await client.invalidateQueries({ queryKey: ['points'] });
    await waitFor(() => expect(screen.queryByTestId('trial-notice')).toBeNull());
  });
});
