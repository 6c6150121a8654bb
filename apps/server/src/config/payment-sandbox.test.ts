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

  it('auto: off when the server listens beyond this machine, whatever PUBLIC_URL says', () => {
    const auto = { PAYMENT_SANDBOX: 'auto' as const };
    for (const HOST of ['127.0.0.1', 'localhost', '::1'])
      expect(sandboxEnabled({ ...auto, HOST }), HOST).toBe(true);
    // an unknown Host is answered as PUBLIC_URL's (localhost): anyone reaching 0.0.0.0 would get it
    for (const HOST of ['0.0.0.0', '::', '192.168.1.5'])
      for (const PUBLIC_URL of [undefined, 'http://localhost:8080'])
        expect(sandboxEnabled({ ...auto, HOST, PUBLIC_URL }), `${HOST} ${PUBLIC_URL}`).toBe(false);
    expect(sandboxEnabled({ PAYMENT_SANDBOX: 'true', HOST: '0.0.0.0' })).toBe(true);
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
