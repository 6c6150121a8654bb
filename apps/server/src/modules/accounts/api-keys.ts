import { randomBytes } from 'node:crypto';
import {
  API_KEYS,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
  type CreateApiKeyBody,
} from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { SessionCache } from './session-cache.js';
import { hashToken, type ResolvedSession } from './sessions.js';
import {
  deleteApiKey,
  findLiveApiKey,
  insertApiKey,
  listApiKeys,
  touchApiKey,
  type ApiKeyRow,
} from './api-keys.repository.js';
import { outOfSpace } from '../../db/out-of-space.js';

/** A key's last use is written at most once a minute: the page shows it to the minute. */
const TOUCH_INTERVAL_SECONDS = 60;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
  };
}

export async function apiKeysOf(ctx: AppContext, userId: number): Promise<ApiKey[]> {
  return (await listApiKeys(ctx.db, userId)).map(toApiKey);
}

/** A new key for the user: the whole secret is answered here once, only its hash is stored. */
export async function createApiKey(
  ctx: AppContext,
  userId: number,
  body: { name: string; scope: CreateApiKeyBody['scope'] },
): Promise<CreatedApiKey> {
  // 30 random bytes: 240 bits, 40 characters of base64url (isApiKeyToken)
  const secret = API_KEYS.tokenPrefix + randomBytes(30).toString('base64url');
  const row = await ctx.db.tx((q) =>
    insertApiKey(q, {
      userId,
      name: body.name,
      prefix: secret.slice(0, API_KEYS.shownChars),
      secretHash: hashToken(secret),
      scope: body.scope,
      max: API_KEYS.perUser,
    }),
  );
  if (!row) throw new AppError('API_KEY_LIMIT', undefined, { max: API_KEYS.perUser });
  return { key: toApiKey(row), secret };
}

/** Revokes the key at once on this server; the others forget it when notified (migration 0040). */
export async function revokeApiKey(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await deleteApiKey(ctx.db, userId, id))) throw new AppError('API_KEY_NOT_FOUND');
  ctx.sessionCache.forgetUser(userId);
}

export interface ApiKeyCaller extends ResolvedSession {
  apiKey: { id: number; scope: ApiKeyScope };
}

/**
 * The key of a bearer token with its user, as a session is resolved (sessions.ts): from the cache
 * when it holds it, else one read, and its last use written at most once a minute.
 */
export async function resolveApiKey(
  q: Queryable,
  token: string,
  cache?: SessionCache,
): Promise<ApiKeyCaller | null> {
  const secretHash = hashToken(token);
  const cached = cache?.get(secretHash);
  if (cached?.apiKey) return { sessionId: 0, touched: false, user: cached.user, apiKey: cached.apiKey };
  const mark = cache?.mark() ?? 0;
  const row = await findLiveApiKey(q, secretHash, TOUCH_INTERVAL_SECONDS);
  if (!row) return null;
  const { key_id, scope, touch_due, touch_due_ms, ...user } = row;
  const apiKey = { id: key_id, scope };
  if (touch_due) {
    try {
      await touchApiKey(q, key_id);
    } catch (err) {
      // the database's disk is full: the key still works, its last use is written next time
      if (!outOfSpace(err)) throw err;
    }
  } else {
    cache?.store(mark, secretHash, {
      sessionId: 0,
      user,
      apiKey,
      expiresAtMs: Number.POSITIVE_INFINITY,
      touchDueAtMs: Number(touch_due_ms),
    });
  }
  return { sessionId: 0, touched: false, user, apiKey };
}
