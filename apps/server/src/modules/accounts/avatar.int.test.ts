import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { LIMITS } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import {
  OWN_ORIGIN,
  expectFailure,
  expectSuccess,
  makePng,
  multipart,
  type MultipartPart,
} from '../../../test/support/http.js';

const MiB = 1024 * 1024;

describe('avatar upload /api/upload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const upload = (token: string | null, parts: MultipartPart[]): Promise<LightMyRequestResponse> => {
    const { payload, contentType } = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: {
        'content-type': contentType,
        ...(token ? { cookie: `user_sessionid=${token}`, origin: OWN_ORIGIN } : {}),
      },
      payload,
    });
  };
  const avatar = (data: Buffer | string, filename = 'me.png', contentType = 'image/png'): MultipartPart => ({
    name: 'avatar',
    filename,
    contentType,
    data,
  });
  const storedObjects = async () => {
    const root = path.join(t.ctx.env.DATA_DIR, 'objects');
    const files = await readdir(root, { recursive: true }).catch(() => [] as string[]);
    return files.filter((f) => /\.(png|jpg|gif|webp)$/.test(f)).length;
  };

  it('stores a PNG and serves the same bytes back by URL', async () => {
    const { token } = await t.signUp();
    const png = makePng(2, 2);
    const res = await upload(token, [avatar(png)]);
    const { url } = expectSuccess<{ url: string }>(res);
    expect(url).toMatch(/^\/files\/avatars\/.+\.png$/);

    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(png)).toBe(true);

    // and it becomes the profile picture when the client saves it
    expectSuccess(await t.post('/user/update_profile', { pic: url }, { as: token }));
    const profile = expectSuccess<{ pic: string; picture: string }>(
      await t.post('/user/profile', {}, { as: token }),
    );
    expect(profile).toMatchObject({ pic: url, picture: url });
  });

  it('replaces the old avatar, but never removes another user’s file', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { url: ownerUrl } = expectSuccess<{ url: string }>(
      await upload(owner.token, [avatar(makePng(3, 3))]),
    );
    expectSuccess(await t.post('/user/update_profile', { pic: ownerUrl }, { as: owner.token }));

    // another user points their profile at the owner's file, then changes it and leaves
    expectSuccess(await t.post('/user/update_profile', { pic: ownerUrl }, { as: other.token }));
    expectSuccess(
      await t.post(
        '/user/update_profile',
        { pic: 'https://lh3.googleusercontent.com/a/x' },
        { as: other.token },
      ),
    );
    expectSuccess(await t.post('/user/update_profile', { pic: ownerUrl }, { as: other.token }));
    expectSuccess(await t.post('/user/close_account', { pass: other.pass }, { as: other.token }));
    expect((await t.app.inject({ method: 'GET', url: ownerUrl })).statusCode).toBe(200);

    // the owner's own change does remove the file they replaced
    const { url: second } = expectSuccess<{ url: string }>(
      await upload(owner.token, [avatar(makePng(4, 4))]),
    );
    expectSuccess(await t.post('/user/update_profile', { pic: second }, { as: owner.token }));
    expect((await t.app.inject({ method: 'GET', url: ownerUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('decides the type from the bytes, not the name: a JPEG named .png is served as a JPEG', async () => {
    const { token } = await t.signUp();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const { url } = expectSuccess<{ url: string }>(await upload(token, [avatar(jpeg, 'photo.png')]));
    expect(url).toMatch(/\.jpg$/);
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a text file renamed .png with UNSUPPORTED_FILE and stores nothing', async () => {
    const { token } = await t.signUp();
    const before = await storedObjects();
    expectFailure(await upload(token, [avatar('just some text, not an image\n', 'fake.png')]), 41500, 415);
    expectFailure(
      await upload(token, [
        avatar(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          'x.svg',
          'image/svg+xml',
        ),
      ]),
      41500,
      415,
    );
    expectFailure(await upload(token, [avatar(Buffer.alloc(0), 'empty.png')]), 41500, 415);
    expect(await storedObjects()).toBe(before);
  });

  it('accepts an image up to 2 MiB and refuses a bigger one with 41300', async () => {
    const { token } = await t.signUp();
    const justUnder = makePng(1, 1, 2 * MiB - 16);
    expect(justUnder.length).toBeLessThanOrEqual(2 * MiB);
    // bigger than the 1 MiB JSON body limit, which must not apply to uploads
    expect(justUnder.length).toBeGreaterThan(LIMITS.jsonBodyMaxBytes);
    const start = await storedObjects();
    expectSuccess(await upload(token, [avatar(justUnder)]));
    expect(await storedObjects()).toBe(start + 1);

    const tooBig = makePng(1, 1, 2 * MiB + 1024);
    expect(tooBig.length).toBeGreaterThan(2 * MiB);
    expectFailure(await upload(token, [avatar(tooBig)]), 41300, 413);
    expect(await storedObjects()).toBe(start + 1);
  });

  it('needs a session', async () => {
    const res = await upload(null, [avatar(makePng())]);
    expectFailure(res, 40100, 401);
  });

  it('refuses a file under another field name, or no file at all', async () => {
    const { token } = await t.signUp();
    const before = await storedObjects();
    expectFailure(await upload(token, [{ ...avatar(makePng()), name: 'file' }]), 40000, 400);
    expectFailure(await upload(token, [{ name: 'avatar', data: 'not a file' }]), 40000, 400);
    expectFailure(await upload(token, []), 40000, 400);
    expect(await storedObjects()).toBe(before);
  });

  it('refuses a JSON body', async () => {
    const { token } = await t.signUp();
    expectFailure(
      await t.post('/api/upload', { avatar: 'data:image/png;base64,AAAA' }, { as: token }),
      40000,
      400,
    );
  });

  it('answers 404 for avatars that do not exist and for paths outside the avatar folder', async () => {
    for (const url of [
      '/files/avatars/1/nothing.png',
      '/files/avatars/1/nothing.exe',
      '/files/avatars/..%2F..%2Fsecret.png',
      '/files/avatars/%2e%2e/%2e%2e/secret.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 40400 });
    }
  });
});
