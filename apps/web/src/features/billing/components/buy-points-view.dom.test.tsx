import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { SiteConfig } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { FALLBACK_SITE_CONFIG, SiteConfigContext } from '../../../lib/site-config';
import { BuyPointsView } from './buy-points-view';

const i18n = await initI18n('en');

function renderView(site: Partial<SiteConfig>) {
  const products = [{ id: 1, points: 100, originalPrice: 10, dollarPrice: 1.5 }];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 20000, msg: 'success', data: products }))),
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <SiteConfigContext.Provider
          value={{ ...FALLBACK_SITE_CONFIG, supportEmail: 'service@subs.example.com', ...site }}
        >
          <App>
            <BuyPointsView />
          </App>
        </SiteConfigContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** antd puts the test id on the radio's input */
const radio = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('buying points: the payment methods this site offers', () => {
  it('with only cards: Alipay is shown disabled with the reason, cards are chosen, the products can be bought', async () => {
    renderView({ alipayPayment: 'none', cardPayment: 'sandbox' });
    expect(await screen.findByTestId('buy-1')).toBeTruthy();
    expect(radio('pay-method-alipay').disabled).toBe(true);
    expect(screen.getByTestId('alipay-unavailable').textContent).toBe(
      'Alipay is not available on this site; pay by card instead.',
    );
    expect(radio('pay-method-card').checked).toBe(true);
    expect(screen.queryByTestId('card-unavailable')).toBeNull();
    // the card price comes first
    expect(screen.getByTestId('price-1').textContent).toBe('$1.50');
  });

  it('with only Alipay: the card method is disabled with the reason', async () => {
    renderView({ alipayPayment: 'alipay', cardPayment: 'none' });
    expect(await screen.findByTestId('buy-1')).toBeTruthy();
    expect(radio('pay-method-alipay').checked).toBe(true);
    expect(radio('pay-method-card').disabled).toBe(true);
    expect(screen.getByTestId('card-unavailable').textContent).toContain('pay with Alipay instead');
    expect(screen.getByTestId('price-1').textContent).toBe('¥10.00');
  });

  it('with no method: says buying is not possible now and whom to contact, and offers no buy button', async () => {
    renderView({ alipayPayment: 'none', cardPayment: 'none' });
    expect(await screen.findByTestId('product-1')).toBeTruthy();
    expect(screen.getByTestId('buy-unavailable').textContent).toBe(
      'Buying points is not possible right now: no payment method is available on this site. If you need points, contact service@subs.example.com.',
    );
    expect(screen.queryByTestId('buy-1')).toBeNull();
    expect(screen.queryByTestId('pay-method')).toBeNull();
  });
});
