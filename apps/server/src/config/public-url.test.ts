import { describe, expect, it } from 'vitest';
import { defaultPublicUrl, listensOnAllInterfaces } from './public-url.js';

describe('the default PUBLIC_URL', () => {
  it('is localhost for this machine, whatever loopback or all-interfaces HOST the server listens on', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::'])
      expect(defaultPublicUrl(host, 8080)).toBe('http://localhost:8080');
  });

  it('is the listening address itself when HOST names one', () => {
    expect(defaultPublicUrl('192.168.1.20', 3000)).toBe('http://192.168.1.20:3000');
    expect(defaultPublicUrl('subs.internal', 80)).toBe('http://subs.internal:80');
    expect(defaultPublicUrl('fd00::5', 8080)).toBe('http://[fd00::5]:8080');
    expect(new URL(defaultPublicUrl('fd00::5', 8080)).origin).toBe('http://[fd00::5]:8080');
  });

  it('knows when the server listens on every interface', () => {
    expect(listensOnAllInterfaces('0.0.0.0')).toBe(true);
    expect(listensOnAllInterfaces('::')).toBe(true);
    expect(listensOnAllInterfaces('127.0.0.1')).toBe(false);
  });
});
