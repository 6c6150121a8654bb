import { describe, expect, it } from 'vitest';
import { isLoopbackHost, sandboxEnabled } from './payment-sandbox.js';

describe('whether the sandbox checkout exists', () => {
  it('auto: only with no real provider at all and PUBLIC_URL unset or on a loopback address', () => {
    const auto = { PAYMENT_SANDBOX: 'auto' as const };
    expect(sandboxEnabled(auto)).toBe(true);
    for (const url of [
      'http://localhost:8080',
      'http://app.localhost',
      'http://127.0.0.9:1',
      'http://[::1]:80',
    ])
      expect(sandboxEnabled({ ...auto, PUBLIC_URL: url }), url).toBe(true);
    for (const url of [
      'https://subs.example.com',
      'http://10.0.0.5:8080',
      'http://0.0.0.0',
      'http://localhost.evil.com',
    ])
      expect(sandboxEnabled({ ...auto, PUBLIC_URL: url }), url).toBe(false);
    expect(sandboxEnabled({ ...auto, ALIPAY_APP_ID: 'app' })).toBe(false);
    expect(sandboxEnabled({ ...auto, AIRWALLEX_CLIENT_ID: 'client' })).toBe(false);
  });

  it('true and false: as set, whatever the public address', () => {
    expect(sandboxEnabled({ PAYMENT_SANDBOX: 'true', PUBLIC_URL: 'https://subs.example.com' })).toBe(true);
    expect(sandboxEnabled({ PAYMENT_SANDBOX: 'false' })).toBe(false);
  });

  it('knows a loopback host name', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('127.255.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('::2')).toBe(false);
  });
});
