import { LIMITS, type UiLanguage } from '@subtrans/contract';
import type { MailMessage } from '../../providers/mail/mailer.js';

export function codeMail(to: string, code: string, lang: UiLanguage): MailMessage {
  const m = LIMITS.codeTtlMinutes;
  switch (lang) {
    case 'en':
      return {
        to,
        subject: `Your SubTrans verification code: ${code}`,
        text: `Your verification code is ${code}.\nIt expires in ${m} minutes and can be used once.\nIf you did not ask for it, ignore this mail.`,
      };
    case 'ja':
      return {
        to,
        subject: `SubTrans 認証コード: ${code}`,
        text: `認証コードは ${code} です。\n有効期限は ${m} 分で、一度だけ使用できます。\n心当たりがない場合はこのメールを無視してください。`,
      };
    case 'zh':
      return {
        to,
        subject: `SubTrans 验证码：${code}`,
        text: `您的验证码是 ${code}。\n${m} 分钟内有效，仅可使用一次。\n如果不是您本人操作，请忽略此邮件。`,
      };
  }
}

/** Sent instead of a code when the address already has an account, so send_code reveals nothing. */
export function alreadyRegisteredMail(to: string, lang: UiLanguage): MailMessage {
  switch (lang) {
    case 'en':
      return {
        to,
        subject: 'You already have a SubTrans account',
        text: 'Someone asked to register this address, but it already has an account. Sign in with your password instead.\nIf it was not you, ignore this mail.',
      };
    case 'ja':
      return {
        to,
        subject: 'SubTrans アカウントは既に存在します',
        text: 'このメールアドレスでの登録が要求されましたが、既にアカウントがあります。パスワードでログインしてください。\n心当たりがない場合はこのメールを無視してください。',
      };
    case 'zh':
      return {
        to,
        subject: '您已拥有 SubTrans 账号',
        text: '有人请求使用此邮箱注册，但该邮箱已有账号。请直接使用密码登录。\n如果不是您本人操作，请忽略此邮件。',
      };
  }
}
