import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { RetranslateQuota } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { retranslateQuotaKey } from '../api/retranslate';
import { allowanceState, RetranslateAllowance } from './retranslate-allowance';

const i18n = await initI18n('en');

const quota = (charsLeft: number, callsLeft = 10, charsPerDay = 20_000): RetranslateQuota => ({
  charsLeft,
  charsPerDay,
  callsLeft,
  callsPerDay: 1000,
  resetsAt: '2026-11-26T00:00:00.000Z',
});

/** the banner with the server's answer already known (as after a re-translation) */
function banner(q: RetranslateQuota) {
  const client = new QueryClient();
  client.setQueryData(retranslateQuotaKey, q);
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <RetranslateAllowance enabled />
      </I18nextProvider>
    </QueryClientProvider>
  );
}

afterEach(cleanup);

describe('what the editor says of the re-translation allowance', () => {
  it('nothing with 20 % or more left, "low" below it, "exhausted" at 0 characters or calls, "off" at 0 a day', () => {
    expect(allowanceState(quota(20_000))).toBe('ok');
    expect(allowanceState(quota(4_000))).toBe('ok');
    expect(allowanceState(quota(3_999))).toBe('low');
    expect(allowanceState(quota(1))).toBe('low');
    expect(allowanceState(quota(0))).toBe('exhausted');
    expect(allowanceState(quota(5_000, 0))).toBe('exhausted');
    expect(allowanceState(quota(0, 10, 0))).toBe('off');
  });

  it('says what is left when it runs low, and when it is used up, in each language', async () => {
    render(banner(quota(4_000)));
    expect(screen.queryByTestId('retranslate-allowance')).toBeNull();
    cleanup();
    render(banner(quota(1_200)));
    expect(screen.getByTestId('retranslate-allowance').textContent).toMatch(
      /^Re-translation is running low today: 1,200 of your 20,000 characters are left\. It renews at .+\.$/,
    );
    cleanup();
    render(banner(quota(0)));
    expect(screen.getByTestId('retranslate-allowance').getAttribute('data-state')).toBe('exhausted');
    expect(screen.getByTestId('retranslate-allowance').textContent).toContain('used up');
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByTestId('retranslate-allowance').textContent).toContain('今日重新翻译额度已用完');
    await act(() => i18n.changeLanguage('ja'));
    expect(screen.getByTestId('retranslate-allowance').textContent).toContain(
      '本日の再翻訳の上限に達しました',
    );
    await act(() => i18n.changeLanguage('en'));
  });
});
