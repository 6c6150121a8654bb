import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API } from '@subtrans/contract';

/**
 * The device cookie: proof that this browser signed in to an account before, so the account's
 * slowdown of wrong passwords (login-slowdown.ts) never applies to it — an attacker guessing from
 * elsewhere cannot keep the owner out of their own browser. One entry per account
 * (`{userId}.{issuedAt}.{HMAC}`, signed with the app secret), a few accounts per browser, sent
 * only to the password sign-in call and never readable by scripts.
 */
export const DEVICE_COOKIE = 'login_device';
const MAX_ACCOUNTS = 5;
const LIFETIME_SECONDS = 365 * 24 * 3600;

const signature = (secret: string, userId: number, issuedAt: number) =>
  createHmac('sha256', secret)
    .update(`login-device\n${userId}\n${issuedAt}`)
    .digest('base64url')
    .slice(0, 32);

interface Entry {
  userId: number;
  issuedAt: number;
  raw: string;
}

/** The cookie's entries whose signature holds and which have not expired. */
function validEntries(value: string | undefined, secret: string): Entry[] {
  if (!value || value.length > 1000) return [];
  const now = Math.floor(Date.now() / 1000);
  const entries: Entry[] = [];
  for (const raw of value.split('~').slice(0, MAX_ACCOUNTS)) {
    const m = /^(\d{1,12})\.(\d{1,12})\.([\w-]{32})$/.exec(raw);
    if (!m) continue;
    const userId = Number(m[1]);
    const issuedAt = Number(m[2]);
    if (issuedAt > now + 60 || issuedAt + LIFETIME_SECONDS < now) continue;
    const expected = Buffer.from(signature(secret, userId, issuedAt));
    const given = Buffer.from(m[3]!);
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      entries.push({ userId, issuedAt, raw });
    }
  }
  return entries;
}

/** The accounts this browser has signed in to (as its device cookie proves). */
export function knownAccounts(req: FastifyRequest, secret: string): ReadonlySet<number> {
  return new Set(validEntries(req.cookies[DEVICE_COOKIE], secret).map((e) => e.userId));
}

/** After a successful sign-in: this browser is known to `userId` from now on (the newest accounts kept). */
export function rememberDevice(
  req: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  userId: number,
): void {
  const issuedAt = Math.floor(Date.now() / 1000);
  const others = validEntries(req.cookies[DEVICE_COOKIE], secret).filter((e) => e.userId !== userId);
  const entry = `${userId}.${issuedAt}.${signature(secret, userId, issuedAt)}`;
  const value = [entry, ...others.map((e) => e.raw)].slice(0, MAX_ACCOUNTS).join('~');
  void reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    path: API.emailAuth,
    maxAge: LIFETIME_SECONDS,
  });
}
