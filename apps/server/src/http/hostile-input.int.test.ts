import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TaskWithSegments } from '@subtrans/contract';
import { startTestApp, TEST_DB, uniqueEmail, type TestApp } from '../../test/harness.js';
import {
  envelope,
  expectFailure,
  expectSuccess,
  failedFields,
  makePng,
  managerToken,
  multipart,
  OWN_ORIGIN,
  postFrom,
  uniqueIp,
  userRowByEmail,
  type MultipartPart,
} from '../../test/support/http.js';
import { makeSrt, uploadSrt } from '../../test/support/tasks.js';

/** A refusal that names `field` and says, in Chinese, that it holds a NUL character. */
function expectNulRefused(res: LightMyRequestResponse, field: string) {
  const answer = expectFailure(res, 40000, 400);
  expect(failedFields(res)).toEqual([field]);
  expect(answer.msg).toContain('空字符（U+0000）');
}

describe(`NUL characters, bidi controls and crowded forms (${TEST_DB})`, () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await managerToken(t);
  });
  afterAll(() => t.close());

  const count = async (sql: string, params: unknown[] = []) =>
    (await t.ctx.db.query<{ n: number }>(sql, params))[0]!.n;

  describe('NUL characters', () => {
    it('refuses a name with NUL in register, profile and create user, naming the field', async () => {
      const email = uniqueEmail('nul');
      expectSuccess(await t.post('/user/send_code', { email }));
      const code = await t.smtp.codeFor(email);
      const register = await t.post('/user/register', {
        email,
        name: 'Ann\u0000Lee',
        pass: 'secret-pass',
        code,
      });
      expectNulRefused(register, 'name');
      expect(await userRowByEmail(t, email)).toBeUndefined();

      const user = await t.signUp({ name: 'Plain Name' });
      expectNulRefused(
        await t.post('/user/update_profile', { name: '\u0000\u0000' }, { as: user.token }),
        'name',
      );
      expect((await userRowByEmail(t, user.email))!.name).toBe('Plain Name');

      const created = uniqueEmail('nul-create');
      const res = await t.post(
        '/user/create_user',
        { email: created, name: 'Bob\u0000', pass: 'secret-pass' },
        { as: manager },
      );
      expectNulRefused(res, 'name');
      expect(await userRowByEmail(t, created)).toBeUndefined();
    });

    it('refuses a contact message with NUL and stores nothing', async () => {
      const before = await count('SELECT count(*)::int AS n FROM contact_messages');
      const res = await postFrom(t, uniqueIp(), '/contact/submit', {
        name: 'Mei',
        email: 'mei@example.com',
        subject: 'Hello',
        message: 'first line\u0000second line',
      });
      expectNulRefused(res, 'message');
      expect(await count('SELECT count(*)::int AS n FROM contact_messages')).toBe(before);
    });

    it('refuses NUL in segment texts, texts to translate, a password and a field name', async () => {
      const user = await t.signUp();
      const segments = await t.post(
        '/task/update_segments',
        {
          taskId: randomUUID(),
          baseVersion: 0,
          segments: [{ id: 1 }, { id: 2, translatedText: 'a\u0000b' }],
        },
        { as: user.token },
      );
      expectNulRefused(segments, 'segments.1.translatedText');
      const texts = await t.post(
        '/translation/translate',
        { texts: ['fine', '\u0000'], targetLanguage: 'ja' },
        { as: user.token },
      );
      expectNulRefused(texts, 'texts.1');
      const login = await t.post('/email/auth', { email: user.email, pass: `${user.pass}\u0000` });
      expectNulRefused(login, 'pass');
      // in a key, the object that holds it is named
      expectNulRefused(await t.post('/user/send_code', { email: 'a@example.com', 'x\u0000': 1 }), '');
    });

    it('refuses NUL in a multipart field, and drops it from the SRT text and the file name', async () => {
      const { token } = await t.signUp();
      const field = await uploadSrt(
        t,
        token,
        { name: 'film.srt', data: makeSrt(2) },
        { targetLanguage: 'ja\u0000' },
      );
      expectNulRefused(field, 'targetLanguage');

      const srt =
        '1\r\n00:00:01,000 --> 00:00:02,000\r\nHel\u0000lo\u0000\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n\u0000World\r\n';
      const task = expectSuccess<TaskWithSegments>(
        await uploadSrt(t, token, { name: 'fi\u0000lm\u0007.srt', data: srt }),
      );
      expect(task.fileName).toBe('film.srt');
      const got = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: task.id }, { as: token }));
      expect(got.segments.map((s) => s.originalText)).toEqual(['Hello', 'World']);
    });
  });

  describe('display names', () => {
    it('strips bidi overrides, isolates and control characters from names', async () => {
      const { email, token } = await t.signUp({ name: '\u202Egpj.exe\u202C Ann\u0007' });
      expect((await userRowByEmail(t, email))!.name).toBe('gpj.exe Ann');

      const profile = await t.post(
        '/user/update_profile',
        { name: '\u2066Lee\u2069\t\u200FWang\u202A' },
        { as: token },
      );
      expect(expectSuccess<{ name: string }>(profile).name).toBe('Lee Wang');

      const created = uniqueEmail('bidi-create');
      const res = await t.post(
        '/user/create_user',
        { email: created, name: '\u202Dadmin\u202E\u2067', pass: 'secret-pass' },
        { as: manager },
      );
      expect(expectSuccess<{ name: string }>(res).name).toBe('admin');
    });

    it('counts a name without its invisible characters, so bidi padding cannot make it long enough', async () => {
      const { token } = await t.signUp({ name: 'Before' });
      const res = await t.post('/user/update_profile', { name: '\u202Ex\u202C\u2066' }, { as: token });
      expectFailure(res, 40000, 400);
      expect(failedFields(res)).toEqual(['name']);
      expect(envelope(res).msg).toBe('请求参数有误：名称至少需要 2 个字符');
    });
  });

  describe('multipart forms with too many fields', () => {
    const post = (url: string, token: string, parts: MultipartPart[]) => {
      const { payload, contentType } = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType, cookie: `user_sessionid=${token}`, origin: OWN_ORIGIN },
        payload,
      });
    };
    const extra = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `extra${i}`, data: 'x' }));
    const srtFile = {
      name: 'file',
      filename: 'film.srt',
      contentType: 'application/x-subrip',
      data: makeSrt(3),
    };
    const avatar = { name: 'avatar', filename: 'me.png', contentType: 'image/png', data: makePng(4, 4) };

    it.each([16, 17, 50, 500])(
      'answers /task/create with %i text fields before the file with 40002',
      async (n) => {
        const { token, id } = await t.signUp();
        const res = await post('/task/create', token, [
          { name: 'targetLanguage', data: 'ja' },
          ...extra(n),
          srtFile,
        ]);
        const answer = expectFailure(res, 40002, 400);
        expect(answer.msg).toBe('表单的字段过多（最多 16 个），请只发送文件和表单本身的字段');
        expect(await count('SELECT count(*)::int AS n FROM tasks WHERE user_id = $1', [id])).toBe(0);
      },
    );

    it.each([17, 50])('answers /api/upload with %i text fields before the file with 40002', async (n) => {
      const { token, email } = await t.signUp();
      const res = await post('/api/upload', token, [...extra(n), avatar]);
      expectFailure(res, 40002, 400);
      expect(envelope(res).data).toEqual({ max: 16 });
      expect((await userRowByEmail(t, email))!.pic).toBe('');
    });

    it('counts the fields after the file too, and still takes a form within the limit', async () => {
      const { token } = await t.signUp();
      const after = await post('/task/create', token, [
        srtFile,
        { name: 'targetLanguage', data: 'ja' },
        ...extra(16),
      ]);
      expectFailure(after, 40002, 400);
      // the form's own fields and a few unknown ones: sixteen in all, accepted
      const within = await post('/task/create', token, [
        { name: 'targetLanguage', data: 'ja' },
        ...extra(15),
        srtFile,
      ]);
      expectSuccess(within);
      expectSuccess(await post('/api/upload', token, [...extra(16), avatar]));
    });

    it('answers a form with many fields in the user’s language, and keeps serving', async () => {
      const { token } = await t.signUp();
      expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: token }));
      const res = await post('/task/create', token, [...extra(30), srtFile]);
      expect(expectFailure(res, 40002, 400).msg).toBe(
        'The form has too many fields (at most 16); send only the file and the form’s own fields',
      );
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });
  });
});
