import { def, type ErrorDef, type UiLanguage } from './error-def.js';
import { ACCOUNT_ERRORS } from './account-errors.js';
import { FAULT_ERRORS } from './fault-errors.js';
import { FORM_ERRORS } from './form-errors.js';
import { SITE_ERRORS } from './site-errors.js';
import { STORAGE_ERRORS } from './storage-errors.js';
import { TASK_LIMIT_ERRORS } from './task-limit-errors.js';
import { SUBTITLE_FILE_ERRORS } from './subtitle-file-errors.js';
import { PART_ERRORS } from './part-errors.js';
import { STRUCTURE_ERRORS } from './structure-errors.js';
import { VOICE_ERRORS } from './voice-errors.js';
import { MEDIA_ATTACH_ERRORS } from './media-attach-errors.js';
import { API_KEY_ERRORS } from './api-key-errors.js';
import { RENDER_ERRORS } from './render-errors.js';
import { REVIEW_ERRORS } from './review-errors.js';

export type { UiLanguage };

/**
 * Stable error codes for every non-success outcome. The code is the contract; the HTTP status and
 * the messages may be refined, the code never changes meaning. Each domain's errors are in a file
 * of their own beside this one (`*-errors.ts`: task limits, storage, site and payment channels,
 * accounts, faults, voice, forms, parts, structure, subtitle files, attached media, API keys,
 * renders, reviews); the general ones are here.
 */
