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
import type { PaymentProvider, ProviderPayment } from '../../providers/payments/provider.js';
import {
  intentPayment,
  type AirwallexProvider,
  type WebhookEvent,
} from '../../providers/payments/airwallex.js';
import type { SandboxProvider } from '../../providers/payments/sandbox.js';
import {
  activeProducts,
  deactivateProductsExcept,
  findActiveProduct,
  findOrder,
  findOwnOrder,
  findOwnPayment,
  insertOrder,
  markOrderPaid,
  ordersPage,
  recordCardEvent,
  seenCardEvent,
  setProviderRef,
  unpaidOrders,
  upsertProduct,
  type OrderRow,
} from './payments.repository.js';

export type { OrderRow };
export { findOwnOrder };

/** Makes the products table what the configuration says (others stop being sold, orders keep them). */
export async function seedProducts(
  db: Queryable,
  products: { id: number; points: number; priceCny: number; priceUsd: number }[],
): Promise<void> {
  for (const p of products) await upsertProduct(db, p);
  await deactivateProductsExcept(
    db,
    products.map((p) => p.id),
  );
}

export async function listProducts(db: Queryable): Promise<Product[]> {
  const rows = await activeProducts(db);
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
  const product = await findActiveProduct(db, productId);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  return insertOrder(db, {
    orderNo: newOrderNo(),
    userId,
    productId: product.id,
    points: product.points,
    amount: channel === 1 ? product.price_cny : product.price_usd,
    currency: channel === 1 ? 'CNY' : 'USD',
    channel,
    provider,
  });
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
  const order = await findOrder(ctx.db, orderNo);
  if (!order) return 'unknown';
  if (reported.amount !== money(order.amount) || reported.currency !== order.currency) {
    ctx.log.warn(
      { orderNo, reported, expected: { amount: money(order.amount), currency: order.currency } },
      'payment does not match its order',
    );
    return 'mismatch';
  }
  const { credited } = await credit(ctx.db, order.user_id, order.points, { orderId: order.order_no });
  await markOrderPaid(ctx.db, orderNo, reported.providerRef);
  if (credited) ctx.log.info({ orderNo, points: order.points }, 'order paid and credited');
  return credited ? 'credited' : 'already';
}

/** The provider that took an order's payment, if it is still configured. */
function providerOf(ctx: AppContext, order: OrderRow): PaymentProvider | null {
  const { alipay, card, sandbox } = ctx.payments;
  for (const p of [alipay, card, sandbox]) if (p && p.name === order.provider) return p;
  return null;
}

/**
 * Asks the order's provider about it and credits a payment it reports (a lost notification).
 * Paid only when the payment matches the order: a mismatch credits nothing and is not success.
 */
async function askProvider(
  ctx: AppContext,
  order: OrderRow,
): Promise<{ paid: boolean; payment: ProviderPayment | null; credited: boolean }> {
  if (order.status === 2) return { paid: true, payment: null, credited: false };
  const provider = providerOf(ctx, order);
  if (!provider) return { paid: false, payment: null, credited: false };
  let payment: ProviderPayment | null;
  try {
    payment = await provider.queryPayment({ orderNo: order.order_no, providerRef: order.provider_ref });
  } catch (err) {
    ctx.log.warn({ err, orderNo: order.order_no }, 'the payment provider could not be asked');
    throw new AppError('PAYMENT_PROVIDER_FAILED');
  }
  const outcome = payment?.state === 'paid' ? await confirmPaid(ctx, order.order_no, payment) : null;
  return { paid: outcome === 'credited' || outcome === 'already', payment, credited: outcome === 'credited' };
}

function alipayStatus(order: OrderRow, paid: boolean, payment: ProviderPayment | null): AlipayOrderStatus {
  return {
    status: paid ? 'TRADE_SUCCESS' : payment?.state === 'closed' ? 'TRADE_CLOSED' : 'WAIT_BUYER_PAY',
    desc: paid ? (payment?.rawStatus ?? 'TRADE_SUCCESS') : (payment?.rawStatus ?? 'WAIT_BUYER_PAY'),
    tradeNo: payment?.providerRef ?? order.provider_ref,
    outTradeNo: order.order_no,
    totalAmount: money(order.amount),
  };
}

/** A card payment's status in Airwallex's words (the sandbox's verdicts translated to them). */
function cardStatus(order: OrderRow, paid: boolean, payment: ProviderPayment | null): string {
  if (paid) return 'SUCCEEDED';
  if (order.provider === 'airwallex' && payment) return payment.rawStatus;
  return payment?.state === 'closed' ? 'CANCELLED' : 'REQUIRES_PAYMENT_METHOD';
}

/** /alipay/query_order: asks the provider, credits when it says paid (a lost notification). */
export async function queryAlipayOrder(
  ctx: AppContext,
  userId: number,
  outTradeNo: string,
): Promise<AlipayOrderStatus> {
  const order = await findOwnOrder(ctx.db, userId, outTradeNo);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const { paid, payment } = await askProvider(ctx, order);
  return alipayStatus(order, paid, payment);
}

