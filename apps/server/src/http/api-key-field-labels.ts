import { API, type UiLanguage } from '@subtrans/contract';
import { VOICE_FIELDS } from './voice-field-labels.js';

type Label = Readonly<Record<UiLanguage, string>>;
const L = (zh: string, en: string, ja: string): Label => ({ zh, en, ja });

/** The labels of the API key and webhook calls' fields (issue 39), taken in by field-labels.ts. */
export const API_KEY_LABELS = {
  apiKeyName: L('密钥名称', 'key name', 'キーの名前'),
  apiKeyScope: L('密钥权限', 'key scope', 'キーの権限'),
  apiKeyId: L('密钥 ID', 'key id', 'キー ID'),
  webhookUrl: L('回调地址', 'webhook address', '通知先のアドレス'),
  batchName: L('批量任务名称', 'batch name', 'バッチの名前'),
  srtFiles: L('字幕文件', 'subtitle files', '字幕ファイル'),
  targetLanguages: L('目标语言', 'target languages', '翻訳先の言語'),
  batchId: L('批量任务 ID', 'batch id', 'バッチ ID'),
  exportFormats: L('导出格式', 'export formats', 'エクスポート形式'),
} as const satisfies Record<string, Label>;

/**
 * Issue 39's calls' fields: by this file's labels, or by field-labels.ts's (a batch's task options,
 * named as /task/create names them); every one is checked by http/validation-messages.int.test.ts.
 */
export const API_KEY_ROUTE_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [API.apiKeyCreate]: { name: 'apiKeyName', scope: 'apiKeyScope' },
  [API.apiKeyRevoke]: { id: 'apiKeyId' },
  [API.webhookSet]: { url: 'webhookUrl' },
  [API.batchCreate]: {
    files: 'srtFiles',
    name: 'batchName',
    targetLanguages: 'targetLanguages',
    encoding: 'fileEncoding',
    frameRate: 'frameRate',
    originalLanguage: 'sourceLanguage',
    translationService: 'engine',
    includeOriginalText: 'bilingual',
    keepEngineBreaks: 'keepEngineBreaks',
    ...VOICE_FIELDS,
  },
  [API.batchGet]: { id: 'batchId' },
  [API.batchExport]: {
    id: 'batchId',
    formats: 'exportFormats',
    'formats.*': 'exportFormats',
    includeOriginal: 'bilingual',
  },
};
