import { describe, expect, it } from 'vitest';
import { SessionCache, type CachedSession } from './session-cache.js';
import type { UserRow } from './users.repository.js';

const NOW = 1_000_000;
const TTL = 30_000;

function user(id: number): UserRow {
  return {
    id,
    email: `u${id}@example.com`,
    name: `User ${id}`,
    pic: '',
    password_hash: null,
    is_manager: false,
    language: null,
    created_at: new Date(0),
  };
}

function session(userId: number, over: Partial<CachedSession> = {}): CachedSession {
  return {
    sessionId: userId * 10,
    user: user(userId),
    expiresAtMs: NOW + 7 * 86_400_000,
    touchDueAtMs: NOW + 300_000,
    ...over,
  };
}

function listeningCache(ttl = TTL, max?: number) {
  const cache = new SessionCache(ttl, max);
  cache.setSchema('public');
  cache.setListening(true);
  return cache;
}

describe('SessionCache', () => {
  it('answers what was stored, until the time-to-live has passed', () => {
    const cache = listeningCache();
    cache.store(cache.mark(), 'h1', session(1), NOW);
    expect(cache.get('h1', NOW + 1)?.user.id).toBe(1);
    expect(cache.get('h1', NOW + TTL - 1)?.sessionId).toBe(10);
    expect(cache.get('h1', NOW + TTL)).toBeNull();
    // gone, not only hidden
    expect(cache.size).toBe(0);
  });

  it('never answers a session past its expiry or once its sliding expiry is due to be written', () => {
    const cache = listeningCache();
    cache.store(cache.mark(), 'ends', session(1, { expiresAtMs: NOW + 1000 }), NOW);
    cache.store(cache.mark(), 'touch', session(2, { touchDueAtMs: NOW + 2000 }), NOW);
    expect(cache.get('ends', NOW + 999)).not.toBeNull();
    expect(cache.get('ends', NOW + 1000)).toBeNull();
    expect(cache.get('touch', NOW + 1999)).not.toBeNull();
    expect(cache.get('touch', NOW + 2000)).toBeNull();
  });

  it('forgets every session of a user, and one token', () => {
    const cache = listeningCache();
    cache.store(cache.mark(), 'a1', session(1), NOW);
    cache.store(cache.mark(), 'a2', session(1, { sessionId: 11 }), NOW);
    cache.store(cache.mark(), 'b1', session(2), NOW);
    cache.forgetUser(1);
    expect(cache.get('a1', NOW)).toBeNull();
    expect(cache.get('a2', NOW)).toBeNull();
    expect(cache.get('b1', NOW)).not.toBeNull();
    cache.forgetToken('b1');
    expect(cache.get('b1', NOW)).toBeNull();
  });

  it('does not store an answer read while something changed', () => {
    const cache = listeningCache();
    const before = cache.mark();
    cache.forgetUser(99); // any change, even of another user, voids lookups under way
    cache.store(before, 'h1', session(1), NOW);
    expect(cache.get('h1', NOW)).toBeNull();
    cache.store(cache.mark(), 'h1', session(1), NOW);
    expect(cache.get('h1', NOW)).not.toBeNull();
  });

  it('follows its schema’s notifications: a user id, everyone; sync markers change nothing', () => {
    const cache = listeningCache();
    cache.store(cache.mark(), 'a', session(1), NOW);
    cache.store(cache.mark(), 'b', session(2), NOW);
    cache.notified(':sync:abc');
    expect(cache.size).toBe(2);
    // another schema's user 1 is not this server's user 1
    cache.notified('t_other:1');
    cache.notified('t_other:*');
    expect(cache.size).toBe(2);
    cache.notified('public:1');
    expect(cache.get('a', NOW)).toBeNull();
    expect(cache.get('b', NOW)).not.toBeNull();
    cache.notified('public:*');
    expect(cache.size).toBe(0);
    // a payload it does not understand forgets everything rather than nothing
    for (const garbage of ['garbage', 'public:', 'public:x', '7']) {
      cache.store(cache.mark(), 'b', session(2), NOW);
      cache.notified(garbage);
      expect([garbage, cache.size]).toEqual([garbage, 0]);
    }
  });

  it('keeps nothing while notifications may be missed, nor when switched off', () => {
    const cache = listeningCache();
    cache.store(cache.mark(), 'a', session(1), NOW);
    cache.setListening(false);
    expect(cache.enabled).toBe(false);
    expect(cache.size).toBe(0);
    cache.store(cache.mark(), 'a', session(1), NOW);
    expect(cache.get('a', NOW)).toBeNull();
    cache.setListening(true);
    cache.store(cache.mark(), 'a', session(1), NOW);
    expect(cache.get('a', NOW)).not.toBeNull();

    const off = listeningCache(0);
    expect(off.enabled).toBe(false);
    off.store(off.mark(), 'a', session(1), NOW);
    expect(off.get('a', NOW)).toBeNull();
  });

  it('answers a frozen user: a handler cannot change what later requests see', () => {
    const cache = listeningCache();
    cache.store(cache.mark(), 'h1', session(1), NOW);
    const user = cache.get('h1', NOW)!.user;
    expect(() => Object.assign(user, { name: 'changed' })).toThrow(TypeError);
    expect(cache.get('h1', NOW)!.user.name).toBe('User 1');
  });

  it('stays within its size, dropping the oldest first', () => {
    const cache = listeningCache(TTL, 3);
    for (const id of [1, 2, 3, 4]) cache.store(cache.mark(), `h${id}`, session(id), NOW);
    expect(cache.size).toBe(3);
    expect(cache.get('h1', NOW)).toBeNull();
    expect(cache.get('h4', NOW)).not.toBeNull();
    // storing a token again replaces it (one entry, not two)
    cache.store(cache.mark(), 'h4', session(4, { sessionId: 44 }), NOW);
    expect(cache.size).toBe(3);
    expect(cache.get('h4', NOW)?.sessionId).toBe(44);
  });

  describe('values kept for a user (their trial points)', () => {
    const exactCache = (ttl = TTL, max?: number) => {
      const cache = listeningCache(ttl, max);
      cache.setNotifiedInStatement(true);
      return cache;
    };

    it('answers a value until it is no longer valid or the time-to-live has passed', () => {
      const cache = exactCache();
      cache.storeUserValue(cache.mark(), 1, 'trial', 30, NOW + 1000, NOW);
      cache.storeUserValue(cache.mark(), 2, 'trial', 0, Number.POSITIVE_INFINITY, NOW);
      expect(cache.userValue(1, 'trial', NOW + 999)).toBe(30);
      expect(cache.userValue(1, 'trial', NOW + 1000)).toBeUndefined();
      expect(cache.userValue(2, 'other', NOW)).toBeUndefined();
      expect(cache.userValue(2, 'trial', NOW + TTL - 1)).toBe(0);
      expect(cache.userValue(2, 'trial', NOW + TTL)).toBeUndefined();
    });

    it('forgets them with the user: a notification about them, everyone, or lost notifications', () => {
      const cache = exactCache();
      const keep = (id: number) =>
        cache.storeUserValue(cache.mark(), id, 'trial', id, Number.POSITIVE_INFINITY, NOW);
      keep(1);
      keep(2);
      cache.notified('public:1');
      expect(cache.userValue(1, 'trial', NOW)).toBeUndefined();
      expect(cache.userValue(2, 'trial', NOW)).toBe(2);
      cache.notified('public:*');
      expect(cache.userValue(2, 'trial', NOW)).toBeUndefined();
      keep(3);
      cache.setListening(false);
      cache.setListening(true);
      expect(cache.userValue(3, 'trial', NOW)).toBeUndefined();
    });

    it('does not store what was read while something changed', () => {
      const cache = exactCache();
      const mark = cache.mark();
      cache.forgetUser(9);
      cache.storeUserValue(mark, 1, 'trial', 30, Number.POSITIVE_INFINITY, NOW);
      expect(cache.userValue(1, 'trial', NOW)).toBeUndefined();
    });

    it('keeps nothing where a notification may come after the change it tells of (PostgreSQL)', () => {
      const cache = listeningCache();
      cache.storeUserValue(cache.mark(), 1, 'trial', 30, Number.POSITIVE_INFINITY, NOW);
      expect(cache.userValue(1, 'trial', NOW)).toBeUndefined();
    });

    it('keeps values for at most as many users as sessions, dropping the oldest first', () => {
      const cache = exactCache(TTL, 2);
      for (const id of [1, 2, 3])
        cache.storeUserValue(cache.mark(), id, 'trial', id, Number.POSITIVE_INFINITY, NOW);
      expect(cache.userValue(1, 'trial', NOW)).toBeUndefined();
      expect(cache.userValue(3, 'trial', NOW)).toBe(3);
    });
  });
});
