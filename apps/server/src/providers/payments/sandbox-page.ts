import { HTML_LANG, type UiLanguage } from '@subtrans/contract';
import { escapeHtml } from '../../http/html.js';
import { SANDBOX_PAGE_TEXTS } from './sandbox-page.texts.js';

/** What the sandbox checkout page shows of an order. */
export interface SandboxCheckoutOrder {
  orderNo: string;
  currency: string;
  /** the amount as money(): two decimals */
  amount: string;
  points: number;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#222}
.badge{display:inline-block;background:#fff3cd;color:#7a5b00;border:1px solid #f0d27a;border-radius:4px;padding:2px 8px;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#666}button{font-size:16px;padding:10px 18px;margin-right:12px;cursor:pointer}
.pay{background:#1677ff;color:#fff;border:0;border-radius:6px}.no{background:#fff;border:1px solid #ccc;border-radius:6px}`;

/**
 * The sandbox provider's checkout page (it stands for a real provider's own page): the order, a
 * TEST MODE badge, and two plain forms that approve or decline the payment.
 */
export function sandboxCheckoutPage(lang: UiLanguage, order: SandboxCheckoutOrder): string {
  const text = SANDBOX_PAGE_TEXTS[lang];
  const no = escapeHtml(order.orderNo);
  const symbol = order.currency === 'CNY' ? '¥' : '$';
  return `<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${text.title}</title>
<style>${STYLE}</style></head>
<body><main><h1>${text.title}</h1><p><span class="badge" data-testid="sandbox-test-mode">TEST MODE</span> ${text.note}</p>
<dl><dt>${text.order}</dt><dd data-testid="sandbox-order">${no}</dd><dt>${text.amount}</dt><dd data-testid="sandbox-amount">${symbol}${order.amount}</dd>
<dt>${text.points}</dt><dd>${order.points}</dd></dl>
<form method="post" action="/sandbox/checkout/${no}/approve" style="display:inline"><button class="pay" data-testid="sandbox-approve">${text.approve}</button></form>
<form method="post" action="/sandbox/checkout/${no}/decline" style="display:inline"><button class="no" data-testid="sandbox-decline">${text.decline}</button></form>
</main></body></html>`;
}
