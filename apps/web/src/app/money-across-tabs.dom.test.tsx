import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { API, type User } from '@subtrans/contract';
import { UserBlock } from '../features/dashboard/components/user-block';
import { useOrders } from '../features/billing/api/orders';
import { usePaymentCheck } from '../features/billing/lib/use-payment-check';
import { initI18n } from '../lib/i18n';
import { followMoneyChanges, moneyChanged } from '../lib/money-sync';
import { fakeServer } from '../lib/test-support';

const i18n = await initI18n('en');
const user: User = {
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

/** the server's balance and orders, as a payment in any tab changes them */
const account = { balance: 0, orders: 0 };
function server() {
  return fakeServer({
    [API.getPoint]: () => ({ point: account.balance }),
    [API.orderList]: () => ({
      list: [],
      pageNum: 1,
      pageSize: 10,
      totalCount: account.orders,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    }),
  });
}

/** A tab: its own query client, following the others as app/providers.tsx does. */
function tab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const stop = followMoneyChanges(client);
  stops.push(stop);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { client, wrapper, stop };
}
const stops: (() => void)[] = [];

afterEach(() => {
  cleanup();
  stops.splice(0).forEach((stop) => stop());
  vi.unstubAllGlobals();
  Object.assign(account, { balance: 0, orders: 0 });
});

describe('the balance and orders across tabs (issue 34)', () => {
  it('a payment confirmed in one tab refreshes the balance and orders shown in another', async () => {
    const api = server();
    const first = tab();
    render(<UserBlock user={user} onAddEmail={() => undefined} />, { wrapper: first.wrapper });
    const orders = renderHook(() => useOrders(1), { wrapper: first.wrapper });
    await waitFor(() => expect(screen.getByTestId('user-points').textContent).toBe('Points: 0'));
    await waitFor(() => expect(orders.result.current.data?.totalCount).toBe(0));

    // the checkout tab confirms the payment (the Alipay dialog's check)
    account.balance = 500;
    account.orders = 1;
    const checkout = tab();
    const check = renderHook(
      () => usePaymentCheck('ST-1', () => Promise.resolve({ status: 'TRADE_SUCCESS' })),
      {
        wrapper: checkout.wrapper,
      },
    );
    await waitFor(() => expect(check.result.current.phase).toBe('success'));

    await waitFor(() => expect(screen.getByTestId('user-points').textContent).toBe('Points: 500'));
    await waitFor(() => expect(orders.result.current.data?.totalCount).toBe(1));
    // one read each, for what the first tab shows: no polling, no echo between the tabs
    expect(api.to(API.getPoint)).toHaveLength(2);
    expect(api.to(API.orderList)).toHaveLength(2);
  });

  it('the tab that tells refreshes itself; a tab that stopped following is not told', async () => {
    const api = server();
    const [a, b, c] = [tab(), tab(), tab()];
    const shown = (t: ReturnType<typeof tab>) => {
      const r = renderHook(() => useOrders(1), { wrapper: t.wrapper });
      return () => r.result.current.data?.totalCount;
    };
    const [inA, inB, inC] = [shown(a), shown(b), shown(c)];
    await waitFor(() => expect([inA(), inB(), inC()]).toEqual([0, 0, 0]));
    b.stop();
    account.orders = 3;
    await moneyChanged(a.client);
    await waitFor(() => expect(inA()).toBe(3));
    // c was told (the message reaches every tab at once); b no longer listens: it refreshes when
    // looked at again (refetch on focus), not by message
    await waitFor(() => expect(inC()).toBe(3));
    expect(inB()).toBe(0);
    expect(api.to(API.orderList)).toHaveLength(5);
  });
});
