import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Glossary,
  RetranslateAnswer,
  Series,
  Task,
  TaskBrief,
  TaskWithSegments,
} from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, roomySrt, uploadSrt } from '../../../../test/support/tasks.js';
import {
  laidOut,
  EMPTY_BRIEF,
  startOpenAiServer,
  type ReceivedBrief,
  type ReceivedTranslation,
} from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';

const KEY = 'ds-key';

/** Source line → its translation at the first asking, and at each asking after (the last repeats). */
const FILM: [string, ...string[]][] = [
  ['Kenji tastes the dashi.', 'ケンジがだしを味見する。'],
  ['Aiko opens the shop.', 'アイコが店を開ける。'],
  ['Kenji bows.', '健二がお辞儀する。', 'ケンジがお辞儀する。'],
  ['Plain line.', '普通の行。'],
  ['The ramen is hot.', '拉麺は熱い。', 'ラーメンは熱い。'],
  ['Dashi again.', 'また汁。'],
  ['Quiet.', '静か。'],
  ['The end.', '終わり。'],
];
const line = (n: number) => FILM[n - 1]![0];
const laid = (text: string) => laidOut(text, 'ja');

/** The model's brief: Kenji with a rendering, Aiko without one, and two terms. */
const briefOf = (req: ReceivedBrief) => ({
  ...EMPTY_BRIEF,
  synopsis: `A cook (${req.part}).`,
  characters: [
    { name: 'Kenji', target: 'ケンジ', gender: 'male', address: '' },
    { name: 'Aiko', target: '', gender: 'female', address: '' },
  ],
  terms: [
    { source: 'dashi', target: 'だし', note: 'soup stock' },
    { source: 'ramen', target: '拉麺', note: '' },
  ],
});

