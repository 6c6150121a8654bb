import { normaliseKey } from '../../config/rsa-keys.js';
import type { CheckoutProvider, CheckoutRequest, ProviderPayment } from './provider.js';

export interface AlipayConfig {
  appId: string;
  /** our application's private key (PKCS8), PEM or the bare base64 the Alipay console shows */
  privateKey: string;
  /** Alipay's public key (to verify its answers and notifications), PEM or bare base64 */
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do, or the sandbox's gateway */
  gateway: string;
  /** our merchant (seller) id: when set, a notification for another seller is refused */
  sellerId?: string | undefined;
  /** where Alipay posts its asynchronous notifications */
  notifyUrl: string;
  timeoutMs?: number;
}

/** What a verified notification says. */
export interface AlipayNotice {
  orderNo: string;
  payment: ProviderPayment;
}

export type AlipayProvider = CheckoutProvider & {
  readonly name: 'alipay';
  /**
   * Checks an asynchronous notification (the form fields as posted): Alipay's signature, our
   * app_id and seller. Returns null for anything that is not a genuine notification of ours.
   */
  verifyNotify(fields: Record<string, string>): AlipayNotice | null;
};

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

const toState = (tradeStatus: string): ProviderPayment['state'] =>
  PAID.has(tradeStatus) ? 'paid' : tradeStatus === 'TRADE_CLOSED' ? 'closed' : 'waiting';

/**
 * alipay-sdk is loaded here, when Alipay is configured, not by an import: it brings undici 7
 * (through urllib), whose first load makes its own Agent the global dispatcher of Node's fetch
 * unless one is in place. In the esbuild bundle every import runs before any of our code, so no
 * import order could keep it out; a call can. Node 20's fetch through undici 7's Agent refuses a
 * request that states its Content-Length (see docs/deployment.md).
 */
async function loadAlipaySdk() {
  // a Headers object loads Node's fetch, which puts its own dispatcher in place first
  new Headers();
  const [{ AlipaySdk }, { Agent }] = await Promise.all([import('alipay-sdk'), import('urllib')]);
  return { AlipaySdk, Agent };
}

/**
 * Alipay through its official SDK (RSA2): computer-website payment (alipay.trade.page.pay,
 * FAST_INSTANT_TRADE_PAY), alipay.trade.query with the answer's signature verified, and the
 * asynchronous notification's signature check.
 */
export async function alipayProvider(config: AlipayConfig): Promise<AlipayProvider> {
  const { AlipaySdk, Agent } = await loadAlipaySdk();
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: normaliseKey(config.privateKey, 'PRIVATE'),
    alipayPublicKey: normaliseKey(config.alipayPublicKey, 'PUBLIC'),
    keyType: 'PKCS8',
    signType: 'RSA2',
    gateway: config.gateway,
    timeout: config.timeoutMs ?? 10_000,
    camelcase: false,
    // its calls go through an Agent of its own undici, never through Node's global dispatcher
    proxyAgent: new Agent(),
  });

  return {
    name: 'alipay',
    createCheckout(req: CheckoutRequest) {
      const url = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: req.orderNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: req.amount,
          subject: req.subject,
        },
        returnUrl: req.returnUrl,
        notifyUrl: config.notifyUrl,
      });
      return Promise.resolve({ url });
    },

    async queryPayment({ orderNo }) {
      const answer = (await sdk.exec(
        'alipay.trade.query',
        { bizContent: { out_trade_no: orderNo } },
        { validateSign: true },
      )) as Record<string, string | undefined>;
      if (answer.code !== '10000') {
        // the buyer has not opened the cashier yet: Alipay knows no such trade
        if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
        throw new Error(
          `alipay.trade.query failed: ${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg ?? ''}`,
        );
      }
      if (answer.out_trade_no !== orderNo) throw new Error('alipay.trade.query answered about another order');
      const status = answer.trade_status ?? 'WAIT_BUYER_PAY';
      return {
        state: toState(status),
        rawStatus: status,
        amount: answer.total_amount ?? null,
        // Alipay settles page payments in yuan
        currency: 'CNY',
        providerRef: answer.trade_no ?? null,
      };
    },

    verifyNotify(fields) {
      if (!fields.sign || !sdk.checkNotifySignV2(fields)) return null;
      if (fields.app_id !== config.appId) return null;
      if (config.sellerId && fields.seller_id !== config.sellerId) return null;
      if (!fields.out_trade_no || !fields.trade_status) return null;
      return {
        orderNo: fields.out_trade_no,
        payment: {
          state: toState(fields.trade_status),
          rawStatus: fields.trade_status,
          amount: fields.total_amount ?? null,
          currency: 'CNY',
          providerRef: fields.trade_no ?? null,
        },
      };
    },
  };
}
