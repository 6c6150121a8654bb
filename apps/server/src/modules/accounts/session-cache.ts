import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.js';
import type { UserRow } from './users.repository.js';
import { currentSchema, notify } from './sessions.repository.js';

/** the channel the users and sessions triggers notify (migration 0012) */
export const AUTH_CHANGE_CHANNEL = 'auth_change';
/** sync() markers: no schema name is empty, so none starts with ':' */
const SYNC_PREFIX = ':sync:';

export interface CachedSession {
  sessionId: number;
  user: UserRow;
  /** when the session ends (its sliding or its absolute expiry, the sooner), ms since the epoch */
  expiresAtMs: number;
  /** when its sliding expiry is to be written again: from then on the database answers */
  touchDueAtMs: number;
  /** an API key's (issue 39: keys are cached as sessions are, by their secret's hash) */
  apiKey?: { id: number; scope: 'read' | 'translate' };
}

interface Entry extends CachedSession {
  /** read from the database again after this, whatever else happens */
  staleAtMs: number;
}

declare module '../../context.js' {
  interface AppContext {
    /**
     * sessions resolved recently; serves once the HTTP app listens for changes (buildApp). Added
     * here, by declaration merging, as the context may import no module.
     */
    sessionCache: SessionCache;
  }
}

interface UserValue {
  value: unknown;
  staleAtMs: number;
}

