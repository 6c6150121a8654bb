import type { Env } from '../../config/env.js';
import { sandboxEnabled } from '../../config/payment-sandbox.js';
import type { Queryable } from '../../db/client.js';
import type { AppContext } from '../../context.js';
import { airwallexProvider } from './airwallex.js';
import { alipayProvider } from './alipay.js';
import { sandboxProvider } from './sandbox.js';

/**
 * Each channel's provider: the real one when its credentials are set; otherwise the sandbox,
 * but only when the sandbox is on (PAYMENT_SANDBOX); otherwise null, and the channel is
 * unavailable. A channel is never routed to another channel's provider.
 */
export async function buildPaymentChannels(
  env: Env,
  db: Queryable,
  publicOrigin: string,
): Promise<AppContext['payments']> {
  const sandbox = sandboxEnabled(env) ? sandboxProvider(db, publicOrigin) : null;
  return {
    alipay:
      env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY
        ? await alipayProvider({
            appId: env.ALIPAY_APP_ID,
            privateKey: env.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: env.ALIPAY_PUBLIC_KEY,
            gateway: env.ALIPAY_GATEWAY,
            sellerId: env.ALIPAY_SELLER_ID,
            notifyUrl: env.ALIPAY_NOTIFY_URL ?? new URL('/alipay/notify', publicOrigin).toString(),
          })
        : sandbox,
    card:
      env.AIRWALLEX_CLIENT_ID && env.AIRWALLEX_API_KEY
        ? airwallexProvider({
            baseUrl: env.AIRWALLEX_BASE_URL,
            clientId: env.AIRWALLEX_CLIENT_ID,
            apiKey: env.AIRWALLEX_API_KEY,
            webhookSecret: env.AIRWALLEX_WEBHOOK_SECRET,
          })
        : sandbox,
    sandbox,
  };
}

const CHANNEL_NAMES = { alipay: 'Alipay', airwallex: 'Airwallex', sandbox: 'the sandbox (test mode)' };

/** The start-up banner's lines about payments: whether the sandbox exists, who takes each channel. */
export function describePayments(ctx: Pick<AppContext, 'env' | 'payments'>): string[] {
  const channel = (p: { name: keyof typeof CHANNEL_NAMES } | null) =>
    p ? CHANNEL_NAMES[p.name] : 'unavailable (no provider configured)';
  const setting = `PAYMENT_SANDBOX=${ctx.env.PAYMENT_SANDBOX}`;
  return [
    `  Payments: ¥ channel: ${channel(ctx.payments.alipay)}; card channel: ${channel(ctx.payments.card)}`,
    ctx.payments.sandbox
      ? `  Sandbox checkout: ON (${setting}): it credits points without payment, never use it where money is real`
      : `  Sandbox checkout: off (${setting})`,
  ];
}
