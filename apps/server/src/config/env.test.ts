import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.js';

describe('parseEnv', () => {
  it('applies the embedded defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it('lists every invalid variable by name', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SMTP_URL');
  });

  it("sizes the embedded database's shared buffers: 32 MB by default, 1 to 1024", () => {
    expect(parseEnv({}).PGLITE_SHARED_BUFFERS_MB).toBe(32);
    expect(parseEnv({ PGLITE_SHARED_BUFFERS_MB: '128' }).PGLITE_SHARED_BUFFERS_MB).toBe(128);
    expect(() => parseEnv({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
    expect(() => parseEnv({ PGLITE_SHARED_BUFFERS_MB: '64MB' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });

  it('takes a daily re-translation character budget: 20,000 by default, 0 to turn it off', () => {
    expect(parseEnv({}).RETRANSLATE_DAILY_CHARS).toBe(20_000);
    expect(parseEnv({ RETRANSLATE_DAILY_CHARS: '0' }).RETRANSLATE_DAILY_CHARS).toBe(0);
    expect(() => parseEnv({ RETRANSLATE_DAILY_CHARS: '-1' })).toThrow(/RETRANSLATE_DAILY_CHARS/);
    expect(() => parseEnv({ RETRANSLATE_DAILY_CHARS: 'lots' })).toThrow(/RETRANSLATE_DAILY_CHARS/);
  });

  it('takes trial points for new accounts: 30 by default, 0 to turn them off', () => {
    expect(parseEnv({}).SIGNUP_POINTS).toBe(30);
    expect(parseEnv({ SIGNUP_POINTS: '0' }).SIGNUP_POINTS).toBe(0);
    expect(parseEnv({ SIGNUP_POINTS: '120' }).SIGNUP_POINTS).toBe(120);
    expect(() => parseEnv({ SIGNUP_POINTS: '-5' })).toThrow(/SIGNUP_POINTS/);
    expect(() => parseEnv({ SIGNUP_POINTS: '2.5' })).toThrow(/SIGNUP_POINTS/);
  });

  it('takes the per-address limits of code mails and registrations, never 0', () => {
    expect(parseEnv({})).toMatchObject({ CODE_MAILS_PER_IP: 30, REGISTRATIONS_PER_IP: 60 });
    expect(parseEnv({ CODE_MAILS_PER_IP: '500' }).CODE_MAILS_PER_IP).toBe(500);
    expect(() => parseEnv({ CODE_MAILS_PER_IP: '0' })).toThrow(/CODE_MAILS_PER_IP/);
    expect(() => parseEnv({ REGISTRATIONS_PER_IP: 'many' })).toThrow(/REGISTRATIONS_PER_IP/);
  });

  it('requires provider credentials in pairs', () => {
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'x' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => parseEnv({ WECHAT_APP_SECRET: 'x' })).toThrow(/WECHAT_APP_ID/);
  });

  it('reads the products for sale as JSON, with a readable error', () => {
    expect(parseEnv({}).PRODUCTS).toHaveLength(3);
    expect(parseEnv({ PRODUCTS: '[{"id":5,"points":50,"priceCny":5,"priceUsd":0.8}]' }).PRODUCTS).toEqual([
      { id: 5, points: 50, priceCny: 5, priceUsd: 0.8 },
    ]);
    expect(() => parseEnv({ PRODUCTS: 'not json' })).toThrow(/PRODUCTS: must be a JSON array/);
    expect(() => parseEnv({ PRODUCTS: '[{"id":5,"points":-1,"priceCny":5,"priceUsd":1}]' })).toThrow(
      /PRODUCTS/,
    );
  });

  it('takes S3 storage all or nothing', () => {
    expect(() => parseEnv({ S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'subs' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    const env = parseEnv({
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'subs',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(env).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
  });

  it('takes TRUST_PROXY as false, a hop count or proxy addresses, and refuses a bare true', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual({
      proxies: ['127.0.0.1', '10.0.0.0/8', '::1', 'loopback'],
    });
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: .*Write the number of proxies in front of the server \(e\.g\. 1\), or their addresses \(e\.g\. 127\.0\.0\.1,10\.0\.0\.0\/8 or loopback\)/,
      );
    }
    for (const value of ['10.0.0.0/33', 'proxy.example.com', '1.2.3', '10.0.0.1/255.0.0.1x']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: not an address or CIDR range/);
    }
  });

  it('takes PAYMENT_SANDBOX as auto, true or false, and refuses true beside a real provider', () => {
    expect(parseEnv({}).PAYMENT_SANDBOX).toBe('auto');
    expect(parseEnv({ PAYMENT_SANDBOX: 'true' }).PAYMENT_SANDBOX).toBe('true');
    expect(() => parseEnv({ PAYMENT_SANDBOX: 'on' })).toThrow(/PAYMENT_SANDBOX/);
    expect(() =>
      parseEnv({ PAYMENT_SANDBOX: 'true', AIRWALLEX_CLIENT_ID: 'id', AIRWALLEX_API_KEY: 'key' }),
    ).toThrow(/PAYMENT_SANDBOX=true beside a real payment provider \(Airwallex \(AIRWALLEX_CLIENT_ID\)\)/);
    expect(
      parseEnv({ PAYMENT_SANDBOX: 'false', AIRWALLEX_CLIENT_ID: 'id', AIRWALLEX_API_KEY: 'k' }),
    ).toMatchObject({ PAYMENT_SANDBOX: 'false' });
  });
});
