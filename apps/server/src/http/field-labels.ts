import { API, type UiLanguage } from '@subtrans/contract';
import { BRIEF_ROUTE_FIELDS, VOICE_FIELDS, VOICE_LABELS } from './voice-field-labels.js';
import { FILE_LABELS, UPLOAD_LABELS } from './file-field-labels.js';
import { API_KEY_LABELS, API_KEY_ROUTE_FIELDS } from './api-key-field-labels.js';
import { FINISH_LABELS, FINISH_ROUTE_FIELDS } from './finish-field-labels.js';

type Label = Readonly<Record<UiLanguage, string>>;
const L = (zh: string, en: string, ja: string): Label => ({ zh, en, ja });

/**
 * What a request field is called, in each language. `{n}` is the position (from 1) of the list
 * item the field belongs to.
 */
const LABELS = {
  requestBody: L('请求内容', 'request body', 'リクエストの内容'),
  email: L('邮箱', 'email', 'メールアドレス'),
  password: L('密码', 'password', 'パスワード'),
  currentPassword: L('当前密码', 'current password', '現在のパスワード'),
  newPassword: L('新密码', 'new password', '新しいパスワード'),
  displayName: L('名称', 'name', '名前'),
  verificationCode: L('验证码', 'verification code', '認証コード'),
  sessionId: L('会话 ID', 'session id', 'セッション ID'),
  avatar: L('头像', 'avatar', 'アバター'),
  avatarFile: L('头像图片', 'avatar image', 'アバター画像'),
  uiLanguage: L('界面语言', 'language', '表示言語'),
  page: L('页码', 'page', 'ページ番号'),
  pageSize: L('每页条数', 'page size', '1 ページの件数'),
  managerFlag: L('管理员权限', 'manager flag', '管理者権限'),
  userId: L('用户 ID', 'user id', 'ユーザー ID'),
  wechatCode: L('微信授权码', 'WeChat authorization code', 'ログイン認可コード'),
  signInState: L('登录状态参数', 'sign-in state', 'ログイン状態パラメーター'),
  contactName: L('姓名', 'your name', 'お名前'),
  subject: L('主题', 'subject', '件名'),
  message: L('留言内容', 'message', 'お問い合わせ内容'),
  points: L('积分', 'number of points', 'ポイント'),
  pointsChange: L('积分数量', 'number of points', 'ポイント数'),
  note: L('备注', 'note', 'メモ'),
  expiresAt: L('到期时间', 'expiry', '有効期限'),
  texts: L('待翻译文本', 'list of texts', '翻訳するテキスト'),
  textAt: L('第 {n} 条待翻译文本', 'text {n}', '{n} 番目のテキスト'),
  targetLanguage: L('目标语言', 'target language', '翻訳先の言語'),
  sourceLanguage: L('源语言', 'source language', '翻訳元の言語'),
  spokenLanguage: L('音视频的语言', 'spoken language', '音声の言語'),
  engine: L('翻译引擎', 'translation engine', '翻訳エンジン'),
  bilingual: L('双语字幕选项', 'bilingual option', '対訳字幕の設定'),
  subtitleLayout: L('字幕形式', 'subtitle layout', '字幕の形式'),
  taskId: L('任务 ID', 'task id', 'タスク ID'),
  batchSize: L('每批行数', 'batch size', '1 回に翻訳する行数'),
  partChoice: L('部分翻译选项', 'part option', '一部だけ翻訳する設定'),
  partMaxPoints: L('部分翻译的积分上限', 'most points for the part', '一部翻訳のポイント上限'),
  exportFormat: L('导出格式', 'export format', 'エクスポート形式'),
  baseVersion: L('版本号', 'version', 'バージョン'),
  segmentChanges: L('字幕修改', 'list of line changes', '字幕の変更'),
  segmentChangeAt: L('第 {n} 项字幕修改', 'change {n}', '{n} 番目の変更'),
  segmentIdAt: L('第 {n} 项修改的字幕 ID', 'line id of change {n}', '{n} 番目の変更の字幕 ID'),
  originalTextAt: L('第 {n} 项修改的原文', 'original text of change {n}', '{n} 番目の変更の原文'),
  translatedTextAt: L('第 {n} 项修改的译文', 'translation of change {n}', '{n} 番目の変更の訳文'),
  startTimeAt: L('第 {n} 项修改的开始时间', 'start time of change {n}', '{n} 番目の変更の開始時間'),
  endTimeAt: L('第 {n} 项修改的结束时间', 'end time of change {n}', '{n} 番目の変更の終了時間'),
  segmentIds: L('要重新翻译的字幕', 'list of lines to translate again', '再翻訳する字幕'),
  segmentIdItem: L('第 {n} 个字幕 ID', 'line id {n}', '{n} 番目の字幕 ID'),
  newLines: L('新增的字幕', 'list of new lines', '追加する字幕'),
  newLineAt: L('第 {n} 个新增字幕', 'new line {n}', '{n} 番目の追加字幕'),
  newLineKeyAt: L('第 {n} 个新增字幕的临时 ID', 'key of new line {n}', '{n} 番目の追加字幕の仮 ID'),
  newLineAfterAt: L('第 {n} 个新增字幕的位置', 'place of new line {n}', '{n} 番目の追加字幕の位置'),
  newLineStartAt: L(
    '第 {n} 个新增字幕的开始时间',
    'start time of new line {n}',
    '{n} 番目の追加字幕の開始時間',
  ),
  newLineEndAt: L('第 {n} 个新增字幕的结束时间', 'end time of new line {n}', '{n} 番目の追加字幕の終了時間'),
  newLineOriginalAt: L(
    '第 {n} 个新增字幕的原文',
    'original text of new line {n}',
    '{n} 番目の追加字幕の原文',
  ),
  newLineTranslationAt: L(
    '第 {n} 个新增字幕的译文',
    'translation of new line {n}',
    '{n} 番目の追加字幕の訳文',
  ),
  removedLines: L('要删除的字幕', 'list of lines to delete', '削除する字幕'),
  removedLineAt: L('第 {n} 个要删除的字幕 ID', 'id of line to delete {n}', '{n} 番目の削除する字幕 ID'),
  timeMaps: L('时间调整', 'list of time changes', 'タイミング調整'),
  timeMapAt: L('第 {n} 个时间调整', 'time change {n}', '{n} 番目のタイミング調整'),
  timeMapOriginAt: L(
    '第 {n} 个时间调整的起点',
    'origin of time change {n}',
    '{n} 番目のタイミング調整の起点',
  ),
  timeMapFactorAt: L(
    '第 {n} 个时间调整的倍率',
    'factor of time change {n}',
    '{n} 番目のタイミング調整の倍率',
  ),
  timeMapToAt: L('第 {n} 个时间调整的目标', 'target of time change {n}', '{n} 番目のタイミング調整の移動先'),
  timeMapLinesAt: L('第 {n} 个时间调整的字幕', 'lines of time change {n}', '{n} 番目のタイミング調整の字幕'),
  timeMapLineAt: L(
    '时间调整的第 {n} 个字幕 ID',
    'line id {n} of a time change',
    'タイミング調整の {n} 番目の字幕 ID',
  ),
  productId: L('商品 ID', 'product id', '商品 ID'),
  orderNumber: L('订单号', 'order number', '注文番号'),
  paymentId: L('支付 ID', 'payment id', '支払い ID'),
  fileName: L('文件名', 'file name', 'ファイル名'),
  fileSize: L('文件大小', 'file size', 'ファイルサイズ'),
  fileType: L('文件类型', 'file type', 'ファイルの種類'),
  mediaType: L('媒体类型', 'media type', 'メディアの種類'),
  returnAddress: L('返回地址', 'return address', '戻り先のアドレス'),
  keepEngineBreaks: L('保留引擎换行选项', 'keep-engine-breaks option', 'エンジンの改行を保つ設定'),
  qualityLimits: L('质量限制', 'quality limits', '品質の制限'),
  cplLimit: L('每行字数', 'characters per line', '1 行の文字数'),
  linesLimit: L('每条行数', 'lines per subtitle', '1 字幕の行数'),
  cpsLimit: L('每秒字数', 'characters per second', '1 秒あたりの文字数'),
  minDurationLimit: L('最短显示时间', 'minimum duration', '最短表示時間'),
  maxDurationLimit: L('最长显示时间', 'maximum duration', '最長表示時間'),
  glossaryId: L('术语表 ID', 'glossary id', '用語集 ID'),
  glossaryName: L('术语表名称', 'glossary name', '用語集の名前'),
  glossaryEntries: L('术语列表', 'list of terms', '用語の一覧'),
  entrySourceAt: L('第 {n} 条术语的原文', 'source of term {n}', '{n} 番目の用語の原文'),
  entryTargetAt: L('第 {n} 条术语的译文', 'translation of term {n}', '{n} 番目の用語の訳語'),
  entryNoteAt: L('第 {n} 条术语的备注', 'note of term {n}', '{n} 番目の用語のメモ'),
  entryKeepAt: L(
    '第 {n} 条术语的保留原文选项',
    'keep-as-is option of term {n}',
    '{n} 番目の用語の原文のまま設定',
  ),
  entryCaseAt: L(
    '第 {n} 条术语的区分大小写选项',
    'case-sensitive option of term {n}',
    '{n} 番目の用語の大文字小文字の区別設定',
  ),
  glossaryFileFormat: L('文件格式', 'file format', 'ファイル形式'),
  glossaryFileText: L('文件内容', 'file content', 'ファイルの内容'),
  importMode: L('导入方式', 'import mode', '取り込み方法'),
  seriesKey: L('系列 ID', 'series id', 'シリーズ ID'),
  seriesName: L('系列名称', 'series name', 'シリーズ名'),
  seriesMemory: L('系列记忆', 'series memory', 'シリーズの記憶'),
  memoryCharacters: L('人物列表', 'list of characters', '登場人物の一覧'),
  ...VOICE_LABELS,
  ...FILE_LABELS,
  ...UPLOAD_LABELS,
  ...API_KEY_LABELS,
  ...FINISH_LABELS,
} as const satisfies Record<string, Label>;

