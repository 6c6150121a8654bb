import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  PagedList,
  RetranslateAnswer,
  SavedSegments,
  Task,
  TaskWithLines,
  TaskWithSegments,
} from '@subtrans/contract';
import { formatSrtTime, layoutText, normsFor } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, uploadSrt } from '../../../../test/support/tasks.js';
import { startOpenAiServer, type ReceivedTranslation } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';

const KEY = 'ds-key';

/** An SRT of cues [text, seconds on screen], each starting 10 s after the one before. */
const srtOf = (cues: [string, number][]) =>
  cues
    .map(
      ([text, s], k) =>
        `${k + 1}\n${formatSrtTime(k * 10_000)} --> ${formatSrtTime(k * 10_000 + s * 1000)}\n${text}\n`,
    )
    .join('\n');

// zh-HK: the engine's faults, line by line (source → what the model answers)
const LONG = 'We must leave before the storm reaches the valley tonight.';
const STUBBORN = 'Nobody can ever make this any shorter, believe me.';
const ROAD = 'The old road runs along the river to the village.';
const ZH: [string, number, string][] = [
  ['Hello there, my friend.', 2, '你好，我的朋友。'],
  ['It costs 25 dollars.', 2, '這很貴。'],
  ['<i>Listen to me.</i>', 2, '聽我說。'],
  ['I am going home now, see you tomorrow.', 2, 'I am going home now, see you tomorrow.'],
  ['This is the country we love.', 2, '这是我们热爱的国家。'],
  [LONG, 2, '我們必須在今晚風暴到達山谷之前離開這裡然後一直往北走'],
  [STUBBORN, 2, '沒有人能把這句話說得更短，相信我，真的沒有人能做到'],
  [ROAD, 6, '這條古老的道路沿著河流一直通往村莊'],
  ['UNTRANSLATABLE line.', 2, ''],
];
const SHORT = '暴風前要離開。';

// es: sentence groups, and a line longer than 42 characters on a 6-second cue
const SPANISH = 'Tenemos que salir antes de que la tormenta llegue al valle esta noche.';
const ES: [string, number][] = [
  ['Good morning.', 2],
  ['When I was young', 2],
  ['I lived by the sea', 2],
  ['with my grandmother.', 2],
  ['She taught me to swim.', 2],
  ['Every morning we', 2],
  ['walked to the beach', 2],
  ['and back', 2],
  ['before breakfast.', 2],
  [LONG, 6],
];