export const ErrorCodes = {
  ...STORAGE_ERRORS,
  ...SITE_ERRORS,
  ...FAULT_ERRORS,
  ...FORM_ERRORS,
  ...ACCOUNT_ERRORS,
  ...VOICE_ERRORS,
  ...PART_ERRORS,
  ...STRUCTURE_ERRORS,
  ...MEDIA_ATTACH_ERRORS,
  ...API_KEY_ERRORS,
  ...RENDER_ERRORS,
  ...REVIEW_ERRORS,
  VALIDATION: def(40000, 400, '请求参数有误', 'Invalid request', 'リクエストが正しくありません'),
  BAD_JSON: def(
    40001,
    400,
    '请求体不是有效的 JSON',
    'The request body is not valid JSON',
    'リクエスト本文が正しい JSON ではありません',
  ),
  UNAUTHENTICATED: def(
    40100,
    401,
    '用户会话不存在，请重新登录',
    'User session not found, please log in again',
    'ユーザーセッションが見つかりません。もう一度ログインしてください',
  ),
  LOGIN_FAILED: def(
    40101,
    401,
    '邮箱或密码错误',
    'Incorrect email or password',
    'メールアドレスまたはパスワードが正しくありません',
  ),
  MANAGER_ONLY: def(
    40300,
    403,
    '只有管理员用户可以使用此功能',
    'Only administrator users may use this function',
    'この機能は管理者ユーザーのみ利用できます',
  ),
  CSRF: def(
    40301,
    403,
    '请求来源不受信任，请刷新页面后重试',
    'Request origin not allowed; reload the page and try again',
    'リクエスト元が許可されていません。ページを再読み込みしてください',
  ),
  CANNOT_DELETE_SELF: def(
    40302,
    403,
    '不能删除自己的账号',
    'You cannot delete your own account here',
    '自分のアカウントはここでは削除できません',
  ),
  NOT_FOUND: def(40400, 404, '接口不存在', 'No such call', '存在しない API です'),
  USER_NOT_FOUND: def(40401, 404, '用户不存在', 'User not found', 'ユーザーが存在しません'),
  METHOD_NOT_ALLOWED: def(
    40500,
    405,
    '请使用 POST 请求',
    'Use POST for this call',
    'この API には POST を使用してください',
  ),
  EMAIL_TAKEN: def(
    40900,
    409,
    '该邮箱已注册',
    'This email is already registered',
    'このメールアドレスは登録済みです',
  ),
  PAYLOAD_TOO_LARGE: def(41300, 413, '上传内容过大', 'The upload is too large', 'アップロードが大きすぎます'),
  UNSUPPORTED_FILE: def(
    41500,
    415,
    '文件格式无效或不受支持',
    'Invalid or unsupported file format',
    'ファイル形式が無効またはサポートされていません',
  ),
  CODE_INVALID: def(
    42200,
    400,
    '验证码错误或已过期',
    'The verification code is wrong or has expired',
    '認証コードが正しくないか、有効期限が切れています',
  ),
  CODE_LOCKED: def(
    42201,
    400,
    '验证码错误次数过多，请重新获取',
    'Too many wrong attempts; request a new code',
    '誤りが多すぎます。新しいコードを取得してください',
  ),
  RATE_LIMITED: def(
    42900,
    429,
    '操作过于频繁，请稍后再试',
    'Too many requests; try again later',
    'リクエストが多すぎます。しばらくしてから再試行してください',
  ),
  LOGIN_SLOWED_DOWN: def(
    42903,
    429,
    '该账号的登录失败次数过多，请在 {retryAfter} 秒后重试',
    'Too many failed sign-ins to this account; try again in {retryAfter} seconds',
    'このアカウントへのログイン失敗が多すぎます。{retryAfter} 秒後に再試行してください',
  ),
  RESEND_TOO_SOON: def(
    42901,
    429,
    '验证码发送过于频繁，请稍后再试',
    'Please wait before requesting another code',
    '次のコードを送信するまでお待ちください',
  ),
  INTERNAL: def(50000, 500, '服务器内部错误', 'Internal server error', 'サーバー内部エラー'),
  UPSTREAM_FAILED: def(
    50200,
    502,
    '外部服务暂时不可用，请稍后再试',
    'An external service failed; try again later',
    '外部サービスが利用できません。しばらくしてから再試行してください',
  ),
  SEND_CODE_FAILED: def(
    50201,
    502,
    '发送验证码失败',
    'Sending the verification code failed',
    '認証コードの送信に失敗しました',
  ),
  WECHAT_LOGIN_FAILED: def(
    50202,
    502,
    '微信登录失败',
    'WeChat login failed',
    'WeChat ログインに失敗しました',
  ),
  GOOGLE_LOGIN_FAILED: def(
    50203,
    502,
    'Google 登录失败',
    'Google sign-in failed',
    'Google ログインに失敗しました',
  ),
  FEATURE_DISABLED: def(
    50300,
    503,
    '此功能在当前站点未开启',
    'This feature is not enabled on this site',
    'この機能はこのサイトでは有効になっていません',
  ),
  NOT_READY: def(50301, 503, '服务尚未就绪', 'Service not ready', 'サービスの準備ができていません'),
  TASK_NOT_FOUND: def(40402, 404, '任务不存在', 'The task does not exist', 'タスクが存在しません'),
  TASK_NOT_READY: def(
    40903,
    409,
    '任务尚未完成，暂不能导出',
    'The task is not completed yet; it cannot be exported',
    'タスクはまだ完了していないため、エクスポートできません',
  ),
  TASK_ALREADY_STARTED: def(
    40904,
    409,
    '任务已在翻译中或已完成',
    'The task is already being translated or is completed',
    'タスクはすでに翻訳中か完了しています',
  ),
  TASK_VERSION_CONFLICT: def(
    40905,
    409,
    '第 {line} 行已在其他页面或设备上修改，本次修改未保存：请选择保留您的内容或采用对方的内容',
    'Line {line} was changed in another tab or device, so this edit was not saved: keep your text or take theirs',
    '{line} 行目は別のタブまたは端末で変更されたため、この編集は保存されていません。自分の内容を残すか、相手の内容を採用してください',
  ),
  TASK_BUSY: def(
    40906,
    409,
    '任务仍在翻译中，完成后才能编辑',
    'The task is still being translated; edit it once it completes',
    'タスクはまだ翻訳中です。完了してから編集してください',
  ),
  SEGMENT_BUSY: def(
    40907,
    409,
    '该字幕正在重新翻译中',
    'This line is already being re-translated',
    'この字幕は再翻訳中です',
  ),
  SEGMENT_NOT_FOUND: def(40403, 404, '字幕不存在', 'The subtitle line does not exist', '字幕が存在しません'),
  PRODUCT_NOT_FOUND: def(40404, 404, '商品不存在', 'The product does not exist', '商品が存在しません'),
  ORDER_NOT_FOUND: def(40405, 404, '订单不存在', 'The order does not exist', '注文が存在しません'),
  ENGINE_NOT_IMPLEMENTED: def(
    50101,
    501,
    '该翻译引擎尚未实现',
    'This translation engine is not implemented',
    'この翻訳エンジンはまだ実装されていません',
  ),
  ENGINE_NOT_CONFIGURED: def(
    50302,
    503,
    '该翻译引擎未配置，请联系管理员',
    'This translation engine is not configured; contact the administrator',
    'この翻訳エンジンは設定されていません。管理者に連絡してください',
  ),
  TRANSLATION_FAILED: def(
    50204,
    502,
    '翻译失败，请稍后重试',
    'Translation failed; try again later',
    '翻訳に失敗しました。しばらくしてから再試行してください',
  ),
  PAYMENT_PROVIDER_FAILED: def(
    50205,
    502,
    '支付服务暂时无法查询，请稍后重试',
    'The payment provider could not be asked; try again later',
    '決済サービスに問い合わせできませんでした。しばらくしてから再試行してください',
  ),
  QUOTA_EXCEEDED: def(
    42902,
    429,
    '今日的直接翻译次数已用完，请创建翻译任务',
    'Today’s direct translation quota is used up; create a translation task instead',
    '本日の直接翻訳の上限に達しました。翻訳タスクを作成してください',
  ),
  MEDIA_TOO_LARGE: def(
    41301,
    413,
    '文件过大，音视频文件最大 3 GB',
    'The file is too large: audio and video files may be at most 3 GB',
    'ファイルが大きすぎます。音声・動画ファイルは最大 3 GB です',
  ),
  MEDIA_NOT_AUDIO_VIDEO: def(
    41501,
    415,
    '请选择视频或音频文件',
    'Choose a video or audio file',
    '動画または音声ファイルを選択してください',
  ),
  UPLOAD_NOT_FOUND: def(
    40406,
    404,
    '上传不存在或已过期，请重新上传',
    'The upload does not exist or has expired; upload the file again',
    'アップロードが存在しないか期限切れです。もう一度アップロードしてください',
  ),
  MEDIA_NOT_FOUND: def(
    40407,
    404,
    '文件不存在或尚未上传完成',
    'The file does not exist or its upload has not finished',
    'ファイルが存在しないか、アップロードが完了していません',
  ),
  UPLOAD_INCOMPLETE: def(
    40908,
    409,
    '文件上传未完成，请重试',
    'The file upload is not complete; try again',
    'ファイルのアップロードが完了していません。再試行してください',
  ),
  MEDIA_NOT_READY: def(
    40909,
    409,
    '文件尚未检测完成，请稍候',
    'The file has not been analysed yet; wait a moment',
    'ファイルの解析がまだ完了していません。しばらくお待ちください',
  ),
  SPEECH_NOT_CONFIGURED: def(
    50303,
    503,
    '此站点未配置语音识别，暂不能转写音视频；SRT 字幕文件仍可翻译',
    'Speech recognition is not configured on this site, so audio and video cannot be transcribed; SRT subtitle files can still be translated',
    'このサイトでは音声認識が設定されていないため、音声・動画の文字起こしはできません。SRT 字幕ファイルは引き続き翻訳できます',
  ),
  STORAGE_FAILED: def(
    50206,
    502,
    '文件存储暂时不可用，请稍后重试',
    'File storage is unavailable; try again later',
    'ファイルストレージが利用できません。しばらくしてから再試行してください',
  ),
  MEDIA_NOT_MEDIA: def(
    42220,
    422,
    '无法读取该文件：它不是有效的音频或视频文件',
    'This file cannot be read: it is not a valid audio or video file',
    'このファイルは読み取れません。有効な音声・動画ファイルではありません',
  ),
  MEDIA_NO_AUDIO: def(
    42221,
    422,
    '该视频没有音轨，无法生成字幕',
    'This video has no sound track, so no subtitles can be made from it',
    'この動画には音声トラックがないため、字幕を作成できません',
  ),
  MEDIA_NO_DURATION: def(
    42222,
    422,
    '无法确定文件时长，文件可能已损坏',
    'The file’s length cannot be determined; it may be damaged',
    'ファイルの長さを判定できません。ファイルが破損している可能性があります',
  ),
  MEDIA_NO_SPEECH: def(
    42223,
    422,
    '未识别到语音，积分已退回',
    'No speech was recognised; your points were returned',
    '音声が認識されませんでした。ポイントは返却されました',
  ),
  MEDIA_TRANSCRIPTION_FAILED: def(
    50207,
    502,
    '语音识别失败，积分已退回，请稍后重试',
    'Speech recognition failed; your points were returned. Try again later',
    '音声認識に失敗しました。ポイントは返却されました。しばらくしてから再試行してください',
  ),
  MEDIA_DETECTION_FAILED: def(
    50001,
    500,
    '文件检测失败，请重新上传',
    'Analysing the file failed; upload it again',
    'ファイルの解析に失敗しました。もう一度アップロードしてください',
  ),
  MEDIA_EXECUTION_FAILED: def(
    50002,
    500,
    '处理失败，积分已退回，请重试',
    'Processing failed; your points were returned. Try again',
    '処理に失敗しました。ポイントは返却されました。再試行してください',
  ),
  MEDIA_INTERRUPTED: def(
    50003,
    500,
    '处理被中断，积分已退回，请重试',
    'Processing was interrupted; your points were returned. Try again',
    '処理が中断されました。ポイントは返却されました。再試行してください',
  ),
  MEDIA_TOOLS_MISSING: def(
    50304,
    503,
    '服务器缺少音视频处理工具（ffmpeg），请联系管理员',
    'The server lacks its audio/video tools (ffmpeg); contact the administrator',
    'サーバーに音声・動画処理ツール（ffmpeg）がありません。管理者に連絡してください',
  ),
  INSUFFICIENT_POINTS: def(
    40200,
    402,
    '积分不足：需要 {needed} 积分，当前 {current} 积分',
    'Not enough points: {needed} needed, {current} available',
    'ポイントが不足しています：必要 {needed}、現在 {current}',
  ),
  ...TASK_LIMIT_ERRORS,
  ...SUBTITLE_FILE_ERRORS,
} as const satisfies Record<string, ErrorDef>;

export type ErrorKey = keyof typeof ErrorCodes;

/** The message in `lang`; `{name}` placeholders are filled from `params` when given. */
export function errorMessage(key: ErrorKey, lang: UiLanguage, params?: unknown): string {
  const text: string = ErrorCodes[key].msg[lang];
  if (!params || typeof params !== 'object') return text;
  const values = params as Record<string, unknown>;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    typeof values[name] === 'number' || typeof values[name] === 'string' ? String(values[name]) : whole,
  );
}

const byCode = new Map<number, ErrorKey>(
  (Object.keys(ErrorCodes) as ErrorKey[]).map((k) => [ErrorCodes[k].code, k]),
);

export function errorKeyForCode(code: number): ErrorKey | undefined {
  return byCode.get(code);
}
