import { describe, expect, it } from 'vitest';
import { siteProfileSchema } from '@subtrans/contract';
import { hostPolicy } from './known-hosts.js';

describe('the hosts a deployment answers as themselves', () => {
  const profiles = [
    siteProfileSchema.parse({ hosts: ['*'] }),
    siteProfileSchema.parse({ hosts: ['subs.example.cn', '*.example.jp'] }),
  ];
  const hosts = hostPolicy(
    'https://subs.example.com',
    ['https://subs.example.com', 'https://app.example.org:8443'],
    profiles,
  );

  it('knows PUBLIC_URL’s host, the trusted origins’ hosts and the hosts a profile names', () => {
    for (const host of ['subs.example.com', 'app.example.org', 'subs.example.cn', 'www.example.jp'])
      expect(hosts.effective(host), host).toBe(host);
  });

  it('takes any other host, and a missing one, for PUBLIC_URL’s host (the bare * names none)', () => {
    for (const host of ['evil.example', 'example.jp', 'subs.example.com.evil.example', 'localhost', ''])
      expect(hosts.effective(host), host).toBe('subs.example.com');
    expect(hosts.publicHost).toBe('subs.example.com');
  });
});
