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

/** The code for a new password ("forgot password"); mailed only to an address with a live account. */
export function resetCodeMail(to: string, code: string, lang: UiLanguage): MailMessage {
  const m = LIMITS.codeTtlMinutes;
  switch (lang) {
    case 'en':
      return {
        to,
        subject: `Your SubTrans password reset code: ${code}`,
        text: `Your code to set a new password is ${code}.\nIt expires in ${m} minutes and can be used once. Setting a new password signs you out on every device.\nIf you did not ask for it, ignore this mail: your password stays as it is.`,
      };
    case 'ja':
      return {
        to,
        subject: `SubTrans パスワード再設定コード: ${code}`,
        text: `新しいパスワードを設定するためのコードは ${code} です。\n有効期限は ${m} 分で、一度だけ使用できます。新しいパスワードを設定すると、すべての端末でログアウトされます。\n心当たりがない場合はこのメールを無視してください。パスワードは変更されません。`,
      };
    case 'zh':
      return {
        to,
        subject: `SubTrans 重置密码验证码：${code}`,
        text: `您用于设置新密码的验证码是 ${code}。\n${m} 分钟内有效，仅可使用一次。设置新密码后，所有设备上的登录都会退出。\n如果不是您本人操作，请忽略此邮件，您的密码不会改变。`,
      };
  }
}

/** The code that adds this address to a signed-in account that has none (WeChat). */
export function emailCodeMail(to: string, code: string, lang: UiLanguage): MailMessage {
  const m = LIMITS.codeTtlMinutes;
  switch (lang) {
    case 'en':
      return {
        to,
        subject: `Your SubTrans code to add this email: ${code}`,
        text: `Your code to add this address to your SubTrans account is ${code}.\nIt expires in ${m} minutes and can be used once.\nIf you did not ask for it, ignore this mail.`,
      };
    case 'ja':
      return {
        to,
        subject: `SubTrans メールアドレス追加コード: ${code}`,
        text: `このメールアドレスを SubTrans アカウントに追加するためのコードは ${code} です。\n有効期限は ${m} 分で、一度だけ使用できます。\n心当たりがない場合はこのメールを無視してください。`,
      };
    case 'zh':
      return {
        to,
        subject: `SubTrans 绑定邮箱验证码：${code}`,
        text: `您用于将此邮箱添加到 SubTrans 账号的验证码是 ${code}。\n${m} 分钟内有效，仅可使用一次。\n如果不是您本人操作，请忽略此邮件。`,
      };
  }
}
