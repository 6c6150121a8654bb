import { describe, expect, it } from 'vitest';
import { loadSiteProfiles, profileForHost, resolveSiteConfig } from './site-profiles.js';

const opts = {
  googleConfigured: true,
  wechatAppId: 'wxapp',
  supportFallbackEmail: 'support@example.com',
  publicOrigin: 'https://x.test',
  channels: { alipay: 'sandbox', card: null },
} as const;

describe('site profiles', () => {
  const profiles = loadSiteProfiles(
    JSON.stringify([
      { hosts: ['*'], wechatLogin: true },
      { hosts: ['subs.example.com'], defaultLanguage: 'en', googleLogin: true, paymentEnv: 'prod' },
      { hosts: ['*.example.cn'], licenceNotice: 'ICP 123', googleTranslation: false },
    ]),
    undefined,
  );

  it('picks the most specific profile', () => {
    expect(profileForHost(profiles, 'subs.example.com').defaultLanguage).toBe('en');
    expect(profileForHost(profiles, 'www.example.cn').licenceNotice).toBe('ICP 123');
    expect(profileForHost(profiles, 'other.org').defaultLanguage).toBe('zh');
  });

  it('offers a login only when the profile wants it and the server is configured', () => {
    const en = resolveSiteConfig(profileForHost(profiles, 'subs.example.com'), 'subs.example.com', opts);
    expect(en.googleLogin).toBe(true);
    expect(en.wechatLogin).toBe(false);
    const noGoogle = resolveSiteConfig(profileForHost(profiles, 'subs.example.com'), 'subs.example.com', {
      ...opts,
      googleConfigured: false,
    });
    expect(noGoogle.googleLogin).toBe(false);
  });

  it('derives the support address from the host, with a fallback on localhost and IPs', () => {
    const p = profileForHost(profiles, 'x');
    expect(resolveSiteConfig(p, 'www.subs.org', opts).supportEmail).toBe('service@subs.org');
    expect(resolveSiteConfig(p, 'localhost', opts).supportEmail).toBe('support@example.com');
    expect(resolveSiteConfig(p, '10.1.2.3', opts).supportEmail).toBe('support@example.com');
  });

  it('rejects malformed profiles with the field named', () => {
    expect(() => loadSiteProfiles('[{"hosts": []}]', undefined)).toThrow(/SITE_PROFILES\.0\.hosts/);
    expect(() => loadSiteProfiles('{', undefined)).toThrow(/not valid JSON/);
  });
});

describe('a host’s profile whatever the spelling of its name', () => {
  const profiles = loadSiteProfiles(
    JSON.stringify([
      { hosts: ['*'], defaultLanguage: 'ja' },
      { hosts: ['Subs.Example.com.'], defaultLanguage: 'en' },
      { hosts: ['*.EXAMPLE.cn'], licenceNotice: 'ICP 123' },
    ]),
    undefined,
  );

  it('gives the absolute name, upper case and a port the profile of the plain name', () => {
    for (const host of [
      'subs.example.com',
      'subs.example.com.',
      'SUBS.EXAMPLE.COM',
      'Subs.example.com.:8443',
    ])
      expect(profileForHost(profiles, host).defaultLanguage, host).toBe('en');
    for (const host of ['www.example.cn.', 'WWW.EXAMPLE.CN'])
      expect(profileForHost(profiles, host).licenceNotice, host).toBe('ICP 123');
    expect(profileForHost(profiles, 'subs.example.com..').defaultLanguage).toBe('ja');
  });
});
