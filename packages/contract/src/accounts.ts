import { z } from 'zod';
import { LIMITS, UI_LANGUAGES } from './constants.js';
import { INPUT_RULES, cleanDisplayName } from './input.js';

export const uiLanguageSchema = z.enum(UI_LANGUAGES);

const email = z.string().trim().toLowerCase().max(LIMITS.emailMax).pipe(z.email());
/** a display name: bidi and control characters taken out before its length is checked */
const name = z.string().transform(cleanDisplayName).pipe(z.string().min(LIMITS.nameMin).max(LIMITS.nameMax));
const loginPassword = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMaxLogin);
const code = z.string().regex(/^\d{6}$/, INPUT_RULES.sixDigits);
/** what /api/upload answers: /files/avatars/{user}/{time}_{random}.{ext} */
const OWN_AVATAR = /^\/files\/avatars\/\d+\/\d+_[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

/**
 * The image hosts of the sign-in providers (Google's profile photos, WeChat's head images): a
 * picture from anywhere else would make every page that shows it fetch a URL someone chose (a
 * tracking pixel, or `//evil/x`, which the browser reads as another host).
 */
export const OAUTH_PICTURE_HOSTS = ['googleusercontent.com', 'qlogo.cn'] as const;

/** A profile picture is '' (none), one of our own uploads, or https on a sign-in provider's image host. */
export function isAllowedPicture(url: string): boolean {
  if (url === '') return true;
  if (url.length > 1024) return false;
  if (OWN_AVATAR.test(url)) return true;
  if (!url.startsWith('https://')) return false;
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password || parsed.port) return false;
    host = parsed.hostname.toLowerCase();
  } catch {
    return false;
  }
  return OAUTH_PICTURE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

const pic = z.string().max(1024).refine(isAllowedPicture, INPUT_RULES.pictureNotAllowed);

/** SPEC §3 User, with both spellings the SPEC's calls use (pic/picture, admin/manager). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  pic: z.string(),
  picture: z.string(),
  admin: z.boolean(),
  manager: z.boolean(),
  language: uiLanguageSchema.nullable(),
  createdAt: z.string(),
  /** the account can sign in by password (Google/WeChat accounts have none until they set one) */
  hasPassword: z.boolean(),
  /** the email was verified (by a code, or by Google); '' in `email` means none is set (WeChat) */
  emailVerified: z.boolean(),
  /** points granted at sign-up as a trial, shown on the dashboard while any are left (0: none) */
  trialPoints: z.number().int().min(0),
});
export type User = z.infer<typeof userSchema>;

export const emailAuthBody = z.object({ email, pass: loginPassword });
export const sendCodeBody = z.object({ email });
/** a new password: the register rule (login accepts the longer legacy limit) */
const newPassword = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax);
export const sendResetCodeBody = z.object({ email });
export const resetPasswordBody = z.object({ email, code, pass: newPassword });
export const changePasswordBody = z.object({ pass: loginPassword, newPass: newPassword });
export const sendEmailCodeBody = z.object({ email });
export const setEmailBody = z.object({ email, code });
export const registerBody = z.object({ email, name, pass: loginPassword, code });
/** SPEC sends the session id in the body; it is accepted and ignored (the cookie/header decides). */
export const profileBody = z.object({ user_sessionid: z.string().max(200).optional() }).optional();
export const updateProfileBody = z
  .object({ name: name.optional(), pic: pic.optional(), language: uiLanguageSchema.optional() })
  .refine(
    (b) => b.name !== undefined || b.pic !== undefined || b.language !== undefined,
    INPUT_RULES.nothingToUpdate,
  );
export const updateProfileResult = z.object({
  name: z.string(),
  picture: z.string(),
  language: uiLanguageSchema.nullable(),
});
export const pageBody = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(10),
  })
  .default({ page: 1, size: 10 });
export const createUserBody = z.object({
  email,
  name,
  pass: z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax),
  pic: pic.optional(),
  manager: z.boolean().optional(),
});
export const deleteUserBody = z.object({ id: z.coerce.number().int().positive() });
export const closeAccountBody = z
  .object({ pass: z.string().max(LIMITS.passwordMaxLogin).optional() })
  .optional();
export const wechatLoginBody = z.object({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(512),
});
export const uploadResult = z.object({ url: z.string() });
/** /user/send_code: when another code may be asked for */
export const sendCodeResult = z.object({ resendAfterSeconds: z.number().int() });
/** /user/wechat_state: what the WeChat QR widget needs */
export const wechatStateResult = z.object({ appId: z.string(), state: z.string(), redirectUri: z.string() });

/** /user/all_users list item (SPEC: id, name, email, picture, manager). */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  picture: z.string(),
  manager: z.boolean(),
  createdAt: z.string(),
  /** available points (in the managers' list) */
  point: z.number().int().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
