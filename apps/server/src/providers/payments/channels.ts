import type { Env } from '../../config/env.js';
import { sandboxEnabled } from '../../config/payment-sandbox.js';
import type { Queryable } from '../../db/client.js';
import { airwallexProvider, type AirwallexProvider } from './airwallex.js';
import { alipayProvider, type AlipayProvider } from './alipay.js';
import { sandboxProvider, type SandboxProvider } from './sandbox.js';

/** Each payment channel's provider, or null when the channel is unavailable. */
export interface PaymentChannels {
  /** the ¥ channel */
  alipay: AlipayProvider | SandboxProvider | null;
  /** card payments ($) */
  card: AirwallexProvider | SandboxProvider | null;
  /** null whenever the sandbox is off */
  sandbox: SandboxProvider | null;
}

/**
 * Each channel's provider: the real one when its credentials are set; otherwise the sandbox,
 * but only when the sandbox is on (PAYMENT_SANDBOX); otherwise null, and the channel is
 * unavailable. A channel is never routed to another channel's provider.
 */
export async function buildPaymentChannels(
  env: Env,
  db: Queryable,
  publicOrigin: string,
): Promise<PaymentChannels> {
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
export function describePayments(ctx: {
  env: Pick<Env, 'PAYMENT_SANDBOX'>;
  payments: PaymentChannels;
}): string[] {
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
