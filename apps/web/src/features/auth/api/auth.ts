import { API, type User } from '@subtrans/contract';
import { api } from '../../../lib/api-client';

export const emailLogin = (email: string, pass: string) => api<User>(API.emailAuth, { email, pass });
export const sendCode = (email: string) => api<{ resendAfterSeconds: number }>(API.sendCode, { email });
export const registerAccount = (body: { email: string; name: string; pass: string; code: string }) =>
  api<User>(API.register, body);
export const wechatState = () =>
  api<{ appId: string; state: string; redirectUri: string }>(API.wechatState, {});
export const wechatLogin = (code: string, state: string) => api<User>(API.wechatLogin, { code, state });

/** SPEC §7: a browser redirect to /google/auth with redirect_uri = origin + /auth/callback. */
export function googleAuthUrl(origin: string): string {
  return `${API.googleAuth}?redirect_uri=${encodeURIComponent(`${origin}/auth/callback`)}`;
}
