import { BRIEF_CALLS, GLOSSARY_CALLS, VOICE } from './voice-field-labels.js';

/**
 * What each field of each call must be called, in Chinese and English: validation-messages.int.test.ts's own truth (a
 * new call or field fails here until it has its labels). List items are at position 1.
 */
const PAGE = { page: ['页码', 'page'], size: ['每页条数', 'page size'] };
const PART_START = {
  id: ['任务 ID', 'task id'],
  batchSize: ['每批行数', 'batch size'],
  part: ['部分翻译选项', 'part option'],
  'part.maxPoints': ['部分翻译的积分上限', 'most points for the part'],
};
const MEDIA = {
  sourceLau: ['音视频的语言', 'spoken language'],
  targetLau: ['目标语言', 'target language'],
  both: ['字幕形式', 'subtitle layout'],
  transEngin: ['翻译引擎', 'translation engine'],
  translationService: ['翻译引擎', 'translation engine'],
};
const TRANSLATE = {
  texts: ['待翻译文本', 'list of texts'],
  'texts.*': ['第 1 条待翻译文本', 'text 1'],
  targetLanguage: ['目标语言', 'target language'],
  sourceLanguage: ['源语言', 'source language'],
};
export const EXPECTED: Record<string, Record<string, string[]>> = {
  '/email/auth': { email: ['邮箱', 'email'], pass: ['密码', 'password'] },
  '/user/send_code': { email: ['邮箱', 'email'] },
  '/user/register': {
    email: ['邮箱', 'email'],
    name: ['名称', 'name'],
    pass: ['密码', 'password'],
    code: ['验证码', 'verification code'],
  },
  '/user/profile': { user_sessionid: ['会话 ID', 'session id'] },
  '/user/update_profile': {
    name: ['名称', 'name'],
    pic: ['头像', 'avatar'],
    language: ['界面语言', 'language'],
  },
  '/user/close_account': { pass: ['密码', 'password'] },
  '/user/send_reset_code': { email: ['邮箱', 'email'] },
  '/user/reset_password': {
    email: ['邮箱', 'email'],
    code: ['验证码', 'verification code'],
    pass: ['新密码', 'new password'],
  },
  '/user/change_password': { pass: ['当前密码', 'current password'], newPass: ['新密码', 'new password'] },
  '/user/send_email_code': { email: ['邮箱', 'email'] },
  '/user/set_email': { email: ['邮箱', 'email'], code: ['验证码', 'verification code'] },
  '/user/all_users': PAGE,
  '/user/create_user': {
    email: ['邮箱', 'email'],
    name: ['名称', 'name'],
    pass: ['密码', 'password'],
    pic: ['头像', 'avatar'],
    manager: ['管理员权限', 'manager flag'],
  },
  '/user/delete_user': { id: ['用户 ID', 'user id'] },
  '/user/wechat_login': {
    code: ['微信授权码', 'WeChat authorization code'],
    state: ['登录状态参数', 'sign-in state'],
  },
  '/contact/submit': {
    name: ['姓名', 'your name'],
    email: ['邮箱', 'email'],
    subject: ['主题', 'subject'],
    message: ['留言内容', 'message'],
  },
  '/user/decr_point': { points: ['积分', 'number of points'] },
  '/user/point_history': PAGE,
  '/user/grant_points': {
    userId: ['用户 ID', 'user id'],
    points: ['积分数量', 'number of points'],
    note: ['备注', 'note'],
    expiresAt: ['到期时间', 'expiry'],
  },
  '/translation/translate': TRANSLATE,
  '/translation/deepseek_translate': TRANSLATE,
  '/task/create': {
    originalLanguage: ['源语言', 'source language'],
    targetLanguage: ['目标语言', 'target language'],
    translationService: ['翻译引擎', 'translation engine'],
    includeOriginalText: ['双语字幕选项', 'bilingual option'],
    keepEngineBreaks: ['保留引擎换行选项', 'keep-engine-breaks option'],
  },
  '/task/list': PAGE,
  '/task/get': { id: ['任务 ID', 'task id'] },
  '/task/lines': { id: ['任务 ID', 'task id'] },
  '/task/delete': { id: ['任务 ID', 'task id'] },
  '/task/start': PART_START,
  '/task/translate_rest': PART_START,
  '/task/part_quote': { id: ['任务 ID', 'task id'] },
  '/task/export': {
    id: ['任务 ID', 'task id'],
    format: ['导出格式', 'export format'],
    includeOriginal: ['双语字幕选项', 'bilingual option'],
    originalFirst: ['原文在上选项', 'original-first option'],
  },
  '/task/update_segments': {
    taskId: ['任务 ID', 'task id'],
    baseVersion: ['版本号', 'version'],
    segments: ['字幕修改', 'list of line changes'],
    'segments.*.id': ['第 1 项修改的字幕 ID', 'line id of change 1'],
    'segments.*.originalText': ['第 1 项修改的原文', 'original text of change 1'],
    'segments.*.translatedText': ['第 1 项修改的译文', 'translation of change 1'],
    'segments.*.startTime': ['第 1 项修改的开始时间', 'start time of change 1'],
    'segments.*.endTime': ['第 1 项修改的结束时间', 'end time of change 1'],
  },
  '/task/retranslate': {
    taskId: ['任务 ID', 'task id'],
    segmentIds: ['要重新翻译的字幕', 'list of lines to translate again'],
    'segmentIds.*': ['第 1 个字幕 ID', 'line id 1'],
    baseVersion: ['版本号', 'version'],
  },
  '/alipay/create_alipay_url': { id: ['商品 ID', 'product id'] },
  '/wallex/create_payment': { id: ['商品 ID', 'product id'] },
  '/alipay/query_order': { outTradeNo: ['订单号', 'order number'] },
  '/payment/query': { id: ['支付 ID', 'payment id'] },
  '/wallex/query_payment': { payId: ['支付 ID', 'payment id'] },
  '/order/query_order_list': PAGE,
  '/file/sts-credentials': {
    fileName: ['文件名', 'file name'],
    size: ['文件大小', 'file size'],
    contentType: ['文件类型', 'file type'],
    type: ['媒体类型', 'media type'],
  },
  '/file/upload_parts': {
    uploadId: ['上传 ID', 'upload id'],
    partNumbers: ['分片编号', 'list of part numbers'],
    'partNumbers.*': ['第 1 个分片编号', 'part number 1'],
  },
  '/file/complete_upload': {
    uploadId: ['上传 ID', 'upload id'],
    parts: ['分片列表', 'list of parts'],
    'parts.*.partNumber': ['第 1 个分片的编号', 'number of part 1'],
    'parts.*.etag': ['第 1 个分片的校验值', 'ETag of part 1'],
  },
  '/file/abort_upload': { uploadId: ['上传 ID', 'upload id'] },
  '/file/sts-down-credentials': { objectKey: ['文件路径', 'object key'], taskId: ['任务 ID', 'task id'] },
  '/file/submit_check_task': {
    objectKey: ['文件路径', 'object key'],
    type: ['媒体类型', 'media type'],
    keepEngineBreaks: ['保留引擎换行选项', 'keep-engine-breaks option'],
    part: PART_START.part,
    'part.maxPoints': PART_START['part.maxPoints'],
    ...MEDIA,
  },
  '/file/check_task': { taskId: ['任务 ID', 'task id'] },
  '/file/submit_execute_task': {
    taskId: ['任务 ID', 'task id'],
    batchSize: ['每批行数', 'batch size'],
    keepEngineBreaks: ['保留引擎换行选项', 'keep-engine-breaks option'],
    part: PART_START.part,
    'part.maxPoints': PART_START['part.maxPoints'],
    ...MEDIA,
  },
  '/file/check_execute_task': { taskId: ['任务 ID', 'task id'] },
  ...BRIEF_CALLS,
  '/quality/get': { target: ['目标语言', 'target language'] },
  '/quality/save': {
    target: ['目标语言', 'target language'],
    overrides: ['质量限制', 'quality limits'],
    'overrides.cpl': ['每行字数', 'characters per line'],
    'overrides.lines': ['每条行数', 'lines per subtitle'],
    'overrides.cps': ['每秒字数', 'characters per second'],
    'overrides.minDurationMs': ['最短显示时间', 'minimum duration'],
    'overrides.maxDurationMs': ['最长显示时间', 'maximum duration'],
  },
  ...GLOSSARY_CALLS,
};

for (const call of ['/task/create', '/file/submit_check_task', '/file/submit_execute_task'])
  Object.assign(EXPECTED[call]!, VOICE);
