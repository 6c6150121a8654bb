import { def, type ErrorDef } from './error-def.js';

/** Refusals of what a host's site profile or the deployment does not offer. */
export const SITE_ERRORS = {
  PAYMENT_METHOD_UNAVAILABLE: def(
    50310,
    503,
    '本站暂不支持此付款方式，请选择其他付款方式；如没有可用的方式，请联系本站客服',
    'This payment method is not available on this site: choose another one, or contact the site if none is available',
    'このサイトではこの支払い方法を利用できません。別の支払い方法を選ぶか、利用できる方法がない場合はサイトにお問い合わせください',
  ),
  ENGINE_NOT_ON_HOST: def(
    40320,
    403,
    '本站不提供该翻译引擎，请选择其他引擎（已创建的任务请用其他引擎重新上传）',
    'This translation engine is not offered on this site: choose another engine (for an existing task, upload the file again with another engine)',
    'この翻訳エンジンはこのサイトでは提供されていません。別のエンジンを選んでください（作成済みのタスクは別のエンジンでもう一度アップロードしてください）',
  ),
} as const satisfies Record<string, ErrorDef>;
