import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that follows Alipay's openapi gateway contract (gateway.do, RSA2):
 * - GET  alipay.trade.page.pay: checks the merchant's signature and opens a trade (the cashier);
 * - POST alipay.trade.query: checks the signature, answers `alipay_trade_query_response` signed
 *   with the gateway's key over the response object's JSON, as Alipay does;
 * - builds asynchronous notifications signed as Alipay signs them (all fields but sign and
 *   sign_type, sorted, `k=v` joined by `&`), for the test to deliver.
 */
export interface AlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
  notifyUrl: string | null;
  returnUrl: string | null;
}

const rsaPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** Alipay's signing string: every parameter but `sign` (and `sign_type` for notifications), sorted. */
export const signingString = (fields: Record<string, string>, omit: string[]) =>
  Object.keys(fields)
    .filter((k) => !omit.includes(k) && fields[k] !== undefined && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

const rsa2Sign = (text: string, privateKey: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');

const rsa2Verify = (text: string, sig: string, publicKey: string) =>
  createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, sig, 'base64');

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startAlipayGateway(opts: { appId?: string; sellerId?: string } = {}) {
  const appId = opts.appId ?? '2021000000000001';
  const sellerId = opts.sellerId ?? '2088000000000001';
  /** the merchant's key pair (its public key is registered with "Alipay") */
  const app = rsaPair();
  /** the gateway's own key pair (the merchant knows its public key) */
  const gateway = rsaPair();
  const trades = new Map<string, AlipayTrade>();
  const requests: { method: string; params: Record<string, string>; verified: boolean }[] = [];
  let tamperAnswers = false;

  const answer = (method: string, body: Record<string, unknown>) => {
    const json = JSON.stringify(body);
    let sign = rsa2Sign(json, gateway.privateKey);
    if (tamperAnswers) sign = rsa2Sign(`${json} `, gateway.privateKey);
    return `{"${method.replaceAll('.', '_')}_response":${json},"sign":"${sign}"}`;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://gateway');
      if (url.pathname !== '/gateway.do') {
        res.writeHead(404).end();
        return;
      }
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      if (req.method === 'POST') Object.assign(params, await formOf(req));
      const verified =
        Boolean(params.sign) && rsa2Verify(signingString(params, ['sign']), params.sign!, app.publicKey);
      const method = params.method ?? '';
      requests.push({ method, params, verified });
      if (!verified || params.app_id !== appId) {
        const error = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
        if (req.method === 'GET')
          res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid-signature');
        else res.writeHead(200, { 'content-type': 'application/json' }).end(answer(method, error));
        return;
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;

      if (req.method === 'GET' && method === 'alipay.trade.page.pay') {
        if (biz.product_code !== 'FAST_INSTANT_TRADE_PAY' || !biz.out_trade_no || !biz.total_amount) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('missing-required-arguments');
          return;
        }
        if (!trades.has(biz.out_trade_no))
          trades.set(biz.out_trade_no, {
            outTradeNo: biz.out_trade_no,
            tradeNo: `2026${randomBytes(10).toString('hex')}`,
            totalAmount: biz.total_amount,
            subject: biz.subject ?? '',
            status: 'WAIT_BUYER_PAY',
            notifyUrl: params.notify_url ?? null,
            returnUrl: params.return_url ?? null,
          });
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><title>cashier</title><p>${biz.subject ?? ''} ¥${biz.total_amount}</p>`);
        return;
      }
      if (req.method === 'POST' && method === 'alipay.trade.query') {
        const trade = trades.get(biz.out_trade_no ?? '');
        const body = trade
          ? {
              code: '10000',
              msg: 'Success',
              buyer_logon_id: 'buy***@example.com',
              out_trade_no: trade.outTradeNo,
              trade_no: trade.tradeNo,
              trade_status: trade.status,
              total_amount: trade.totalAmount,
            }
          : {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.TRADE_NOT_EXIST',
              sub_msg: '交易不存在',
            };
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(answer(method, body));
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' }));
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${base}/gateway.do`,
    appId,
    sellerId,
    /** for the app's ALIPAY_* settings */
    appPrivateKey: app.privateKey,
    alipayPublicKey: gateway.publicKey,
    requests,
    trades,
    /** the buyer pays (or the trade closes) on Alipay's side */
    setStatus(outTradeNo: string, status: AlipayTrade['status']) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.status = status;
    },
    /** answers signed with a signature that does not match (a forged or altered answer) */
    tamperAnswers(on: boolean) {
      tamperAnswers = on;
    },
    /**
     * The asynchronous notification Alipay would post for a trade, signed with the gateway's key;
     * `override` changes fields before signing, `signWith` signs with another key (a forger).
     */
    notification(
      outTradeNo: string,
      options: { override?: Record<string, string>; signWith?: string } = {},
    ): Record<string, string> {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
      const fields: Record<string, string> = {
        gmt_create: now,
        gmt_payment: now,
        charset: 'utf-8',
        seller_id: sellerId,
        subject: trade.subject,
        buyer_id: '2088102177846880',
        invoice_amount: trade.totalAmount,
        notify_id: randomBytes(16).toString('hex'),
        fund_bill_list: '[{"amount":"' + trade.totalAmount + '","fundChannel":"ALIPAYACCOUNT"}]',
        notify_type: 'trade_status_sync',
        trade_status: trade.status,
        receipt_amount: trade.totalAmount,
        app_id: appId,
        buyer_pay_amount: trade.totalAmount,
        notify_time: now,
        point_amount: '0.00',
        total_amount: trade.totalAmount,
        trade_no: trade.tradeNo,
        auth_app_id: appId,
        out_trade_no: trade.outTradeNo,
        version: '1.0',
        ...options.override,
      };
      fields.sign = rsa2Sign(
        signingString(fields, ['sign', 'sign_type']),
        options.signWith ?? gateway.privateKey,
      );
      fields.sign_type = 'RSA2';
      return fields;
    },
    /** a key pair that is not the gateway's (to forge with) */
    forgerKey: () => rsaPair().privateKey,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type AlipayGateway = Awaited<ReturnType<typeof startAlipayGateway>>;

/** A notification as Alipay posts it: application/x-www-form-urlencoded. */
export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
