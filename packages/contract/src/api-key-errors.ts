import { def, type ErrorDef } from './error-def.js';

/** The refusals of API keys, of calls made with one, of Idempotency-Key and of webhooks (issue 39). */
export const API_KEY_ERRORS = {
  API_KEY_INVALID: def(
    40102,
    401,
    'API 密钥无效或已被撤销：请在控制台的「API 密钥」页面创建新的密钥',
    'This API key is not valid or was revoked: create a new one on the API keys page of the dashboard',
    'この API キーは無効か、取り消されています。ダッシュボードの「API キー」ページで新しいキーを作成してください',
  ),
  API_KEY_NOT_ALLOWED: def(
    40321,
    403,
    'API 密钥不能用于账户、密钥和付款操作：请登录网站完成此操作',
    'An API key cannot make account, key or payment calls: sign in to the website to do this',
    'API キーではアカウント・キー・支払いの操作はできません。ウェブサイトにログインして行ってください',
  ),
  API_KEY_READ_ONLY: def(
    40322,
    403,
    '此 API 密钥只能读取：要创建或开始任务，请创建权限为「读取和翻译」的密钥',
    'This API key may only read: to create or start work, create a key with the “read and translate” scope',
    'この API キーは読み取り専用です。作業を作成・開始するには、権限が「読み取りと翻訳」のキーを作成してください',
  ),
  API_KEY_NOT_FOUND: def(
    40450,
    404,
    '没有找到该 API 密钥，可能已被撤销',
    'This API key was not found: it may have been revoked already',
    'この API キーは見つかりません。すでに取り消されている可能性があります',
  ),
  API_KEY_LIMIT: def(
    40980,
    409,
    '每个账户最多 {max} 个 API 密钥：请先撤销不再使用的密钥',
    'An account may hold at most {max} API keys: revoke one you no longer use first',
    '1 つのアカウントで持てる API キーは {max} 個までです。使わなくなったキーを先に取り消してください',
  ),
  API_KEY_RATE_LIMITED: def(
    42930,
    429,
    '此 API 密钥的调用过于频繁（每分钟最多 {limit} 次）：请在 {retryAfter} 秒后重试',
    'Too many calls with this API key (at most {limit} a minute): try again in {retryAfter} s',
    'この API キーの呼び出しが多すぎます（1 分あたり最大 {limit} 回）。{retryAfter} 秒後にもう一度お試しください',
  ),
  IDEMPOTENCY_KEY_INVALID: def(
    40005,
    400,
    'Idempotency-Key 请求头应为 1–255 个可见 ASCII 字符（例如一个 UUID）',
    'The Idempotency-Key header must be 1–255 visible ASCII characters (a UUID, for instance)',
    'Idempotency-Key ヘッダーは 1～255 文字の表示可能な ASCII 文字にしてください（UUID など）',
  ),
  IDEMPOTENCY_KEY_REUSED: def(
    42250,
    422,
    '该 Idempotency-Key 已用于另一个请求：新的请求请使用新的密钥',
    'This Idempotency-Key was used for another request: send a new request with a new key',
    'この Idempotency-Key は別のリクエストに使われています。新しいリクエストには新しいキーを使ってください',
  ),
  IDEMPOTENCY_IN_PROGRESS: def(
    40990,
    409,
    '使用该 Idempotency-Key 的请求仍在处理中：请在它完成后重试',
    'A request with this Idempotency-Key is still being processed: retry once it has finished',
    'この Idempotency-Key のリクエストはまだ処理中です。完了してからもう一度お試しください',
  ),
  WEBHOOK_URL_INVALID: def(
    42280,
    422,
    'Webhook 地址应为 https:// 开头的网址，且不含用户名和密码',
    'The webhook address must be an https:// URL, without a user name or password',
    'Webhook のアドレスは https:// で始まる URL にしてください（ユーザー名とパスワードは含めないでください）',
  ),
  WEBHOOK_URL_PRIVATE: def(
    42281,
    422,
    'Webhook 不会发送到内网、本机或链路本地地址：请填写公网上的地址',
    'Webhooks are not sent to private, loopback or link-local addresses: give an address on the public internet',
    'Webhook はプライベート・ループバック・リンクローカルのアドレスには送信されません。インターネット上のアドレスを指定してください',
  ),
  WEBHOOK_URL_UNRESOLVED: def(
    42282,
    422,
    '找不到 Webhook 地址的主机名：请检查地址是否正确',
    "The webhook address's host name could not be found: check the address",
    'Webhook のアドレスのホスト名が見つかりません。アドレスを確認してください',
  ),
} as const satisfies Record<string, ErrorDef>;
