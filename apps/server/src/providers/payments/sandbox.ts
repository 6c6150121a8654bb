import type { Queryable } from '../../db/client.js';
import type { CheckoutProvider, CheckoutRequest, ProviderPayment } from './provider.js';
import {
  decideSandboxPayment,
  findSandboxPayment,
  insertSandboxPayment,
  type SandboxPaymentRow,
} from './sandbox.repository.js';

/**
 * The offline payment provider: its checkout page is served by the app (test mode), where the
 * user approves or declines. It keeps its own books (sandbox_payments), as a real provider does on
 * its side, and our server learns the outcome through the same crediting path as from a real one.
 */
export type SandboxProvider = CheckoutProvider & {
  readonly name: 'sandbox';
  decide(orderNo: string, decision: 'paid' | 'declined'): Promise<ProviderPayment | null>;
};

export function sandboxProvider(db: Queryable, publicOrigin: string): SandboxProvider {
  const toPayment = (r: SandboxPaymentRow): ProviderPayment => ({
    state: r.status === 'paid' ? 'paid' : r.status === 'declined' ? 'closed' : 'waiting',
    rawStatus:
      r.status === 'paid' ? 'TRADE_SUCCESS' : r.status === 'declined' ? 'TRADE_CLOSED' : 'WAIT_BUYER_PAY',
    amount: Number(r.amount).toFixed(2),
    currency: r.currency,
    providerRef: `sandbox-${r.order_no}`,
  });
  return {
    name: 'sandbox',
    async createCheckout(req: CheckoutRequest) {
      await insertSandboxPayment(db, { orderNo: req.orderNo, amount: req.amount, currency: req.currency });
      return {
        url: new URL(`/sandbox/checkout/${encodeURIComponent(req.orderNo)}`, publicOrigin).toString(),
      };
    },
    async queryPayment({ orderNo }) {
      const row = await findSandboxPayment(db, orderNo);
      return row ? toPayment(row) : null;
    },
    /** the buyer's decision on the checkout page; a decided payment does not change again */
    async decide(orderNo, decision) {
      const row = await decideSandboxPayment(db, orderNo, decision);
      return row ? toPayment(row) : null;
    },
  };
}
