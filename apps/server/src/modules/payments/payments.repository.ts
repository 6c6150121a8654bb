import type { Queryable } from '../../db/client.js';

export interface ProductRow {
  id: number;
  points: number;
  price_cny: number;
  price_usd: number;
}

export interface OrderRow {
  id: string;
  order_no: string;
  user_id: number;
  product_id: number;
  points: number;
  amount: number;
  currency: 'CNY' | 'USD';
  channel: 1 | 2;
  provider: string;
  provider_ref: string | null;
  status: 1 | 2;
  created_at: Date;
  paid_at: Date | null;
}

const PRODUCT = `id, points, price_cny, price_usd`;
const ORDER = `id, order_no, user_id, product_id, points, amount, currency, channel, provider, provider_ref, status, created_at, paid_at`;

/** Sells this product at these prices (again). */
export async function upsertProduct(
  q: Queryable,
  p: { id: number; points: number; priceCny: number; priceUsd: number },
): Promise<void> {
  await q.query(
    `INSERT INTO products (id, points, price_cny, price_usd, active) VALUES ($1, $2, $3, $4, true)
     ON CONFLICT (id) DO UPDATE SET points = $2, price_cny = $3, price_usd = $4, active = true`,
    [p.id, p.points, p.priceCny, p.priceUsd],
  );
}

/** Stops selling every product but these (orders keep theirs). */
export async function deactivateProductsExcept(q: Queryable, ids: number[]): Promise<void> {
  await q.query(`UPDATE products SET active = false WHERE NOT (id = ANY($1::int[]))`, [ids]);
}

export async function activeProducts(q: Queryable): Promise<ProductRow[]> {
  return q.query<ProductRow>(`SELECT ${PRODUCT} FROM products WHERE active ORDER BY points, id`);
}

export async function findActiveProduct(q: Queryable, id: number): Promise<ProductRow | undefined> {
  const [product] = await q.query<ProductRow>(`SELECT ${PRODUCT} FROM products WHERE id = $1 AND active`, [
    id,
  ]);
  return product;
}

export async function insertOrder(
  q: Queryable,
  o: {
    orderNo: string;
    userId: number;
    productId: number;
    points: number;
    amount: number;
    currency: 'CNY' | 'USD';
    channel: 1 | 2;
    provider: string;
  },
): Promise<OrderRow> {
  const [row] = await q.query<OrderRow>(
    `INSERT INTO orders (order_no, user_id, product_id, points, amount, currency, channel, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ORDER}`,
    [o.orderNo, o.userId, o.productId, o.points, o.amount, o.currency, o.channel, o.provider],
  );
  return row!;
}

export async function findOrder(q: Queryable, orderNo: string): Promise<OrderRow | undefined> {
  const [order] = await q.query<OrderRow>(`SELECT ${ORDER} FROM orders WHERE order_no = $1`, [orderNo]);
  return order;
}

export async function findOwnOrder(
  q: Queryable,
  userId: number,
  orderNo: string,
): Promise<OrderRow | undefined> {
  const rows = await q.query<OrderRow>(`SELECT ${ORDER} FROM orders WHERE order_no = $1 AND user_id = $2`, [
    orderNo,
    userId,
  ]);
  return rows[0];
}

/** An order of the user's by our order number or by the provider's payment id (a card intent). */
export async function findOwnPayment(
  q: Queryable,
  userId: number,
  id: string,
): Promise<OrderRow | undefined> {
  const rows = await q.query<OrderRow>(
    `SELECT ${ORDER} FROM orders WHERE user_id = $1 AND (order_no = $2 OR provider_ref = $2) LIMIT 1`,
    [userId, id],
  );
  return rows[0];
}

/** Marks the order paid (keeping the first payment time and provider reference). */
export async function markOrderPaid(
  q: Queryable,
  orderNo: string,
  providerRef: string | null,
): Promise<void> {
  await q.query(
    `UPDATE orders SET status = 2, paid_at = COALESCE(paid_at, now()), provider_ref = COALESCE(provider_ref, $2)
      WHERE order_no = $1`,
    [orderNo, providerRef],
  );
}

export async function setProviderRef(q: Queryable, orderId: string, providerRef: string): Promise<void> {
  await q.query(`UPDATE orders SET provider_ref = $2 WHERE id = $1`, [orderId, providerRef]);
}

/** A page of the user's orders, newest first, and how many there are. */
export async function ordersPage(
  q: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    q.query<OrderRow>(
      `SELECT ${ORDER} FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [userId]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Unpaid orders older than `olderThanMinutes` and younger than two days, oldest first (at most 500). */
export async function unpaidOrders(q: Queryable, olderThanMinutes: number): Promise<OrderRow[]> {
  return q.query<OrderRow>(
    `SELECT ${ORDER} FROM orders WHERE status = 1
        AND created_at < now() - make_interval(mins => $1) AND created_at > now() - interval '2 days'
      ORDER BY created_at LIMIT 500`,
    [olderThanMinutes],
  );
}

export async function seenCardEvent(q: Queryable, eventId: string): Promise<boolean> {
  const seen = await q.query(`SELECT 1 FROM payment_events WHERE provider = 'airwallex' AND event_id = $1`, [
    eventId,
  ]);
  return seen.length > 0;
}

export async function recordCardEvent(q: Queryable, eventId: string, name: string): Promise<void> {
  await q.query(
    `INSERT INTO payment_events (provider, event_id, name) VALUES ('airwallex', $1, $2) ON CONFLICT DO NOTHING`,
    [eventId, name],
  );
}