type LabelKey = keyof typeof LABELS;
type Fields = Readonly<Record<string, LabelKey>>;

const PAGE: Fields = { page: 'page', size: 'pageSize' };
const TASK_ID: Fields = { taskId: 'taskId' };
const MEDIA_CHOICES: Fields = {
  sourceLau: 'spokenLanguage',
  targetLau: 'targetLanguage',
  both: 'subtitleLayout',
  transEngin: 'engine',
  translationService: 'engine',
  keepEngineBreaks: 'keepEngineBreaks',
};
const ENTRY_FIELDS: Fields = {
  'entries.*.source': 'entrySourceAt',
  'entries.*.target': 'entryTargetAt',
  'entries.*.note': 'entryNoteAt',
  'entries.*.keep': 'entryKeepAt',
  'entries.*.caseSensitive': 'entryCaseAt',
};
/** /task/start and /task/translate_rest (issue 34: `part` translates what the balance covers) */
const PART_START: Fields = {
  id: 'taskId',
  batchSize: 'batchSize',
  part: 'partChoice',
  'part.maxPoints': 'partMaxPoints',
};
const TRANSLATE: Fields = {
  texts: 'texts',
  'texts.*': 'textAt',
  targetLanguage: 'targetLanguage',
  sourceLanguage: 'sourceLanguage',
};

