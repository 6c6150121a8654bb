import { API, type UiLanguage } from '@subtrans/contract';

type Label = Readonly<Record<UiLanguage, string>>;
const L = (zh: string, en: string, ja: string): Label => ({ zh, en, ja });

/**
 * The labels of issue 40's calls' fields (the burned-in video, review links), taken in by
 * field-labels.ts.
 */
export const FINISH_LABELS = {
  renderStyle: L('字幕样式', 'subtitle style', '字幕のスタイル'),
  renderFont: L('字体', 'font', 'フォント'),
  renderSize: L('字号', 'text size', '文字の大きさ'),
  renderColour: L('文字颜色', 'text colour', '文字の色'),
  renderBackground: L('描边或底框', 'outline or box', '縁取りまたは背景'),
  renderPosition: L('字幕位置', 'subtitle position', '字幕の位置'),
  renderBilingual: L('双语样式选项', 'bilingual style option', '対訳表示の設定'),
  renderResolution: L('分辨率', 'resolution', '解像度'),
  segmentId: L('字幕行 ID', 'line id', '字幕行 ID'),
  reviewAccess: L('链接权限', 'link access', 'リンクの権限'),
  reviewExpiry: L('有效天数', 'days valid', '有効日数'),
  reviewLinkId: L('审阅链接 ID', 'review link id', 'レビューリンク ID'),
  reviewToken: L('审阅链接', 'review link', 'レビューリンク'),
  reviewCommentId: L('评论 ID', 'comment id', 'コメント ID'),
  reviewComment: L('评论内容', 'comment', 'コメント'),
  reviewerName: L('您的名字', 'your name', 'お名前'),
  reviewResolved: L('已解决', 'resolved', '解決済み'),
  reviewApproved: L('已通过', 'approved', '承認済み'),
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
export const FINISH_ROUTE_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [API.taskRenderState]: { id: 'taskId' },
  [API.taskRenderDownload]: { id: 'taskId' },
  [API.taskRender]: { id: 'taskId', ...STYLE },
  [API.taskRenderPreview]: { id: 'taskId', ...STYLE, segmentId: 'segmentId' },
  [API.taskReviewLinks]: { id: 'taskId' },
  [API.taskReviewComments]: { id: 'taskId' },
  [API.taskReviewLinkCreate]: { id: 'taskId', access: 'reviewAccess', expiresInDays: 'reviewExpiry' },
  [API.taskReviewLinkRevoke]: { id: 'taskId', linkId: 'reviewLinkId' },
  [API.taskReviewAnswer]: { id: 'taskId', commentId: 'reviewCommentId', body: 'reviewComment' },
  [API.taskReviewResolve]: { id: 'taskId', commentId: 'reviewCommentId', resolved: 'reviewResolved' },
  [API.taskReviewApprove]: { id: 'taskId', approved: 'reviewApproved' },
  [API.reviewOpen]: { token: 'reviewToken' },
  [API.reviewComment]: {
    token: 'reviewToken',
    segmentId: 'segmentId',
    name: 'reviewerName',
    body: 'reviewComment',
  },
};
