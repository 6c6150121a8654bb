import { API } from '@subtrans/contract';
import { api } from '../../../lib/api-client';

export const emailLogin = (email: string, pass: string) => api('emailAuth', { email, pass });
export const sendCode = (email: string) => api('sendCode', { email });
export const registerAccount = (body: { email: string; name: string; pass: string; code: string }) =>
  api('register', body);
export const wechatState = () => api('wechatState', {});
export const wechatLogin = (code: string, state: string) => api('wechatLogin', { code, state });

/** SPEC §7: a browser redirect to /google/auth with redirect_uri = origin + /auth/callback. */
export function googleAuthUrl(origin: string): string {
  return `${API.googleAuth}?redirect_uri=${encodeURIComponent(`${origin}/auth/callback`)}`;
}
