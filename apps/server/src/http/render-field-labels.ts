import { API, type UiLanguage } from '@subtrans/contract';

type Label = Readonly<Record<UiLanguage, string>>;
const L = (zh: string, en: string, ja: string): Label => ({ zh, en, ja });

/** The labels of the burned-in video calls' fields (issue 40), taken in by field-labels.ts. */
export const RENDER_LABELS = {
  renderStyle: L('字幕样式', 'subtitle style', '字幕のスタイル'),
  renderFont: L('字体', 'font', 'フォント'),
  renderSize: L('字号', 'text size', '文字の大きさ'),
  renderColour: L('文字颜色', 'text colour', '文字の色'),
  renderBackground: L('描边或底框', 'outline or box', '縁取りまたは背景'),
  renderPosition: L('字幕位置', 'subtitle position', '字幕の位置'),
  renderBilingual: L('双语样式选项', 'bilingual style option', '対訳表示の設定'),
  renderResolution: L('分辨率', 'resolution', '解像度'),
  segmentId: L('字幕行 ID', 'line id', '字幕行 ID'),
} as const satisfies Record<string, Label>;

const STYLE = {
  style: 'renderStyle',
  'style.font': 'renderFont',
  'style.size': 'renderSize',
  'style.colour': 'renderColour',
  'style.background': 'renderBackground',
  'style.position': 'renderPosition',
  'style.bilingual': 'renderBilingual',
  resolution: 'renderResolution',
} as const;

/** Issue 40's calls' fields: by this file's labels, or by field-labels.ts's (the task's id). */
export const RENDER_ROUTE_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [API.taskRenderState]: { id: 'taskId' },
  [API.taskRenderDownload]: { id: 'taskId' },
  [API.taskRender]: { id: 'taskId', ...STYLE },
  [API.taskRenderPreview]: { id: 'taskId', ...STYLE, segmentId: 'segmentId' },
};
