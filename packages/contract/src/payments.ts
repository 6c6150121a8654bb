import { z } from 'zod';

/** SPEC §3 Product: prices in CNY (originalPrice) and USD (dollarPrice). */
export const productSchema = z.object({
  id: z.number().int(),
  points: z.number().int(),
  originalPrice: z.number(),
  dollarPrice: z.number(),
});
export type Product = z.infer<typeof productSchema>;

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
export const orderSchema = z.object({
  orderId: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  productId: z.number().int(),
  productName: z.string(),
  points: z.number().int(),
  price: z.number(),
  currency: z.enum(['CNY', 'USD']),
  /** 1 ¥ (Alipay), 2 $ (card) */
  channel: z.union([z.literal(1), z.literal(2)]),
  createTime: z.string(),
  paidTime: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const productIdBody = z.object({ id: z.number().int().positive() });
export const alipayQueryBody = z.object({ outTradeNo: z.string().min(1).max(64) });

/** SPEC §3 Alipay order status response */
export const alipayOrderStatusSchema = z.object({
  status: z.enum(['TRADE_SUCCESS', 'TRADE_FINISHED', 'WAIT_BUYER_PAY', 'TRADE_CLOSED']),
  desc: z.string(),
  tradeNo: z.string().nullable(),
  outTradeNo: z.string(),
  totalAmount: z.string(),
});
export type AlipayOrderStatus = z.infer<typeof alipayOrderStatusSchema>;

/** /alipay/create_alipay_url: where the browser pays, and our order number */
export const alipayCheckoutSchema = z.object({ url: z.string(), orderId: z.string() });

/** The result pages ask about a payment `id` (our order number, or a card intent id). */
export const paymentQueryBody = z.object({ id: z.string().min(1).max(100) });

export const paymentStatusSchema = z.object({
  id: z.string(),
  /** our order number, when known */
  orderId: z.string().nullable(),
  /** the provider's words: TRADE_SUCCESS / WAIT_BUYER_PAY … (Alipay-type), SUCCEEDED … (card) */
  status: z.string(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** SPEC §7 /wallex/query_payment {payId}: the card intent id (or, with the sandbox, our order number) */
export const cardQueryBody = z.object({ payId: z.string().min(1).max(100) });

/** SPEC §7 /wallex/create_payment answer; `checkoutUrl` is set only by the sandbox provider */
export const cardPaymentSchema = z.object({
  id: z.string(),
  currency: z.string(),
  clientSecret: z.string(),
  orderId: z.string(),
  checkoutUrl: z.string().nullable(),
});
export type CardPayment = z.infer<typeof cardPaymentSchema>;

/** SPEC §3 card payment status response: SUCCEEDED once paid */
export const cardPaymentStatusSchema = z.object({ status: z.string(), orderID: z.string() });
export type CardPaymentStatus = z.infer<typeof cardPaymentStatusSchema>;
