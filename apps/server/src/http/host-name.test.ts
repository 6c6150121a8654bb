import { describe, expect, it } from 'vitest';
import { hostMatches, normalHost, normalOrigin } from './host-name.js';

describe('host names compared as DNS names', () => {
  it('drops case, the port and the root’s trailing dot, and gives the same again', () => {
    const cases: [string, string][] = [
      ['Subs.Example.COM', 'subs.example.com'],
      ['subs.example.com.', 'subs.example.com'],
      ['SUBS.example.com.:8443', 'subs.example.com'],
      ['subs.example.com:443', 'subs.example.com'],
      ['[::1]:8080', '[::1]'],
      ['localhost.', 'localhost'],
      // no DNS name: left as it is, never made into a known one
      ['subs.example.com..', 'subs.example.com..'],
      ['', ''],
    ];
    for (const [raw, host] of cases) {
      expect(normalHost(raw), raw).toBe(host);
      expect(normalHost(normalHost(raw)), raw).toBe(host);
    }
  });

  it('normalises an origin’s host, keeping scheme and any other than the default port', () => {
    expect(normalOrigin('https://Subs.Example.com.:443/path?q')).toBe('https://subs.example.com');
    expect(normalOrigin('http://subs.example.com.:8080')).toBe('http://subs.example.com:8080');
    expect(normalOrigin('null')).toBeNull();
    expect(normalOrigin('not a url')).toBeNull();
  });

  it('matches profile patterns spelt any way, and a wildcard only below its domain', () => {
    expect(hostMatches('Subs.Example.COM.', 'subs.example.com')).toBe(true);
    expect(hostMatches('*.Example.CN.', 'shop.example.cn')).toBe(true);
    expect(hostMatches('*.example.cn', 'example.cn')).toBe(false);
    expect(hostMatches('*.example.cn', 'shopexample.cn')).toBe(false);
    expect(hostMatches('*', 'anything.example')).toBe(true);
  });
});
