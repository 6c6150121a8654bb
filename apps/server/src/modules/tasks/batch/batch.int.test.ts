import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import type { Batch } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import {
  envelope,
  expectFailure,
  expectSuccess,
  multipart,
  OWN_ORIGIN,
} from '../../../../test/support/http.js';
import { grantPoints, makeSrt } from '../../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';

const KEY = 'batch-engine-key';

describe('batches', () => {
  let t: TestApp;
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let receiver: Server;
  const events: { type: string; data: { id: string; completed?: number; failed?: number } }[] = [];
  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        events.push(JSON.parse(body) as (typeof events)[number]);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    t = await startTestApp({
      queue: true,
      env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url, WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
    await new Promise<void>((r) => receiver.close(() => r()));
  });

  const customer = async (points: number) => {
    const user = await t.signUp();
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: user.token }));
    if (points) await grantPoints(t, user.id, points);
    return user;
  };
  const upload = (token: string, files: { name: string; data: string }[], fields: Record<string, string>) => {
    const { payload, contentType } = multipart([
      ...Object.entries(fields).map(([name, data]) => ({ name, data })),
      ...files.map((f) => ({
        name: 'files',
        filename: f.name,
        contentType: 'application/x-subrip',
        data: f.data,
      })),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/batch/create',
      headers: { 'content-type': contentType, cookie: `user_sessionid=${token}`, origin: OWN_ORIGIN },
      payload,
    });
  };
  const countOf = async (sql: string, id: number) => (await t.ctx.db.query<{ n: number }>(sql, [id]))[0]!.n;
  const SEASON = [
    { name: 'Show - ep10.srt', data: makeSrt(3) },
    { name: 'Show - ep2.srt', data: makeSrt(2) },
    { name: 'Show - ep1.srt', data: makeSrt(2) },
  ];

  it('makes and starts one task per file and language, in episode order, and ends with batch.completed', async () => {
    const { token, id } = await customer(500);
    const { port } = receiver.address() as { port: number };
    expectSuccess(await t.post('/webhook/set', { url: `http://127.0.0.1:${port}/in` }, { as: token }));
    const batch = expectSuccess<Batch>(await upload(token, SEASON, { targetLanguages: 'ja,fr' }));
    expect(batch.name).toBe('Show - ep1.srt (+2)');
    expect(batch.tasks.map((x) => `${x.fileName}>${x.targetLanguage}`)).toEqual([
      'Show - ep1.srt>ja',
      'Show - ep1.srt>fr',
      'Show - ep2.srt>ja',
      'Show - ep2.srt>fr',
      'Show - ep10.srt>ja',
      'Show - ep10.srt>fr',
    ]);
    expect(batch.tasks.every((x) => x.batchId === batch.id)).toBe(true);
    // each task holds its own points
    expect(await countOf(`SELECT count(*)::int AS n FROM point_holds WHERE user_id = $1`, id)).toBe(6);
    expect(batch.estimatedPoints).toBe(batch.tasks.reduce((s, x) => s + x.estimatedPoints, 0));

    const done = await until(async () => {
      const b = expectSuccess<Batch>(await t.post('/batch/get', { id: batch.id }, { as: token }));
      return b.finishedAt !== null && b;
    }, 60_000);
    expect(done.counts).toEqual({ total: 6, completed: 6, failed: 0, running: 0 });
    await until(() => events.some((e) => e.type === 'batch.completed' && e.data.id === batch.id));
    const ends = events.filter((e) => e.type === 'batch.completed' && e.data.id === batch.id);
    expect(ends).toHaveLength(1);
    expect(ends[0]!.data).toMatchObject({ completed: 6, failed: 0 });
    expect(events.filter((e) => e.type === 'task.completed')).toHaveLength(6);

    // the ZIP: every result in each format, named as each task's own export
    const res = await t.app.inject({
      method: 'POST',
      url: '/batch/export',
      headers: { 'content-type': 'application/json', cookie: `user_sessionid=${token}`, origin: OWN_ORIGIN },
      payload: JSON.stringify({ id: batch.id, formats: ['srt', 'vtt'], includeOriginal: true }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    // in episode order, then the languages as asked, then the formats
    expect(Object.keys(files)).toEqual(
      ['ep1', 'ep2', 'ep10'].flatMap((ep) =>
        ['ja', 'fr'].flatMap((l) => ['srt', 'vtt'].map((f) => `Show - ${ep}.${l}.bilingual.${f}`)),
      ),
    );
    const srt = strFromU8(files['Show - ep2.ja.bilingual.srt']!);
    expect(srt).toContain('-->');
    expect(srt).toContain('line number 2');
  });

  it('refuses the whole batch when the balance does not cover it, or a file cannot be read', async () => {
    const poor = await customer(25);
    const refused = expectFailure(await upload(poor.token, SEASON, { targetLanguages: 'ja,fr' }), 40200, 402);
    expect(refused.data).toMatchObject({ needed: 60, current: 25 });
    const rich = await customer(500);
    const broken = [...SEASON, { name: 'notes.srt', data: 'just some text, no cues' }];
    const bad = envelope(await upload(rich.token, broken, { targetLanguages: 'ja' }));
    expect(bad.code).not.toBe(20000);
    expect(bad.msg).toMatch(/notes\.srt$/);
    for (const user of [poor, rich]) {
      expect(await countOf('SELECT count(*)::int AS n FROM tasks WHERE user_id = $1', user.id)).toBe(0);
      expect(await countOf('SELECT count(*)::int AS n FROM batches WHERE user_id = $1', user.id)).toBe(0);
      expect(await countOf('SELECT count(*)::int AS n FROM point_holds WHERE user_id = $1', user.id)).toBe(0);
    }
  });

  it('takes at most 50 files and 5 languages, each once, and only its owner reads it', async () => {
    const { token } = await customer(0);
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `e${i}.srt`, data: makeSrt(1) }));
    expect(expectFailure(await upload(token, many, { targetLanguages: 'ja' }), 42290, 422).msg).toMatch(
      /50 files/,
    );
    expectFailure(await upload(token, SEASON, { targetLanguages: 'ja,fr,de,es,it,pt' }), 40000, 400);
    expectFailure(await upload(token, SEASON, { targetLanguages: 'ja,ja' }), 40000, 400);
    expectFailure(await upload(token, SEASON, { targetLanguages: 'auto' }), 40000, 400);
    expectFailure(await upload(token, [], { targetLanguages: 'ja' }), 40000, 400);
    // each file within its own 5 MB, but more than 20 MB together
    const big = Array.from({ length: 5 }, (_, i) => ({ name: `big${i}.srt`, data: 'x'.repeat(4_500_000) }));
    expectFailure(await upload(token, big, { targetLanguages: 'ja' }), 41300, 413);

    const owner = await customer(500);
    const batch = expectSuccess<Batch>(
      await upload(owner.token, SEASON.slice(0, 1), { targetLanguages: 'ja' }),
    );
    expectFailure(await t.post('/batch/get', { id: batch.id }, { as: token }), 40451, 404);
    const zip = await t.app.inject({
      method: 'POST',
      url: '/batch/export',
      headers: { 'content-type': 'application/json', cookie: `user_sessionid=${token}`, origin: OWN_ORIGIN },
      payload: JSON.stringify({ id: batch.id }),
    });
    expectFailure(zip, 40451, 404);
  });
});
