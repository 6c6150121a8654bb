import type { UiLanguage } from '@subtrans/contract';

/**
 * The sandbox checkout page's words in each interface language (server-side only; they can join
 * the shared locales once those are a package both apps read).
 */
export interface SandboxPageTexts {
  title: string;
  note: string;
  order: string;
  amount: string;
  points: string;
  approve: string;
  decline: string;
}

const zh: SandboxPageTexts = {
  title: '测试支付（沙盒）',
  note: '这是测试模式：不会产生真实扣款。',
  order: '订单号',
  amount: '金额',
  points: '积分',
  approve: '确认支付',
  decline: '拒绝支付',
};

const en: SandboxPageTexts = {
  title: 'Test payment (sandbox)',
  note: 'This is test mode: no real money is charged.',
  order: 'Order number',
  amount: 'Amount',
  points: 'Points',
  approve: 'Approve payment',
  decline: 'Decline payment',
};

const ja: SandboxPageTexts = {
  title: 'テスト決済（サンドボックス）',
  note: 'これはテストモードです。実際の請求は発生しません。',
  order: '注文番号',
  amount: '金額',
  points: 'ポイント',
  approve: '支払いを承認',
  decline: '支払いを拒否',
};

export const SANDBOX_PAGE_TEXTS: Record<UiLanguage, SandboxPageTexts> = { zh, en, ja };
