import { API, type UiLanguage } from '@subtrans/contract';

type Label = Readonly<Record<UiLanguage, string>>;
const L = (zh: string, en: string, ja: string): Label => ({ zh, en, ja });

/** The labels of the API key and webhook calls' fields (issue 39), taken in by field-labels.ts. */
export const API_KEY_LABELS = {
  apiKeyName: L('密钥名称', 'key name', 'キーの名前'),
  apiKeyScope: L('密钥权限', 'key scope', 'キーの権限'),
  apiKeyId: L('密钥 ID', 'key id', 'キー ID'),
  webhookUrl: L('回调地址', 'webhook address', '通知先のアドレス'),
} as const satisfies Record<string, Label>;

export const API_KEY_ROUTE_FIELDS: Readonly<
  Record<string, Readonly<Record<string, keyof typeof API_KEY_LABELS>>>
> = {
  [API.apiKeyCreate]: { name: 'apiKeyName', scope: 'apiKeyScope' },
  [API.apiKeyRevoke]: { id: 'apiKeyId' },
  [API.webhookSet]: { url: 'webhookUrl' },
};
