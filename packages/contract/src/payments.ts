import { z } from 'zod';

/** SPEC §3 Product: prices in CNY (originalPrice) and USD (dollarPrice). */
export interface Product {
  id: number;
  points: number;
  originalPrice: number;
  dollarPrice: number;
}

/** The products a host sells, from configuration (PRODUCTS). */
export const productConfigSchema = z
  .array(
    z.object({
      id: z.number().int().positive(),
      points: z.number().int().positive(),
      priceCny: z.number().positive(),
      priceUsd: z.number().positive(),
    }),
  )
  .min(1);

export const ORDER_STATUS = { unpaid: 1, paid: 2 } as const;
export const ORDER_CHANNEL = { alipay: 1, card: 2 } as const;

/** SPEC §3 Order */
export interface Order {
  orderId: string;
  status: 1 | 2;
  productId: number;
  productName: string;
  points: number;
  price: number;
  currency: 'CNY' | 'USD';
  /** 1 ¥ (Alipay), 2 $ (card) */
  channel: 1 | 2;
  createTime: string;
  paidTime: string | null;
}

export const productIdBody = z.object({ id: z.number().int().positive() });
export const alipayQueryBody = z.object({ outTradeNo: z.string().min(1).max(64) });

/** SPEC §3 Alipay order status response */
export interface AlipayOrderStatus {
  status: 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'WAIT_BUYER_PAY' | 'TRADE_CLOSED';
  desc: string;
  tradeNo: string | null;
  outTradeNo: string;
  totalAmount: string;
}

/** The result pages ask about a payment `id` (our order number, or a card intent id). */
export const paymentQueryBody = z.object({ id: z.string().min(1).max(100) });

export interface PaymentStatus {
  id: string;
  /** our order number, when known */
  orderId: string | null;
  /** the provider's words: TRADE_SUCCESS / WAIT_BUYER_PAY … (Alipay-type), SUCCEEDED … (card) */
  status: string;
}

/** SPEC §7 /wallex/query_payment {payId}: the card intent id (or, with the sandbox, our order number) */
export const cardQueryBody = z.object({ payId: z.string().min(1).max(100) });

/** SPEC §7 /wallex/create_payment answer; `checkoutUrl` is set only by the sandbox provider */
export interface CardPayment {
  id: string;
  currency: string;
  clientSecret: string;
  orderId: string;
  checkoutUrl: string | null;
}

/** SPEC §3 card payment status response: SUCCEEDED once paid */
export interface CardPaymentStatus {
  status: string;
  orderID: string;
}