describe(`the brief's and the series' terms in the term check and re-apply (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;
  const asked = new Map<string, number>();
  let answers = new Map<string, string[]>();

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        TRANSLATE_BATCH_SIZE: '4',
        TRANSLATE_CONCURRENCY: '1',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });
  beforeEach(() => {
    asked.clear();
    answers = new Map(FILM.map(([source, ...renderings]) => [source, renderings]));
    engine.setBriefer(briefOf);
    engine.setTranslator((source) => {
      const n = asked.get(source) ?? 0;
      asked.set(source, n + 1);
      const renderings = answers.get(source) ?? [`${source} (ja)`];
      return renderings[Math.min(n, renderings.length - 1)]!;
    });
  });

  const get = async (token: string, id: string) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));

  async function translated(
    token: string,
    fields: Record<string, string>,
    before?: (id: string) => Promise<void>,
  ) {
    const task = expectSuccess<Task>(
      await uploadSrt(
        t,
        token,
        { name: 'cook.srt', data: roomySrt(FILM.map(([s]) => s)) },
        { originalLanguage: 'en', targetLanguage: 'ja', ...fields },
      ),
    );
    await before?.(task.id);
    const from = engine.requests.length;
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: token }));
    const done = await until(async () => {
      const x = await get(token, task.id);
      return (x.status === 'completed' || x.status === 'failed') && x;
    }, 60_000);
    return { task: done, requests: engine.requests.slice(from) };
  }
  const sourcesOf = (r: ReceivedTranslation) => Object.values(r.lines);

  it("asks again the lines lacking a brief term's or name's rendering, the glossary's winning, then flags; re-applies a saved brief", async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 500);
    const glossary = expectSuccess<Glossary>(
      await t.post(
        '/glossary/save',
        { name: 'Food', targetLanguage: 'ja', entries: [{ source: 'Ramen', target: 'ラーメン' }] },
        { as: u.token },
      ),
    );
    const { task, requests } = await translated(u.token, {
      glossaryIds: glossary.id,
      formality: 'formal',
      translatorNote: 'a cooking show',
    });
    expect(task.status).toBe('completed');

    // two batches, then one call for the lines lacking a rendering: Kenji's name (line 3), the
    // glossary's ramen over the brief's 拉麺 (line 5), the brief's dashi (line 6)
    expect(requests.map(sourcesOf)).toEqual([
      [1, 2, 3, 4].map(line),
      [5, 6, 7, 8].map(line),
      [3, 5, 6].map(line),
    ]);
    const dashi = { source: 'dashi', target: 'だし', note: 'soup stock' };
    expect(requests[0]!.terms).toEqual([dashi]);
    expect(requests[0]!.brief!.characters.map((c) => [c.name, c.target])).toEqual([
      ['Kenji', 'ケンジ'],
      ['Aiko', ''],
    ]);
    expect(requests[1]!.terms).toEqual([{ source: 'Ramen', target: 'ラーメン' }, dashi]);
    // asked again with their terms, the brief's part (Kenji's name) and the instructions
    expect(requests[2]!.terms).toEqual([{ source: 'Ramen', target: 'ラーメン' }, dashi]);
    expect(requests[2]!.brief!.characters.map((c) => [c.name, c.target])).toEqual([['Kenji', 'ケンジ']]);
    expect(requests.map((r) => r.instructions)).toEqual(
      requests.map(() => ({ formality: 'formal', note: 'a cooking show' })),
    );
    expect(task.segments.map((s) => s.translatedText)).toEqual(
      [
        'ケンジがだしを味見する。',
        'アイコが店を開ける。',
        'ケンジがお辞儀する。',
        '普通の行。',
        'ラーメンは熱い。',
        'また汁。',
        '静か。',
        '終わり。',
      ].map(laid),
    );
    expect(task.segments.map((s) => s.flags)).toEqual(FILM.map((_, i) => (i === 5 ? ['term-missing'] : [])));

    // the user renames Kenji and dashi in the brief: nothing changes until they re-apply it
    const { brief } = expectSuccess<TaskBrief>(await t.post('/task/brief', { id: task.id }, { as: u.token }));
    const edited = {
      ...brief!,
      characters: brief!.characters.map((c) => (c.name === 'Kenji' ? { ...c, target: '健二' } : c)),
      terms: brief!.terms.map((x) => (x.source === 'dashi' ? { ...x, target: '出汁' } : x)),
    };
    expectSuccess(await t.post('/task/save_brief', { id: task.id, brief: edited }, { as: u.token }));
    expect((await get(u.token, task.id)).segments.map((s) => s.flags)).toEqual(
      task.segments.map((s) => s.flags),
    );
    answers.set(line(1), ['健二が出汁を味見する。']);
    answers.set(line(3), ['健二がお辞儀する。']);
    answers.set(line(6), ['また出汁。']);
    const from = engine.requests.length;
    const answer = expectSuccess<RetranslateAnswer>(
      await t.post('/task/reapply', { id: task.id }, { as: u.token }),
    );
    // the lines whose source holds a changed term: 1 and 3 (Kenji), 1 and 6 (dashi); not 5
    expect(answer.results.map((r) => [r.id, r.translatedText, r.flags])).toEqual([
      [1, laid('健二が出汁を味見する。'), []],
      [3, laid('健二がお辞儀する。'), []],
      [6, laid('また出汁。'), []],
    ]);
    const sent = engine.requests.slice(from);
    expect(sent.flatMap(sourcesOf)).toEqual([1, 3, 6].map(line));
    expect(sent.flatMap((r) => r.terms ?? [])).toContainEqual({ ...dashi, target: '出汁' });
    expect(sent.flatMap((r) => r.brief?.characters ?? []).find((c) => c.name === 'Kenji')?.target).toBe(
      '健二',
    );
  });

  it("counts the series memory's terms when the brief does not hold them", async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 500);
    const series = expectSuccess<Series>(
      await t.post(
        '/series/save',
        {
          name: 'Cooks',
          targetLanguage: 'ja',
          memory: { terms: [{ source: 'shop', target: 'ショップ' }], characters: [] },
        },
        { as: u.token },
      ),
    );
    // a brief the user wrote before the start replaces the engine's (and holds no shop)
    const { task, requests } = await translated(u.token, { seriesId: series.id }, async (id) => {
      expectSuccess(
        await t.post('/task/save_brief', { id, brief: { synopsis: 'A cook.' } }, { as: u.token }),
      );
    });
    expect(task.status).toBe('completed');
    const shop = { source: 'shop', target: 'ショップ' };
    expect(requests.map((r) => r.terms)).toEqual([[shop], undefined, [shop]]);
    expect(sourcesOf(requests[2]!)).toEqual([line(2)]);
    expect(task.segments.map((s) => s.flags)).toEqual(FILM.map((_, i) => (i === 1 ? ['term-missing'] : [])));
  });
});
