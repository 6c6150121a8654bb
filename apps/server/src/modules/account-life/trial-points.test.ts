import { describe, expect, it } from 'vitest';
import { identityHashes, normaliseEmail } from './trial-points.js';

const none = { email: null, googleSub: null, wechatOpenid: null, wechatUnionid: null };

describe('the identity a trial is granted once for', () => {
  it('normalises an email to its mailbox: case, spaces, +tags; Gmail dots and googlemail.com', () => {
    expect(normaliseEmail('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(normaliseEmail('alice+trial2@example.com')).toBe('alice@example.com');
    expect(normaliseEmail('a.l.i.c.e+x@GoogleMail.com')).toBe('alice@gmail.com');
    expect(normaliseEmail('a.lice@gmail.com')).toBe('alice@gmail.com');
    // dots are kept where they make a different mailbox
    expect(normaliseEmail('a.lice@example.com')).toBe('a.lice@example.com');
    expect(normaliseEmail('+only@example.com')).toBe('+only@example.com');
  });

  it('hashes each identity with the secret: the same person matches, nothing is readable', () => {
    const [a] = identityHashes('secret-1', { ...none, email: 'Bob+x@Example.com' });
    const [b] = identityHashes('secret-1', { ...none, email: 'bob@example.com' });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain('bob');
    // another secret, another hash: a leaked table cannot be matched without the key
    expect(identityHashes('secret-2', { ...none, email: 'bob@example.com' })[0]).not.toBe(a);
  });

  it('hashes every identity the sign-up came with, each kind apart', () => {
    const all = identityHashes('s', {
      email: 'x@example.com',
      googleSub: 'x@example.com',
      wechatOpenid: 'o1',
      wechatUnionid: 'u1',
    });
    expect(new Set(all).size).toBe(4);
    expect(identityHashes('s', { ...none, wechatOpenid: 'o1' })).toEqual([all[2]]);
    expect(identityHashes('s', none)).toEqual([]);
  });
});
