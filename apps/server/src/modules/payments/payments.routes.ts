import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { AppError } from '../../http/errors.js';
import { siteConfigFor } from '../../config/site-config.js';
import { sandboxCheckoutPage } from '../../providers/payments/sandbox-page.js';
import {
  cardReturnUrl,
  confirmPaid,
  createCardPayment,
  createOrder,
  handleCardEvent,
  findOwnOrder,
  listOrders,
  listProducts,
  money,
  queryAlipayOrder,
  queryAnyPayment,
  queryCardPayment,
  type OrderRow,
} from './payments.service.js';

/** SPEC §5/§7: Alipay's return lands on the dashboard, which recognises it and opens its result dialog. */
function alipayReturnUrl(ctx: AppContext, order: OrderRow): string {
  const u = new URL('/dashboard', ctx.publicOrigin);
  u.searchParams.set('out_trade_no', order.order_no);
  u.searchParams.set('method', 'alipay.trade.page.pay.return');
  u.searchParams.set('total_amount', money(order.amount));
  return u.toString();
}

export function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * A channel's provider where the host offers the channel: points are sold only where its
   * profile allows it, and a channel without a provider here is refused, never routed elsewhere
   */
  const channelHere = <C extends 'alipay' | 'card'>(req: FastifyRequest, channel: C) => {
    const site = siteConfigFor(ctx, req);
    if (!site.enablePointsPurchase) throw new AppError('FEATURE_DISABLED');
    const provider = ctx.payments[channel];
    const offered = channel === 'alipay' ? site.alipayPayment : site.cardPayment;
    if (!provider || offered === 'none') throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    return provider as NonNullable<AppContext['payments'][C]>;
  };
  /** the sandbox exists only when PAYMENT_SANDBOX turns it on, and never serves a production host */
  const sandboxHere = (req: FastifyRequest) => {
    const sandbox = ctx.payments.sandbox;
    if (!sandbox || siteConfigFor(ctx, req).paymentEnv === 'prod') throw new AppError('FEATURE_DISABLED');
    return sandbox;
  };

  // SPEC §7: which of the two a host calls is its profile's productListCall; both answer the same
  for (const call of [ROUTES.productList, ROUTES.productTransList]) {
    route(app, call, {}, async () => ok(await listProducts(ctx.db)));
  }

  route(app, ROUTES.alipayCreate, { config: { auth: 'user' } }, async (req) => {
    const provider = channelHere(req, 'alipay');
    const order = await createOrder(ctx.db, currentUser(req).id, req.body.id, 1, provider.name);
    const { url } = await provider.createCheckout({
      orderNo: order.order_no,
      amount: money(order.amount),
      currency: 'CNY',
      subject: `${order.points} points`,
      returnUrl: alipayReturnUrl(ctx, order),
    });
    return ok({ url, orderId: order.order_no });
  });

  route(app, ROUTES.alipayQuery, { config: { auth: 'user' } }, async (req) =>
    ok(await queryAlipayOrder(ctx, currentUser(req).id, req.body.outTradeNo)),
  );

  /** the result pages: ask about a payment by our order number or a card intent id */
  route(app, ROUTES.paymentQuery, { config: { auth: 'user' } }, async (req) =>
    ok(await queryAnyPayment(ctx, currentUser(req).id, req.body.id)),
  );

  route(app, ROUTES.wallexCreate, { config: { auth: 'user' } }, async (req) => {
    const provider = channelHere(req, 'card');
    return ok(await createCardPayment(ctx, provider, currentUser(req).id, req.body.id));
  });

  route(app, ROUTES.wallexQuery, { config: { auth: 'user' } }, async (req) =>
    ok(await queryCardPayment(ctx, currentUser(req).id, req.body.payId)),
  );

  // --- Airwallex's webhook: the signature covers the raw body, so it is kept as received ---
  void app.register(async (hookApp) => {
    hookApp.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    hookApp.post(API.wallexWebhook, async (req, reply) => {
      const card = ctx.payments.card;
      if (card?.name !== 'airwallex') return reply.code(404).send({ received: false });
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const event = card.verifyWebhook(
        typeof req.body === 'string' ? req.body : '',
        header('x-timestamp'),
        header('x-signature'),
      );
      if (!event) {
        req.log.warn('airwallex webhook refused: bad signature or stale timestamp');
        return reply.code(401).send({ received: false });
      }
      const outcome = await handleCardEvent(ctx, event);
      // refused ones are not acknowledged: Airwallex retries them, and they stay visible in the log
      if (outcome === 'refused') return reply.code(400).send({ received: false });
      return reply.send({ received: true });
    });
  });

  route(app, ROUTES.orderList, { config: { auth: 'user' } }, async (req) => {
    const { page, size } = req.body;
    return ok(await listOrders(ctx.db, currentUser(req).id, page, size));
  });

  // --- Alipay's asynchronous notification: verified, credited once, answered `success` after commit ---
  void app.register(async (notifyApp) => {
    notifyApp.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    notifyApp.post(API.alipayNotify, async (req, reply) => {
      reply.type('text/plain; charset=utf-8');
      const provider = ctx.payments.alipay;
      if (provider?.name !== 'alipay') return reply.code(404).send('fail');
      const fields = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      const notice = provider.verifyNotify(
        Object.fromEntries(
          Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
      );
      if (!notice) {
        req.log.warn(
          { outTradeNo: fields.out_trade_no },
          'alipay notification refused: bad signature, app or seller',
        );
        return reply.code(400).send('fail');
      }
      if (notice.payment.state !== 'paid') return reply.send('success');
      const outcome = await confirmPaid(ctx, notice.orderNo, notice.payment);
      // an unknown order or a wrong amount is not acknowledged: Alipay keeps it visible by retrying
      if (outcome === 'unknown' || outcome === 'mismatch') {
        req.log.warn({ orderNo: notice.orderNo, outcome }, 'alipay notification not credited');
        return reply.send('fail');
      }
      return reply.send('success');
    });
  });

  // --- the sandbox provider's checkout (it stands for the provider's own pages) ---
  void app.register(async (sandboxApp) => {
    // its buttons are plain HTML forms
    sandboxApp.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    );

    sandboxApp.get<{ Params: { orderNo: string } }>(
      '/sandbox/checkout/:orderNo',
      { config: { auth: 'user' } },
      async (req, reply) => {
        sandboxHere(req);
        const order = await findOwnOrder(ctx.db, currentUser(req).id, req.params.orderNo);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        const html = sandboxCheckoutPage(req.lang, {
          orderNo: order.order_no,
          currency: order.currency,
          amount: money(order.amount),
          points: order.points,
        });
        return (
          reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            // its forms must send their Origin (the CSRF check); no-referrer would send "null"
            .header('referrer-policy', 'same-origin')
            .send(html)
        );
      },
    );

    sandboxApp.post<{ Params: { orderNo: string; decision: string } }>(
      '/sandbox/checkout/:orderNo/:decision',
      { config: { auth: 'user' } },
      async (req, reply) => {
        const sandbox = sandboxHere(req);
        const decision =
          req.params.decision === 'approve' ? 'paid' : req.params.decision === 'decline' ? 'declined' : null;
        if (!decision) throw new AppError('VALIDATION', 'approve or decline');
        const order = await findOwnOrder(ctx.db, currentUser(req).id, req.params.orderNo);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        const payment = await sandbox.decide(order.order_no, decision);
        if (!payment) throw new AppError('ORDER_NOT_FOUND');
        // the provider tells our server (its notification), through the same path as a real one
        if (payment.state === 'paid') await confirmPaid(ctx, order.order_no, payment);
        // each channel returns the way its real provider does (Alipay's return URL, or the card URLs)
        const back =
          order.channel === 2
            ? cardReturnUrl(ctx, order.order_no, payment.state === 'paid')
            : payment.state === 'paid'
              ? alipayReturnUrl(ctx, order)
              : new URL(
                  `/payment-fail?id=${encodeURIComponent(order.order_no)}`,
                  ctx.publicOrigin,
                ).toString();
        return reply.redirect(back, 303);
      },
    );
  });
}
