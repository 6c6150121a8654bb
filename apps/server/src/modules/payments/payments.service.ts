import { randomInt } from 'node:crypto';
import {
  pagedList,
  type AlipayOrderStatus,
  type Order,
  type PagedList,
  type Product,
} from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { credit } from '../billing/ledger.service.js';
import type { ProviderPayment } from '../../providers/payments/provider.js';

interface ProductRow {
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

/** Makes the products table what the configuration says (others stop being sold, orders keep them). */
export async function seedProducts(
  db: Queryable,
  products: { id: number; points: number; priceCny: number; priceUsd: number }[],
): Promise<void> {
  for (const p of products) {
    await db.query(
      `INSERT INTO products (id, points, price_cny, price_usd, active) VALUES ($1, $2, $3, $4, true)
       ON CONFLICT (id) DO UPDATE SET points = $2, price_cny = $3, price_usd = $4, active = true`,
      [p.id, p.points, p.priceCny, p.priceUsd],
    );
  }
  await db.query(`UPDATE products SET active = false WHERE NOT (id = ANY($1::int[]))`, [
    products.map((p) => p.id),
  ]);
}

export async function listProducts(db: Queryable): Promise<Product[]> {
  const rows = await db.query<ProductRow>(`SELECT * FROM products WHERE active ORDER BY points, id`);
  return rows.map((r) => ({
    id: r.id,
    points: r.points,
    originalPrice: Number(r.price_cny),
    dollarPrice: Number(r.price_usd),
  }));
}

/** Our order number: sortable by time, unguessable enough to be shown to the user. */
function newOrderNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `ST${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** An unpaid order for a product; amount and points come from the product, never from the client. */
export async function createOrder(
  db: Queryable,
  userId: number,
  productId: number,
  channel: 1 | 2,
  provider: string,
): Promise<OrderRow> {
  const [product] = await db.query<ProductRow>(`SELECT * FROM products WHERE id = $1 AND active`, [
    productId,
  ]);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const [row] = await db.query<OrderRow>(
    `INSERT INTO orders (order_no, user_id, product_id, points, amount, currency, channel, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [
      newOrderNo(),
      userId,
      product.id,
      product.points,
      channel === 1 ? product.price_cny : product.price_usd,
      channel === 1 ? 'CNY' : 'USD',
      channel,
      provider,
    ],
  );
  return row!;
}

export const money = (n: number | string) => Number(n).toFixed(2);

/**
 * A provider said this order was paid (its notification, or our query). The amount and currency
 * must be the order's; then the points are credited once (the ledger's unique key per order makes
 * replays and races harmless) and the order is marked paid.
 */
export async function confirmPaid(
  ctx: AppContext,
  orderNo: string,
  reported: { amount: string | null; currency: string | null; providerRef: string | null },
): Promise<'credited' | 'already' | 'mismatch' | 'unknown'> {
  const [order] = await ctx.db.query<OrderRow>(`SELECT * FROM orders WHERE order_no = $1`, [orderNo]);
  if (!order) return 'unknown';
  if (reported.amount !== money(order.amount) || reported.currency !== order.currency) {
    ctx.log.warn(
      { orderNo, reported, expected: { amount: money(order.amount), currency: order.currency } },
      'payment does not match its order',
    );
    return 'mismatch';
  }
  const { credited } = await credit(ctx.db, order.user_id, order.points, { orderId: order.order_no });
  await ctx.db.query(
    `UPDATE orders SET status = 2, paid_at = COALESCE(paid_at, now()), provider_ref = COALESCE(provider_ref, $2)
      WHERE order_no = $1`,
    [orderNo, reported.providerRef],
  );
  if (credited) ctx.log.info({ orderNo, points: order.points }, 'order paid and credited');
  return credited ? 'credited' : 'already';
}

export async function findOwnOrder(
  db: Queryable,
  userId: number,
  orderNo: string,
): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(`SELECT * FROM orders WHERE order_no = $1 AND user_id = $2`, [
    orderNo,
    userId,
  ]);
  return rows[0];
}

/** /alipay/query_order: asks the provider, credits when it says paid (a lost notification). */
export async function queryAlipayOrder(
  ctx: AppContext,
  userId: number,
  outTradeNo: string,
): Promise<AlipayOrderStatus> {
  const order = await findOwnOrder(ctx.db, userId, outTradeNo);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const provider = order.provider === 'sandbox' ? ctx.payments.sandbox : ctx.payments.alipay;
  let payment: ProviderPayment | null = null;
  if (order.status !== 2 && provider && provider.name === order.provider) {
    try {
      payment = await provider.queryPayment(order.order_no);
    } catch (err) {
      ctx.log.warn({ err, orderNo: order.order_no }, 'the payment provider could not be asked');
      throw new AppError('PAYMENT_PROVIDER_FAILED');
    }
  }
  // paid only when the payment matches the order (a mismatch credits nothing and is not success)
  const outcome = payment?.state === 'paid' ? await confirmPaid(ctx, order.order_no, payment) : null;
  const paid = order.status === 2 || outcome === 'credited' || outcome === 'already';
  return {
    status: paid ? 'TRADE_SUCCESS' : payment?.state === 'closed' ? 'TRADE_CLOSED' : 'WAIT_BUYER_PAY',
    desc: paid ? (payment?.rawStatus ?? 'TRADE_SUCCESS') : (payment?.rawStatus ?? 'WAIT_BUYER_PAY'),
    tradeNo: payment?.providerRef ?? order.provider_ref,
    outTradeNo: order.order_no,
    totalAmount: money(order.amount),
  };
}

export async function listOrders(
  db: Queryable,
  userId: number,
  page: number,
  size: number,
): Promise<PagedList<Order>> {
  const [rows, count] = await Promise.all([
    db.query<OrderRow>(
      `SELECT * FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, size, (page - 1) * size],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [userId]),
  ]);
  const list = rows.map((r): Order => ({
    orderId: r.order_no,
    status: r.status,
    productId: r.product_id,
    productName: `${r.points}`,
    points: r.points,
    price: Number(r.amount),
    currency: r.currency,
    channel: r.channel,
    createTime: new Date(r.created_at).toISOString(),
    paidTime: r.paid_at ? new Date(r.paid_at).toISOString() : null,
  }));
  return pagedList(list, page, size, count[0]?.n ?? 0);
}

/**
 * Scheduled: asks the provider about unpaid orders a few minutes old (not older than two days) and
 * credits those that were paid: a notification that never arrived. Safe to run next to
 * notifications and queries (crediting is once per order whatever runs it).
 */
export async function reconcileOrders(ctx: AppContext, olderThanMinutes = 3): Promise<number> {
  const orders = await ctx.db.query<OrderRow>(
    `SELECT * FROM orders WHERE status = 1
        AND created_at < now() - make_interval(mins => $1) AND created_at > now() - interval '2 days'
      ORDER BY created_at LIMIT 500`,
    [olderThanMinutes],
  );
  let credited = 0;
  for (const order of orders) {
    const provider = order.provider === 'sandbox' ? ctx.payments.sandbox : ctx.payments.alipay;
    if (!provider || provider.name !== order.provider) continue;
    try {
      const payment = await provider.queryPayment(order.order_no);
      if (payment?.state === 'paid' && (await confirmPaid(ctx, order.order_no, payment)) === 'credited')
        credited += 1;
    } catch (err) {
      ctx.log.warn({ err, orderNo: order.order_no }, 'reconciliation could not ask the provider');
    }
  }
  return credited;
}