/**
 * Each call's fields (list items as `*`). The same name means different things in different
 * calls (`id` is a user, a task, a product or a payment; `size` a page size or a file size), so
 * a label is found by the call first.
 */
const ROUTE_FIELDS: Readonly<Record<string, Fields>> = {
  [API.emailAuth]: { email: 'email', pass: 'password' },
  [API.sendCode]: { email: 'email' },
  [API.register]: { email: 'email', name: 'displayName', pass: 'password', code: 'verificationCode' },
  [API.profile]: { user_sessionid: 'sessionId' },
  [API.updateProfile]: { name: 'displayName', pic: 'avatar', language: 'uiLanguage' },
  [API.closeAccount]: { pass: 'password' },
  [API.sendResetCode]: { email: 'email' },
  [API.resetPassword]: { email: 'email', code: 'verificationCode', pass: 'newPassword' },
  [API.changePassword]: { pass: 'currentPassword', newPass: 'newPassword' },
  [API.sendEmailCode]: { email: 'email' },
  [API.setEmail]: { email: 'email', code: 'verificationCode' },
  [API.allUsers]: PAGE,
  [API.createUser]: {
    email: 'email',
    name: 'displayName',
    pass: 'password',
    pic: 'avatar',
    manager: 'managerFlag',
  },
  [API.deleteUser]: { id: 'userId' },
  [API.uploadAvatar]: { avatar: 'avatarFile' },
  [API.wechatLogin]: { code: 'wechatCode', state: 'signInState' },
  [API.googleAuth]: { redirect_uri: 'returnAddress' },
  [API.contactSubmit]: { name: 'contactName', email: 'email', subject: 'subject', message: 'message' },
  [API.decrPoint]: { points: 'points' },
  [API.pointHistory]: PAGE,
  [API.grantPoints]: { userId: 'userId', points: 'pointsChange', note: 'note', expiresAt: 'expiresAt' },
  [API.translate]: TRANSLATE,
  [API.deepseekTranslate]: TRANSLATE,
  [API.taskCreate]: {
    file: 'srtFile',
    encoding: 'fileEncoding',
    frameRate: 'frameRate',
    originalLanguage: 'sourceLanguage',
    targetLanguage: 'targetLanguage',
    translationService: 'engine',
    includeOriginalText: 'bilingual',
    keepEngineBreaks: 'keepEngineBreaks',
    ...VOICE_FIELDS,
  },
  [API.taskList]: PAGE,
  [API.taskGet]: { id: 'taskId' },
  [API.taskLines]: { id: 'taskId' },
  [API.taskDelete]: { id: 'taskId' },
  [API.taskStart]: PART_START,
  [API.taskTranslateRest]: PART_START,
  [API.taskPartQuote]: { id: 'taskId' },
  [API.taskExport]: {
    id: 'taskId',
    format: 'exportFormat',
    includeOriginal: 'bilingual',
    originalFirst: 'originalFirst',
    originalScale: 'originalScale',
  },
  [API.taskUpdateSegments]: {
    taskId: 'taskId',
    baseVersion: 'baseVersion',
    segments: 'segmentChanges',
    'segments.*': 'segmentChangeAt',
    'segments.*.id': 'segmentIdAt',
    'segments.*.originalText': 'originalTextAt',
    'segments.*.translatedText': 'translatedTextAt',
    'segments.*.startTime': 'startTimeAt',
    'segments.*.endTime': 'endTimeAt',
    insert: 'newLines',
    'insert.*': 'newLineAt',
    'insert.*.key': 'newLineKeyAt',
    'insert.*.after': 'newLineAfterAt',
    'insert.*.startTime': 'newLineStartAt',
    'insert.*.endTime': 'newLineEndAt',
    'insert.*.originalText': 'newLineOriginalAt',
    'insert.*.translatedText': 'newLineTranslationAt',
    remove: 'removedLines',
    'remove.*': 'removedLineAt',
    retime: 'timeMaps',
    'retime.*': 'timeMapAt',
    'retime.*.origin': 'timeMapOriginAt',
    'retime.*.factor': 'timeMapFactorAt',
    'retime.*.to': 'timeMapToAt',
    'retime.*.lines': 'timeMapLinesAt',
    'retime.*.lines.*': 'timeMapLineAt',
  },
  [API.taskRetranslate]: {
    taskId: 'taskId',
    segmentIds: 'segmentIds',
    'segmentIds.*': 'segmentIdItem',
    baseVersion: 'baseVersion',
  },
  [API.alipayCreate]: { id: 'productId' },
  [API.wallexCreate]: { id: 'productId' },
  [API.alipayQuery]: { outTradeNo: 'orderNumber' },
  [API.paymentQuery]: { id: 'paymentId' },
  [API.wallexQuery]: { payId: 'paymentId' },
  [API.orderList]: PAGE,
  [API.fileStartUpload]: {
    fileName: 'fileName',
    size: 'fileSize',
    contentType: 'fileType',
    type: 'mediaType',
  },
  [API.fileUploadParts]: {
    uploadId: 'uploadId',
    partNumbers: 'partNumbers',
    'partNumbers.*': 'partNumberItem',
  },
  [API.fileCompleteUpload]: {
    uploadId: 'uploadId',
    parts: 'parts',
    'parts.*': 'partAt',
    'parts.*.partNumber': 'partNumberOf',
    'parts.*.etag': 'partEtagOf',
  },
  [API.fileAbortUpload]: { uploadId: 'uploadId' },
  [API.fileDownloadUrl]: { objectKey: 'objectKey', taskId: 'taskId' },
  [API.fileSubmitCheck]: { objectKey: 'objectKey', type: 'mediaType', ...MEDIA_CHOICES, ...VOICE_FIELDS },
  [API.fileCheck]: TASK_ID,
  [API.fileSubmitExecute]: {
    taskId: 'taskId',
    batchSize: 'batchSize',
    keepEngineBreaks: 'keepEngineBreaks',
    part: 'partChoice',
    'part.maxPoints': 'partMaxPoints',
    ...MEDIA_CHOICES,
    ...VOICE_FIELDS,
  },
  [API.qualityGet]: { target: 'targetLanguage' },
  [API.qualitySave]: {
    target: 'targetLanguage',
    overrides: 'qualityLimits',
    'overrides.cpl': 'cplLimit',
    'overrides.lines': 'linesLimit',
    'overrides.cps': 'cpsLimit',
    'overrides.minDurationMs': 'minDurationLimit',
    'overrides.maxDurationMs': 'maxDurationLimit',
  },
  [API.fileCheckExecute]: TASK_ID,
  [API.fileOverview]: TASK_ID,
  [API.fileAttachMedia]: { taskId: 'taskId', objectKey: 'objectKey' },
  [API.glossaryGet]: { id: 'glossaryId' },
  [API.glossaryDelete]: { id: 'glossaryId' },
  [API.glossarySave]: {
    id: 'glossaryId',
    name: 'glossaryName',
    sourceLanguage: 'sourceLanguage',
    targetLanguage: 'targetLanguage',
    entries: 'glossaryEntries',
    ...ENTRY_FIELDS,
  },
  [API.glossaryImport]: {
    id: 'glossaryId',
    name: 'glossaryName',
    sourceLanguage: 'sourceLanguage',
    targetLanguage: 'targetLanguage',
    format: 'glossaryFileFormat',
    text: 'glossaryFileText',
    mode: 'importMode',
  },
  [API.glossaryExport]: { id: 'glossaryId', format: 'glossaryFileFormat' },
  [API.seriesGet]: { id: 'seriesKey' },
  [API.seriesDelete]: { id: 'seriesKey' },
  [API.seriesSave]: {
    id: 'seriesKey',
    name: 'seriesName',
    sourceLanguage: 'sourceLanguage',
    targetLanguage: 'targetLanguage',
    memory: 'seriesMemory',
    'memory.characters': 'memoryCharacters',
    'memory.characters.*.name': 'characterNameAt',
    'memory.characters.*.target': 'characterTargetAt',
    'memory.characters.*.gender': 'characterGenderAt',
    'memory.characters.*.address': 'characterAddressAt',
    'memory.terms': 'glossaryEntries',
    'memory.terms.*.source': 'entrySourceAt',
    'memory.terms.*.target': 'entryTargetAt',
    'memory.terms.*.note': 'entryNoteAt',
  },
  [API.taskReapply]: { id: 'taskId' },
  ...BRIEF_ROUTE_FIELDS,
  ...(API_KEY_ROUTE_FIELDS as Readonly<Record<string, Fields>>),
  ...(FINISH_ROUTE_FIELDS as Readonly<Record<string, Fields>>),
};

/** The path with list positions as `*`, and the last position (from 1) for `{n}`. */
function normalise(path: readonly (string | number)[]): { key: string; n: number | null } {
  let n: number | null = null;
  const key = path
    .map((part) => {
      if (typeof part === 'number') {
        n = part + 1;
        return '*';
      }
      return part;
    })
    .join('.');
  return { key, n };
}

/**
 * What the field at `path` of the call `route` is called in `lang`: the call's own label, else
 * the field's key as it is (every field of every call has a label: http/validation-messages.int.test.ts).
 */
export function fieldLabel(route: string, path: readonly (string | number)[], lang: UiLanguage): string {
  if (path.length === 0) return LABELS.requestBody[lang];
  const { key, n } = normalise(path);
  const found = ROUTE_FIELDS[route]?.[key];
  if (!found) return key;
  return LABELS[found][lang].replace('{n}', String(n ?? ''));
}

/** Whether the call has its own label for the field (the test that walks every call asks). */
export function hasFieldLabel(route: string, path: readonly (string | number)[]): boolean {
  return path.length === 0 || Boolean(ROUTE_FIELDS[route]?.[normalise(path).key]);
}
