import type { Queryable } from '../../db/client.js';

/** A row of the sandbox provider's own books. */
export interface SandboxPaymentRow {
  order_no: string;
  status: string;
  amount: number;
  currency: string;
}

export async function insertSandboxPayment(
  q: Queryable,
  p: { orderNo: string; amount: string; currency: string },
): Promise<void> {
  await q.query(
    `INSERT INTO sandbox_payments (order_no, amount, currency, status) VALUES ($1, $2, $3, 'pending')
         ON CONFLICT (order_no) DO NOTHING`,
    [p.orderNo, p.amount, p.currency],
  );
}

export async function findSandboxPayment(
  q: Queryable,
  orderNo: string,
): Promise<SandboxPaymentRow | undefined> {
  const rows = await q.query<SandboxPaymentRow>(
    `SELECT order_no, status, amount, currency FROM sandbox_payments WHERE order_no = $1`,
    [orderNo],
  );
  return rows[0];
}

/** Records the buyer's decision; a decided payment does not change again. */
export async function decideSandboxPayment(
  q: Queryable,
  orderNo: string,
  decision: 'paid' | 'declined',
): Promise<SandboxPaymentRow | undefined> {
  const rows = await q.query<SandboxPaymentRow>(
    `UPDATE sandbox_payments SET status = CASE WHEN status = 'pending' THEN $2 ELSE status END, updated_at = now()
          WHERE order_no = $1 RETURNING order_no, status, amount, currency`,
    [orderNo, decision],
  );
  return rows[0];
}
