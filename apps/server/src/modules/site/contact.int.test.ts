import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import {
  expectFailure,
  expectSuccess,
  failedFields,
  postFrom,
  uniqueIp,
} from '../../../test/support/http.js';

describe(`the contact form and the crawler files (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SUPPORT_FALLBACK_EMAIL: 'help@subtrans.test' } });
  });
  afterAll(() => t.close());

  const message = {
    name: 'Mei',
    email: 'Mei@Example.com',
    subject: 'Bilingual export',
    message: 'Can the original line go below the translation?',
  };

  it('stores the message before answering, and mails it to the host’s support address', async () => {
    const res = await postFrom(t, uniqueIp(), '/contact/submit', message, { 'accept-language': 'en' });
    const { id } = expectSuccess<{ id: number }>(res);
    const rows = await t.ctx.db.query<Record<string, unknown>>(
      `SELECT * FROM contact_messages WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({
      name: 'Mei',
      email: 'mei@example.com',
      subject: 'Bilingual export',
      message: message.message,
      language: 'en',
      user_id: null,
    });
    // on localhost the support address is the configured fallback
    const mail = await t.smtp.waitForMail('help@subtrans.test');
    expect(mail.subject).toBe(`[contact #${id}] Bilingual export`);
    expect(mail.text).toContain('From: Mei <mei@example.com>');
    expect(mail.text).toContain(message.message);
  });

  it('refuses what §5 refuses, names the fields, and stores nothing', async () => {
    const before = (
      await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_messages`)
    )[0]!.n;
    const res = await postFrom(t, uniqueIp(), '/contact/submit', {
      name: ' ',
      email: 'not-an-email',
      subject: '',
      message: 'x'.repeat(5001),
    });
    expectFailure(res, 40000, 400);
    expect(failedFields(res).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expectFailure(await postFrom(t, uniqueIp(), '/contact/submit', 'nonsense'), 40000, 400);
    const after = (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_messages`))[0]!
      .n;
    expect(after).toBe(before);
  });

  it('limits how often one address can write', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i += 1)
      expectSuccess(await postFrom(t, ip, '/contact/submit', { ...message, email: `a${i}@example.com` }));
    for (let i = 0; i < 5; i += 1)
      expectSuccess(await postFrom(t, ip, '/contact/submit', { ...message, email: `b${i}@example.com` }));
    expectFailure(
      await postFrom(t, ip, '/contact/submit', { ...message, email: 'c@example.com' }),
      42900,
      429,
    );
  });

  it('serves robots.txt and a sitemap of every public page with its language alternates', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Sitemap: http://localhost:8080/sitemap.xml');
    expect(robots.body).toContain('Disallow: /dashboard');
    // review links' pages (issue 40 §2) are someone's task
    expect(robots.body).toContain('Disallow: /review');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain('/review');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const page of ['/', '/srt-translation', '/guide', '/about', '/contact', '/terms', '/privacy'])
      expect(sitemap.body).toContain(`<loc>http://localhost:8080${page}</loc>`);
    expect(sitemap.body).toContain('hreflang="ja" href="http://localhost:8080/terms?lang=ja"');
    expect(sitemap.body.match(/<url>/g)).toHaveLength(24);
  });
});
