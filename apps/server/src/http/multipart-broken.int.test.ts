import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import {
  expectFailure,
  expectSuccess,
  makePng,
  multipart,
  OWN_ORIGIN,
  userRowByEmail,
  type MultipartPart,
} from '../../test/support/http.js';

const SRT =
  '1\n00:00:01,000 --> 00:00:02,000\nHello there, friend\n\n2\n00:00:03,000 --> 00:00:04,000\nAgain\n';

/**
 * Issue 41: upload forms that cannot be read as multipart/form-data are the client's fault and
 * are said to be: a Content-Type without a boundary, and a body cut off before its closing
 * boundary, were answered 500 (or, cut between parts, taken as a complete form).
 */
describe(`upload forms that cannot be read (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType, cookie: `user_sessionid=${token}`, origin: OWN_ORIGIN },
      payload,
    });
  /** a user whose interface language is English (the answers speak it) */
  const englishUser = async () => {
    const u = await t.signUp();
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: u.token }));
    return u;
  };
  const taskCount = async (userId: number) =>
    (
      await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks WHERE user_id = $1', [userId])
    )[0]!.n;
  const srtForm = (extra: MultipartPart[] = []) =>
    multipart([
      { name: 'targetLanguage', data: 'ja' },
      { name: 'file', filename: 'film.srt', contentType: 'application/x-subrip', data: SRT },
      ...extra,
    ]);
  const avatarForm = () =>
    multipart([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', data: makePng(8, 8) }]);

  it('answers a Content-Type without a boundary with 40003 in the caller’s language, and writes nothing', async () => {
    const u = await t.signUp();
    const { payload } = srtForm();
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; charset=utf-8',
      'multipart/form-data; boundary=',
    ]) {
      const zh = expectFailure(await post('/task/create', u.token, payload, contentType), 40003, 400);
      expect(zh.msg).toMatch(/缺少 boundary/);
    }
    const en = expectFailure(
      await post('/task/create', (await englishUser()).token, payload, 'multipart/form-data'),
      40003,
      400,
    );
    expect(en.msg).toBe(
      'The form’s Content-Type names no boundary (multipart/form-data; boundary=…), so its parts cannot be told apart',
    );
    const avatar = avatarForm();
    expectFailure(await post('/api/upload', u.token, avatar.payload, 'multipart/form-data'), 40003, 400);
    expect(await taskCount(u.id)).toBe(0);
    expect((await userRowByEmail(t, u.email))!.pic).toBe('');
  });

  it('answers a body cut off inside the file with 40004, and creates no task', async () => {
    const u = await englishUser();
    const { payload, contentType } = srtForm();
    const cut = payload.indexOf('Again');
    for (const at of [cut, cut - 30, payload.indexOf('Hello')]) {
      const res = await post('/task/create', u.token, payload.subarray(0, at), contentType);
      expect(expectFailure(res, 40004, 400).msg).toBe(
        'The form is incomplete: it ended before its last part did (or is malformed), so nothing was saved. Send it again',
      );
    }
    const avatar = avatarForm();
    expectFailure(
      await post(
        '/api/upload',
        u.token,
        avatar.payload.subarray(0, avatar.payload.length - 60),
        avatar.contentType,
      ),
      40004,
      400,
    );
    expect(await taskCount(u.id)).toBe(0);
    expect((await userRowByEmail(t, u.email))!.pic).toBe('');
  });

  it('refuses a form cut off after a whole part (the parser took it for complete), or inside a later field', async () => {
    const u = await t.signUp();
    const { payload, contentType } = srtForm([{ name: 'includeOriginalText', data: 'true' }]);
    const closing = payload.lastIndexOf(Buffer.from('--\r\n'));
    // without the closing delimiter `--boundary--`: every part whole, the form's end missing
    const noClose = payload.subarray(0, payload.lastIndexOf(Buffer.from('\r\n--'), closing));
    expectFailure(await post('/task/create', u.token, noClose, contentType), 40004, 400);
    // inside the last field's value: `tr` of `true` would have been read as the value
    const inField = payload.subarray(0, payload.lastIndexOf(Buffer.from('true')) + 2);
    expectFailure(await post('/task/create', u.token, inField, contentType), 40004, 400);
    expect(await taskCount(u.id)).toBe(0);
  });

  it('keeps serving: the same form whole is taken, with an epilogue after its close too', async () => {
    const u = await t.signUp();
    const { payload, contentType } = srtForm([{ name: 'includeOriginalText', data: 'true' }]);
    const task = expectSuccess<{ includeOriginalText: boolean }>(
      await post('/task/create', u.token, payload, contentType),
    );
    expect(task.includeOriginalText).toBe(true);
    const epilogue = Buffer.concat([payload, Buffer.from('an epilogue the parser ignores\r\n')]);
    expectSuccess(await post('/task/create', u.token, epilogue, contentType));
    const avatar = avatarForm();
    expectSuccess(await post('/api/upload', u.token, avatar.payload, avatar.contentType));
    expect(await taskCount(u.id)).toBe(2);
  });
});
