import type { Queryable } from '../../db/client.js';
import type { CheckoutProvider, CheckoutRequest, ProviderPayment } from './provider.js';

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
  const toPayment = (r: {
    status: string;
    amount: number;
    currency: string;
    order_no: string;
  }): ProviderPayment => ({
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
      await db.query(
        `INSERT INTO sandbox_payments (order_no, amount, currency, status) VALUES ($1, $2, $3, 'pending')
         ON CONFLICT (order_no) DO NOTHING`,
        [req.orderNo, req.amount, req.currency],
      );
      return {
        url: new URL(`/sandbox/checkout/${encodeURIComponent(req.orderNo)}`, publicOrigin).toString(),
      };
    },
    async queryPayment({ orderNo }) {
      const rows = await db.query<{ status: string; amount: number; currency: string; order_no: string }>(
        `SELECT order_no, status, amount, currency FROM sandbox_payments WHERE order_no = $1`,
        [orderNo],
      );
      return rows[0] ? toPayment(rows[0]) : null;
    },
    /** the buyer's decision on the checkout page; a decided payment does not change again */
    async decide(orderNo, decision) {
      const rows = await db.query<{ status: string; amount: number; currency: string; order_no: string }>(
        `UPDATE sandbox_payments SET status = CASE WHEN status = 'pending' THEN $2 ELSE status END, updated_at = now()
          WHERE order_no = $1 RETURNING order_no, status, amount, currency`,
        [orderNo, decision],
      );
      return rows[0] ? toPayment(rows[0]) : null;
    },
  };
}