describe(`subtitles that fit: budgets, condensing, groups, line breaks and flags through /task/* (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        TRANSLATE_BATCH_SIZE: '4',
        TRANSLATE_CONCURRENCY: '2',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });
  beforeEach(() => {
    engine.setTranslator(null);
    engine.setCondenser(null);
    engine.neverTranslate(null);
  });

  const get = async (token: string, id: string) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));

  async function run(token: string, srt: string, fields: Record<string, string>) {
    const task = expectSuccess<Task>(await uploadSrt(t, token, { name: 'fit.srt', data: srt }, fields));
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: token }));
    return until(async () => {
      const x = await get(token, task.id);
      return (x.status === 'completed' || x.status === 'failed') && x;
    }, 90_000);
  }

  /**
   * A new user's task of 3-second cues from English into `targetLanguage`, the engine answering
   * each source line as `answers` says, run to its end.
   */
  async function translatedAs(answers: Map<string, string>, targetLanguage: string) {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    engine.setTranslator((line) => answers.get(line) ?? line);
    const done = await run(u.token, srtOf([...answers.keys()].map((s) => [s, 3])), {
      originalLanguage: 'en',
      targetLanguage,
    });
    return { u, done };
  }

  /** the translation requests that carried one of these source lines */
  const requestsFor = (sources: string[]): ReceivedTranslation[] =>
    engine.requests.filter((r) => Object.values(r.lines).some((l) => sources.includes(l)));

  it('sends budgets with the user’s limits, condenses at most twice ten lines a call, lays lines out, and stores each line’s flags', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 500);
    // the user's own reading speed for Traditional Chinese: 6 a second → 12 characters for 2 s
    expectSuccess(await t.post('/quality/save', { target: 'zh-HK', overrides: { cps: 6 } }, { as: u.token }));
    const answers = new Map(ZH.map(([source, , zh]) => [source, zh]));
    engine.setTranslator((line) => answers.get(line) ?? line);
    engine.setCondenser((item) => (item.original === LONG ? SHORT : item.text));
    engine.neverTranslate(/UNTRANSLATABLE/);
    const condensedBefore = engine.condenseRequests.length;

    const done = await run(u.token, srtOf(ZH.map(([s, secs]) => [s, secs])), {
      originalLanguage: 'en',
      targetLanguage: 'zh-HK',
    });
    expect(done).toMatchObject({ status: 'completed', keptOriginal: 1 });

    // budgets: 6 cps × 2 s = 12; 6 cps × 6 s = 36, but two lines of 16 hold 32
    const sent = requestsFor(ZH.map(([s]) => s));
    const budgetOf = new Map<string, number>();
    for (const r of sent) for (const [k, line] of Object.entries(r.lines)) budgetOf.set(line, r.budgets![k]!);
    expect(budgetOf.get(ZH[0]![0])).toBe(12);
    expect(budgetOf.get(ROAD)).toBe(32);
    expect(sent[0]!.counting).toMatch(/full-width character .* counts 1/);

    // condensing: only lines over budget, at most 10 a call, each line asked at most twice
    const condensed = engine.condenseRequests.slice(condensedBefore);
    expect(condensed.length).toBeGreaterThan(0);
    for (const c of condensed) expect(Object.keys(c).length).toBeLessThanOrEqual(10);
    const asked = (source: string) =>
      condensed.filter((c) => Object.values(c).some((item) => item.original === source)).length;
    expect(asked(LONG)).toBe(1);
    expect(asked(STUBBORN)).toBe(2);
    expect(asked(ZH[0]![0])).toBe(0);

    const texts = done.segments.map((s) => s.translatedText);
    const flags = done.segments.map((s) => s.flags);
    expect(texts[5]).toBe(SHORT);
    // 17 characters fit the 6-second budget but not one line of 16: broken where Chinese breaks
    const road = layoutText(ZH[7]![2], 'zh-HK', normsFor('zh-HK', { cps: 6 }));
    expect(road.split('\n')).toHaveLength(2);
    expect(texts[7]).toBe(road);
    expect(texts[8]).toBe('UNTRANSLATABLE line.');
    expect(flags).toEqual([
      [],
      ['numbers-missing'],
      ['markup-lost'],
      ['source-language', 'over-budget'],
      ['wrong-script'],
      [],
      ['over-budget'],
      [],
      ['kept-original'],
    ]);

    // the same flags in the editor's compact lines, and the count in the task list
    const lines = expectSuccess<TaskWithLines>(
      await t.app.inject({
        method: 'GET',
        url: `/task/lines?id=${done.id}`,
        headers: { cookie: `user_sessionid=${u.token}` },
      }),
    );
    expect(lines.lines.map((l) => l[5])).toEqual(flags);
    expect(lines.reviewCount).toBe(6);
    const list = expectSuccess<PagedList<Task>>(
      await t.post('/task/list', { page: 1, size: 10 }, { as: u.token }),
    );
    expect(list.list.find((x) => x.id === done.id)).toMatchObject({
      reviewCount: 6,
      keepEngineBreaks: false,
    });

    // the user's edit: flags computed again, the text never re-broken; the answer carries every
    // changed line's new flags (the editor's tags follow the edit without a reload)
    const oneLine = '這條古老的道路沿著河流一直通往村莊啊';
    const tooLong = '你好，我的朋友，今天天氣真的非常非常好啊。';
    const saved = expectSuccess<SavedSegments>(
      await t.post(
        '/task/update_segments',
        {
          taskId: done.id,
          baseVersion: done.version,
          segments: [
            { id: 9, translatedText: '無法翻譯。' },
            { id: 1, translatedText: tooLong },
            { id: 2, translatedText: '這要25元。' },
            { id: 8, translatedText: oneLine },
            // only its time: 6 s on screen give the stubborn line the room it lacked
            { id: 7, endTime: formatSrtTime(60_000 + 6000) },
          ],
        },
        { as: u.token },
      ),
    );
    expect(saved).toEqual({
      version: done.version + 1,
      changed: [],
      created: [],
      reload: false,
      segments: [
        { id: 1, flags: ['over-budget'] },
        { id: 2, flags: [] },
        { id: 7, flags: [] },
        { id: 8, flags: [] },
        { id: 9, flags: [] },
      ],
    });
    const edited = await get(u.token, done.id);
    expect(edited.segments[0]).toMatchObject({ translatedText: tooLong, flags: ['over-budget'] });
    expect(edited.segments[1]).toMatchObject({ translatedText: '這要25元。', flags: [] });
    expect(edited.segments[6]!.flags).toEqual([]);
    expect(edited.segments[7]).toMatchObject({ translatedText: oneLine, flags: [] });
    // no longer a kept original: the user's own text, flagged for what it is
    expect(edited.segments[8]!.flags).toEqual([]);
    expect(edited.reviewCount).toBe(4);
    // what the answer said is what a reload shows
    expect(saved.segments.map((x) => edited.segments[x.id - 1]!.flags)).toEqual(
      saved.segments.map((x) => x.flags),
    );

    // a re-translation the user asks for is laid out and flagged like a translation
    engine.setTranslator((line) => (line === ROAD ? ZH[7]![2] : (answers.get(line) ?? line)));
    const again = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: done.id, segmentIds: [8, 5] }, { as: u.token }),
    );
    expect(again.results).toEqual([
      { id: 8, success: true, translatedText: road, error: null, flags: [] },
      { id: 5, success: true, translatedText: ZH[4]![2], error: null, flags: ['wrong-script'] },
    ]);
    expect((await get(u.token, done.id)).segments[7]).toMatchObject({ translatedText: road, flags: [] });
  }, 120_000);

  it('sends cues of one sentence as a group never split across batches, and lays lines out per language unless the task keeps the engine’s breaks', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 500);
    engine.setTranslator((line) => (line === LONG ? SPANISH : `ES ${line}`));
    const srt = srtOf(ES);
    const laidOut = await run(u.token, srt, { originalLanguage: 'en', targetLanguage: 'es' });
    const sent = requestsFor(ES.map(([s]) => s));
    // 10 lines in batches of at most 4, a group never cut: "When I was young … grandmother."
    // and "Every morning we … breakfast." travel whole
    const together = (a: string, b: string) =>
      sent.some((r) => Object.values(r.lines).includes(a) && Object.values(r.lines).includes(b));
    expect(together('When I was young', 'with my grandmother.')).toBe(true);
    expect(together('Every morning we', 'before breakfast.')).toBe(true);
    for (const r of sent) expect(Object.keys(r.lines).length).toBeLessThanOrEqual(4);
    const groups = sent.flatMap((r) => (r.groups ?? []).map(([a, b]) => [r.lines[a], r.lines[b]]));
    expect(groups).toEqual(
      expect.arrayContaining([
        ['When I was young', 'with my grandmother.'],
        ['Every morning we', 'before breakfast.'],
      ]),
    );
    const budgets = sent.flatMap((r) => Object.entries(r.lines).map(([k, l]) => [l, r.budgets![k]]));
    // 17 a second: 34 for 2 s; for 6 s the two lines of 42 decide (84)
    expect(Object.fromEntries(budgets)).toMatchObject({ 'Good morning.': 34, [LONG]: 84 });

    const spanish = layoutText(SPANISH, 'es', normsFor('es'));
    expect(spanish.split('\n')).toHaveLength(2);
    expect(laidOut.segments[9]!.translatedText).toBe(spanish);
    expect(laidOut.segments[9]!.flags).toEqual([]);
    expect(laidOut.keepEngineBreaks).toBe(false);

    const kept = await run(u.token, srt, {
      originalLanguage: 'en',
      targetLanguage: 'es',
      keepEngineBreaks: 'true',
    });
    expect(kept.keepEngineBreaks).toBe(true);
    expect(kept.segments[9]!.translatedText).toBe(SPANISH);
    expect(kept.segments.map((s) => s.translatedText).slice(0, 9)).toEqual(
      ES.slice(0, 9).map(([s]) => `ES ${s}`),
    );
  }, 120_000);

  it('flags Traditional characters where Simplified Chinese was asked', async () => {
    const zh = new Map([
      ['This is the country we love.', '這是我們熱愛的國家。'],
      ['This is the home we love.', '这是我们热爱的家。'],
    ]);
    const { done } = await translatedAs(zh, 'zh-CN');
    expect(done.segments.map((s) => s.flags)).toEqual([['wrong-script'], []]);
    expect(done.reviewCount).toBe(1);
  }, 60_000);

  it('flags a Chinese line that keeps English words of its source, not one keeping a name the film shows', async () => {
    const zh = new Map([
      ['Dude, that was totally awesome.', '老兄，那真是太 awesome 了。'],
      ['Shut up and drive, Dopinder.', '闭嘴开车，Dopinder。'],
      // a name only the film's other lines show to be one
      ['Dopinder, drive faster.', 'Dopinder，开快点。'],
      ['The FBI found his DNA.', 'FBI 发现了他的 DNA。'],
    ]);
    const { u, done } = await translatedAs(zh, 'zh-CN');
    expect(done.segments.map((s) => s.flags)).toEqual([['source-language'], [], [], []]);
    // the user's edits are checked alike
    const saved = expectSuccess<SavedSegments>(
      await t.post(
        '/task/update_segments',
        {
          taskId: done.id,
          baseVersion: done.version,
          segments: [
            { id: 1, translatedText: '老兄，那真是太棒了。' },
            { id: 3, translatedText: 'Dopinder，drive 快点。' },
          ],
        },
        { as: u.token },
      ),
    );
    expect(saved.segments).toEqual([
      { id: 1, flags: [] },
      { id: 3, flags: ['source-language'] },
    ]);
  }, 60_000);

  it('flags a Spanish line that keeps English words Spanish does not have, not words it shares', async () => {
    const es = new Map([
      ['My pancakes are getting cold.', 'Mis pancakes se están enfriando.'],
      ['Take a taxi to the hotel.', 'Toma un taxi al hotel.'],
      ['No, that is not normal, Dopinder.', 'No, eso no es normal, Dopinder.'],
    ]);
    const { done } = await translatedAs(es, 'es');
    expect(done.segments.map((s) => s.flags)).toEqual([['source-language'], [], []]);
  }, 60_000);

  it('flags a German line keeping English words by the system’s word list, not a name alone on its line', async () => {
    const de = new Map([
      ['This is a bromance, not a love story.', 'Das ist eine Bromance, keine Liebesgeschichte.'],
      ['Take a taxi to the hotel.', 'Nimm ein Taxi zum Hotel.'],
      // a name the film never shows inside a sentence: unknown to English, so a name
      ['Kira?', 'Kira?'],
      ['Whatever. I don’t care.', 'Whatever. Ist mir egal.'],
    ]);
    const { done } = await translatedAs(de, 'de');
    expect(done.segments.map((s) => s.flags)).toEqual([['source-language'], [], [], ['source-language']]);
  }, 60_000);
});
