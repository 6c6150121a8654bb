import { def, type ErrorDef } from './error-def.js';

/** Refusals of the account's own changes: its password and its email address. */
export const ACCOUNT_ERRORS = {
  CURRENT_PASSWORD_WRONG: def(
    40130,
    400,
    '当前密码不正确',
    'The current password is not correct',
    '現在のパスワードが正しくありません',
  ),
  NO_PASSWORD_YET: def(
    40930,
    409,
    '此账号还没有密码：请在登录页通过“忘记密码”设置一个（没有邮箱的账号请先添加邮箱）',
    'This account has no password yet: set one with “Forgot password” on the sign-in page (an account without an email adds one first)',
    'このアカウントにはまだパスワードがありません。ログインページの「パスワードをお忘れの方」で設定してください（メールアドレスのないアカウントは先に追加してください）',
  ),
  EMAIL_ALREADY_SET: def(
    40931,
    409,
    '此账号已有邮箱，只有没有邮箱的账号可以在这里添加',
    'This account already has an email address; only an account without one can add one here',
    'このアカウントにはすでにメールアドレスがあります。ここで追加できるのはメールアドレスのないアカウントだけです',
  ),
} as const satisfies Record<string, ErrorDef>;
