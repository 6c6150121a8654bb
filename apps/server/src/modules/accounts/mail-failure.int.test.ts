import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { startSmtpSink } from '../../../test/support/smtp-sink.js';
import { envelope, expectFailure, expectSuccess } from '../../../test/support/http.js';

describe('when the mail server is down', () => {
  let t: TestApp;
  let revived: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await revived?.close();
    await t.close();
  });

  it('answers SEND_CODE_FAILED, and lets the user ask again at once when mail works again', async () => {
    const email = uniqueEmail('smtp-down');
    await t.smtp.close();
    const res = await t.post('/user/send_code', { email }, { headers: { 'accept-language': 'en' } });
    const body = expectFailure(res, 50201, 502);
    expect(body.msg).toMatch(/verification code/i);
    expect(body.msg).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);

    // the failed attempt holds no code and no resend interval
    revived = await startSmtpSink(t.smtp.port);
    expectSuccess(await t.post('/user/send_code', { email }));
    const code = await revived.codeFor(email);
    const registered = await t.post('/user/register', { email, name: 'Patient', pass: 'secret-pass', code });
    expect(envelope(registered).code).toBe(20000);
  });
});
