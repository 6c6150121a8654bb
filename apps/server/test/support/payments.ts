import type { TestApp } from '../harness.js';

/** How many ledger credits an order has (one at most, whatever delivered the payment). */
export async function orderCredits(t: TestApp, orderNo: string): Promise<number> {
  const rows = await t.ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'credit' AND reference_id = $1`,
    [orderNo],
  );
  return rows[0]!.n;
}
