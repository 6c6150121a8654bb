import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../../lib/i18n';
import { usePaymentCheck } from './use-payment-check';

const i18n = await initI18n('en');

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  </I18nextProvider>
);

afterEach(() => vi.useRealTimers());

describe('the payment result check (SPEC §4)', () => {
  it('fails after 3 retries 2 s apart, and then offers no re-query (only while the count is below 3)', async () => {
    vi.useFakeTimers();
    const query = vi.fn(() => Promise.resolve({ status: 'WAIT_BUYER_PAY' }));
    const { result } = renderHook(() => usePaymentCheck('ST-1', query), { wrapper });
    for (const count of [1, 2, 3]) {
      await act(() => vi.advanceTimersByTimeAsync(count === 1 ? 1 : 2000));
      expect(result.current).toMatchObject({ phase: 'retrying', count, canRequery: false });
    }
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(result.current).toMatchObject({ phase: 'failed', count: 3, canRequery: false });
    expect(result.current.error).toContain('WAIT_BUYER_PAY');
    expect(query).toHaveBeenCalledTimes(4);
  });
});