/** /wallex/query_payment: the card payment's status (SUCCEEDED once paid), crediting a lost webhook. */
export async function queryCardPayment(
  ctx: AppContext,
  userId: number,
  payId: string,
): Promise<{ status: string; orderID: string }> {
  const order = await findOwnPayment(ctx.db, userId, payId);
  if (!order || order.channel !== 2) throw new AppError('ORDER_NOT_FOUND');
  const { paid, payment } = await askProvider(ctx, order);
  return { status: cardStatus(order, paid, payment), orderID: order.order_no };
}

/** /payment/query: the result pages ask about a payment id of either channel. */
export async function queryAnyPayment(
  ctx: AppContext,
  userId: number,
  id: string,
): Promise<{ id: string; orderId: string; status: string }> {
  const order = await findOwnPayment(ctx.db, userId, id);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const { paid, payment } = await askProvider(ctx, order);
  const status =
    order.channel === 1 ? alipayStatus(order, paid, payment).status : cardStatus(order, paid, payment);
  return { id, orderId: order.order_no, status };
}

/**
 * /wallex/create_payment: an order for the product and, with Airwallex, a PaymentIntent for it
 * (the order's id is the request_id, so a retried call cannot make a second intent). With the
 * sandbox the answer carries the sandbox checkout's address instead of a client secret.
 */
export async function createCardPayment(
  ctx: AppContext,
  provider: AirwallexProvider | SandboxProvider,
  userId: number,
  productId: number,
): Promise<{
  id: string;
  currency: string;
  clientSecret: string;
  orderId: string;
  checkoutUrl: string | null;
}> {
  const order = await createOrder(ctx.db, userId, productId, 2, provider.name);
  const successUrl = (id: string) => cardReturnUrl(ctx, id, true);
  if (provider.name === 'sandbox') {
    const { url } = await provider.createCheckout({
      orderNo: order.order_no,
      amount: money(order.amount),
      currency: 'USD',
      subject: `${order.points} points`,
      returnUrl: successUrl(order.order_no),
    });
    return {
      id: order.order_no,
      currency: 'USD',
      clientSecret: '',
      orderId: order.order_no,
      checkoutUrl: url,
    };
  }
  let intent: { id: string; clientSecret: string; currency: string };
  try {
    intent = await provider.createIntent({
      requestId: order.id,
      orderNo: order.order_no,
      amount: money(order.amount),
      currency: 'USD',
      returnUrl: successUrl(order.order_no),
    });
  } catch (err) {
    ctx.log.warn({ err, orderNo: order.order_no }, 'the card payment could not be created');
    throw new AppError('PAYMENT_PROVIDER_FAILED');
  }
  await setProviderRef(ctx.db, order.id, intent.id);
  return { ...intent, orderId: order.order_no, checkoutUrl: null };
}

/** SPEC §7: the card checkout returns to the dashboard with airwallex_success / airwallex_fail and the id. */
export function cardReturnUrl(ctx: AppContext, id: string, success: boolean): string {
  const u = new URL('/dashboard', ctx.publicOrigin);
  u.searchParams.set(success ? 'airwallex_success' : 'airwallex_fail', 'true');
  u.searchParams.set('id', id);
  return u.toString();
}

/**
 * An Airwallex webhook delivery, already verified. A succeeded intent credits its order (when it
 * is the order's intent, with the order's amount); other events change nothing (a late
 * requires_payment_method never downgrades a paid order). Each event id is acted on once.
 */
export async function handleCardEvent(
  ctx: AppContext,
  event: WebhookEvent,
): Promise<'credited' | 'already' | 'ignored' | 'duplicate' | 'refused'> {
  if (await seenCardEvent(ctx.db, event.id)) return 'duplicate';
  const intent = event.data?.object;
  let result: 'credited' | 'already' | 'ignored' | 'refused' = 'ignored';
  if (event.name === 'payment_intent.succeeded' && intent?.status === 'SUCCEEDED') {
    const order = await findOrder(ctx.db, intent.merchant_order_id);
    if (
      !order ||
      order.provider !== 'airwallex' ||
      (order.provider_ref && order.provider_ref !== intent.id)
    ) {
      ctx.log.warn({ eventId: event.id, intentId: intent.id }, 'card webhook for an order we did not make');
      return 'refused';
    }
    const outcome = await confirmPaid(ctx, order.order_no, intentPayment(intent));
    if (outcome === 'mismatch' || outcome === 'unknown') return 'refused';
    result = outcome;
  }
  await recordCardEvent(ctx.db, event.id, event.name);
  return result;
}

export async function listOrders(
  db: Queryable,
  userId: number,
  page: number,
  size: number,
): Promise<PagedList<Order>> {
  const { rows, total } = await ordersPage(db, userId, size, (page - 1) * size);
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
  return pagedList(list, page, size, total);
}

/**
 * Scheduled: asks the provider about unpaid orders a few minutes old (not older than two days) and
 * credits those that were paid: a notification that never arrived. Safe to run next to
 * notifications and queries (crediting is once per order whatever runs it).
 */
export async function reconcileOrders(ctx: AppContext, olderThanMinutes = 3): Promise<number> {
  const orders = await unpaidOrders(ctx.db, olderThanMinutes);
  let credited = 0;
  for (const order of orders) {
    if (!providerOf(ctx, order)) continue;
    try {
      if ((await askProvider(ctx, order)).credited) credited += 1;
    } catch (err) {
      ctx.log.warn({ err, orderNo: order.order_no }, 'reconciliation could not ask the provider');
    }
  }
  return credited;
}
