/** What our side asks of a payment provider (Alipay, Airwallex, or the sandbox). */
export interface CheckoutRequest {
  orderNo: string;
  /** major units with 2 decimals, e.g. "45.00" */
  amount: string;
  currency: 'CNY' | 'USD';
  subject: string;
  /** where the browser comes back after paying */
  returnUrl: string;
}

export interface ProviderPayment {
  /** the provider's own verdict */
  state: 'paid' | 'waiting' | 'closed';
  /** as the provider reports it, for the status answer */
  rawStatus: string;
  amount: string | null;
  currency: string | null;
  providerRef: string | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'alipay' | 'airwallex';
  /** asks the provider about an order (for a lost notification, or the result pages) */
  queryPayment(order: { orderNo: string; providerRef: string | null }): Promise<ProviderPayment | null>;
}

/** A provider whose checkout is a page the browser opens (Alipay, the sandbox). */
export interface CheckoutProvider extends PaymentProvider {
  createCheckout(req: CheckoutRequest): Promise<{ url: string }>;
}
