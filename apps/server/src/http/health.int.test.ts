import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, startTestApp, type TestApp } from '../../test/harness.js';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz answers 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /readyz answers 200 with the kind of database it reached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', database: TEST_DB });
  });

  it('sends helmet’s security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    // images only from here and the sign-in providers' image hosts, never any https host
    const img = /img-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(img).toEqual(
      expect.arrayContaining(["'self'", 'https://*.googleusercontent.com', 'https://*.qlogo.cn']),
    );
    expect(img).not.toContain('https:');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