/**
 * Sessions this server resolved recently, so that most authenticated calls need no database read.
 * It only ever answers what the database answered, and forgets it when:
 * - any change to the user or one of their sessions is notified by the database's triggers
 *   (every server listens; a logout, a deletion or a profile change on another server counts);
 * - this server changes them itself (forgetUser, at once, before the notification arrives);
 * - the session expires or its sliding expiry is due to be written;
 * - `ttlMs` has passed since it was read (a bound, should a notification ever be lost);
 * - the listening connection is lost: until it is back, nothing is kept and every call reads.
 * A lookup that was under way while something changed does not store its (maybe older) answer.
 *
 * Beside the sessions it keeps values other modules derive from a user's rows (their trial points:
 * modules/account-life), forgotten with the user's sessions, but only where a change is notified
 * before the statement that made it returns (PGlite, in-process): there a value is never older
 * than the database. On PostgreSQL the notification of this server's own change may come after
 * its next call, so those values are read every time.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  /** by user id, then by name */
  private readonly userValues = new Map<number, Map<string, UserValue>>();
  private notifiedInStatement = false;
  private readonly syncs = new Map<string, () => void>();
  private generation = 0;
  private listening = false;
  /** the schema whose users and sessions this server reads (the channel carries every schema's) */
  private schema: string | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string, now = Date.now()): CachedSession | null {
    if (!this.enabled) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (now >= entry.staleAtMs || now >= entry.expiresAtMs || now >= entry.touchDueAtMs) {
      this.remove(tokenHash, entry.user.id);
      return null;
    }
    return entry;
  }

  /** Taken before a database lookup and handed to store(): a change meanwhile voids the answer. */
  mark(): number {
    return this.generation;
  }

  store(mark: number, tokenHash: string, session: CachedSession, now = Date.now()): void {
    if (!this.enabled || mark !== this.generation) return;
    const old = this.entries.get(tokenHash);
    if (old) this.remove(tokenHash, old.user.id);
    while (this.entries.size >= this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldest, entry.user.id);
    }
    // one object answers many requests: frozen, so a handler that changed it would fail loudly
    // instead of changing what later requests see
    Object.freeze(session.user);
    this.entries.set(tokenHash, { ...session, staleAtMs: now + this.ttlMs });
    let tokens = this.byUser.get(session.user.id);
    if (!tokens) this.byUser.set(session.user.id, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const tokenHash of this.byUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.byUser.delete(userId);
    this.userValues.delete(userId);
  }

  /** Whether notifications arrive before the statement that sent them returns (PGlite). */
  setNotifiedInStatement(inStatement: boolean): void {
    this.notifiedInStatement = inStatement;
  }

  /** A value stored with storeUserValue() under `name` for the user, unless forgotten since. */
  userValue(userId: number, name: string, now = Date.now()): unknown {
    if (!this.enabled || !this.notifiedInStatement) return undefined;
    const values = this.userValues.get(userId);
    const kept = values?.get(name);
    if (!kept) return undefined;
    if (now >= kept.staleAtMs) {
      values!.delete(name);
      if (!values!.size) this.userValues.delete(userId);
      return undefined;
    }
    return kept.value;
  }

  /**
   * Keeps what the database answered for the user (read after mark()) until `validUntilMs` or the
   * time-to-live, the sooner, or until any change to the user is notified.
   */
  storeUserValue(
    mark: number,
    userId: number,
    name: string,
    value: unknown,
    validUntilMs: number,
    now = Date.now(),
  ): void {
    if (!this.enabled || !this.notifiedInStatement || mark !== this.generation) return;
    let values = this.userValues.get(userId);
    if (!values) {
      while (this.userValues.size >= this.maxEntries)
        this.userValues.delete(this.userValues.keys().next().value as number);
      this.userValues.set(userId, (values = new Map<string, UserValue>()));
    }
    values.set(name, { value, staleAtMs: Math.min(validUntilMs, now + this.ttlMs) });
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    const entry = this.entries.get(tokenHash);
    if (entry) this.remove(tokenHash, entry.user.id);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
    this.userValues.clear();
  }

  /**
   * A notification on AUTH_CHANGE_CHANNEL: "schema:user id", "schema:*" for everyone, or a sync()
   * marker. Another schema's changes are not this server's; what it cannot read forgets everything.
   */
  notified(payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) {
      this.syncs.get(payload)?.();
      return;
    }
    const at = payload.lastIndexOf(':');
    if (at > 0 && payload.slice(0, at) !== this.schema) return;
    const who = payload.slice(at + 1);
    const userId = Number(who);
    if (at > 0 && who !== '*' && who !== '' && Number.isSafeInteger(userId)) this.forgetUser(userId);
    else this.clear();
  }

  /** The schema the server's tables live in (the one current_schema() answers). */
  setSchema(schema: string): void {
    this.schema = schema;
  }

  /**
   * Whether notifications arrive. While they may not, nothing is kept; either way what is known
   * is dropped (what changed meanwhile was not notified), and lookups under way are not stored.
   */
  setListening(listening: boolean): void {
    this.clear();
    this.listening = listening;
    // a sync() waiting for its marker has nothing left to wait for: nothing is kept
    if (!listening) for (const done of this.syncs.values()) done();
  }

  /**
   * Resolves once every change committed before the call has been notified here (notifications
   * arrive in commit order): for a writer that changed users or sessions by hand, e.g. a test.
   */
  async sync(q: Queryable, timeoutMs = 5000): Promise<void> {
    if (!this.enabled) return;
    const marker = `${SYNC_PREFIX}${randomBytes(8).toString('hex')}`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = new Promise<void>((resolve, reject) => {
      this.syncs.set(marker, resolve);
      timer = setTimeout(() => reject(new Error('the auth_change notification did not arrive')), timeoutMs);
    });
    try {
      await notify(q, AUTH_CHANGE_CHANNEL, marker);
      await seen;
    } finally {
      clearTimeout(timer);
      this.syncs.delete(marker);
    }
  }

  private remove(tokenHash: string, userId: number) {
    this.entries.delete(tokenHash);
    const tokens = this.byUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens && !tokens.size) this.byUser.delete(userId);
  }
}

/** Starts listening for changes; the cache serves only while the listener is connected. */
export async function listenForAuthChanges(
  db: Db,
  cache: SessionCache,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  cache.setSchema((await currentSchema(db)) ?? 'public');
  cache.setNotifiedInStatement(db.kind === 'pglite');
  let wasListening = false;
  const stop = await db.listen(AUTH_CHANGE_CHANNEL, {
    message: (payload) => cache.notified(payload),
    live: (listening) => {
      cache.setListening(listening);
      if (wasListening && !listening)
        log.warn('lost the database notifications: sessions are read from the database until they are back');
      wasListening = listening;
    },
  });
  return async () => {
    await stop();
    cache.setListening(false);
  };
}
