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

describe('known hosts in any spelling of their DNS name', () => {
  const hosts = hostPolicy(
    'https://Subs.Example.com.',
    ['https://App.Example.org.:8443'],
    [
      siteProfileSchema.parse({ hosts: ['*'] }),
      siteProfileSchema.parse({ hosts: ['Subs.Example.CN.', '*.example.JP'] }),
    ],
  );

  it('knows each host however the request or the configuration spells it, and answers it normalised', () => {
    expect(hosts.publicHost).toBe('subs.example.com');
    for (const [raw, host] of [
      ['subs.example.com.', 'subs.example.com'],
      ['APP.example.org', 'app.example.org'],
      ['subs.example.cn.', 'subs.example.cn'],
      ['Www.Example.JP.', 'www.example.jp'],
    ])
      expect(hosts.effective(raw!), raw).toBe(host);
  });
});
