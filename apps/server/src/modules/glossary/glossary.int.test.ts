import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GLOSSARY_LIMITS,
  type Glossary,
  type GlossarySummary,
  type ImportedGlossary,
} from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess, failedFields } from '../../../test/support/http.js';

const entry = (source: string, target: string, over: Record<string, unknown> = {}) => ({
  source,
  target,
  ...over,
});

describe(`glossaries: saving, ownership, limits (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const save = async (token: string, body: Record<string, unknown>) =>
    expectSuccess<Glossary>(await t.post('/glossary/save', body, { as: token }));

  it('creates, lists, reads, replaces and deletes a glossary, with the defaults of each entry', async () => {
    const u = await t.signUp();
    const created = await save(u.token, {
      name: '蝙蝠侠',
      targetLanguage: 'zh-CN',
      entries: [entry('Bruce', '布鲁斯'), { source: 'Wayne Enterprises', keep: true }],
    });
    expect(created).toMatchObject({
      name: '蝙蝠侠',
      sourceLanguage: 'auto',
      targetLanguage: 'zh-CN',
      entryCount: 2,
    });
    expect(created.entries[1]).toEqual({
      source: 'Wayne Enterprises',
      target: '',
      note: '',
      keep: true,
      caseSensitive: false,
    });
    const list = expectSuccess<GlossarySummary[]>(await t.post('/glossary/list', {}, { as: u.token }));
    expect(list).toEqual([expect.objectContaining({ id: created.id, entryCount: 2 })]);
    expect(list[0]).not.toHaveProperty('entries');
    const replaced = await save(u.token, {
      id: created.id,
      name: 'Batman',
      sourceLanguage: 'en',
      targetLanguage: 'zh-CN',
      entries: [entry('Gotham', '哥谭', { note: 'the city', caseSensitive: true })],
    });
    expect(replaced).toMatchObject({ id: created.id, name: 'Batman', sourceLanguage: 'en', entryCount: 1 });
    const read = expectSuccess<Glossary>(await t.post('/glossary/get', { id: created.id }, { as: u.token }));
    expect(read.entries).toEqual([
      { source: 'Gotham', target: '哥谭', note: 'the city', keep: false, caseSensitive: true },
    ]);
    expectSuccess(await t.post('/glossary/delete', { id: created.id }, { as: u.token }));
    expectFailure(await t.post('/glossary/get', { id: created.id }, { as: u.token }), 40440, 404);
    expectFailure(await t.post('/glossary/delete', { id: created.id }, { as: u.token }), 40440, 404);
  });

  it("answers GLOSSARY_NOT_FOUND for another user's glossary on every call, and changes nothing", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const g = await save(owner.token, { name: 'mine', targetLanguage: 'ja', entries: [entry('cat', '猫')] });
    const as = { as: other.token };
    expectFailure(await t.post('/glossary/get', { id: g.id }, as), 40440, 404);
    expectFailure(
      await t.post('/glossary/save', { id: g.id, name: 'taken', targetLanguage: 'ja', entries: [] }, as),
      40440,
      404,
    );
    expectFailure(
      await t.post('/glossary/import', { id: g.id, format: 'csv', text: 'source,target\ndog,犬' }, as),
      40440,
      404,
    );
    expectFailure(await t.post('/glossary/delete', { id: g.id }, as), 40440, 404);
    expectFailure(await t.post('/glossary/export', { id: g.id }, as), 40440, 404);
    expect(expectSuccess<GlossarySummary[]>(await t.post('/glossary/list', {}, as))).toEqual([]);
    const kept = expectSuccess<Glossary>(await t.post('/glossary/get', { id: g.id }, { as: owner.token }));
    expect(kept).toMatchObject({ name: 'mine', entries: [expect.objectContaining({ source: 'cat' })] });
  });

  it('refuses more entries than a glossary holds, saying how many, and writes nothing', async () => {
    const u = await t.signUp();
    const max = GLOSSARY_LIMITS.entriesPerGlossary;
    const entries = Array.from({ length: max + 1 }, (_, i) => entry(`term ${i}`, `訳 ${i}`));
    const res = await t.post(
      '/glossary/save',
      { name: 'big', targetLanguage: 'ja', entries },
      { as: u.token },
    );
    expect(expectFailure(res, 42241, 422).data).toEqual({ max, count: max + 1 });
    expect(expectSuccess<GlossarySummary[]>(await t.post('/glossary/list', {}, { as: u.token }))).toEqual([]);
    // exactly the limit is fine
    expect(
      (await save(u.token, { name: 'big', targetLanguage: 'ja', entries: entries.slice(1) })).entryCount,
    ).toBe(max);
  });

  it('refuses a glossary past the number a user may keep, until one is deleted', async () => {
    const u = await t.signUp();
    const max = GLOSSARY_LIMITS.glossariesPerUser;
    const ids: string[] = [];
    for (let i = 0; i < max; i++)
      ids.push((await save(u.token, { name: `g${i}`, targetLanguage: 'en', entries: [] })).id);
    const res = await t.post(
      '/glossary/save',
      { name: 'one more', targetLanguage: 'en', entries: [] },
      { as: u.token },
    );
    expect(expectFailure(res, 42240, 422).data).toEqual({ max });
    const imported = await t.post(
      '/glossary/import',
      { name: 'one more', targetLanguage: 'en', format: 'csv', text: 'source\nx' },
      { as: u.token },
    );
    expectFailure(imported, 42240, 422);
    // an existing one can still be saved; another user is not limited by this one
    await save(u.token, { id: ids[0], name: 'renamed', targetLanguage: 'en', entries: [] });
    await save((await t.signUp()).token, { name: 'first', targetLanguage: 'en', entries: [] });
    expectSuccess(await t.post('/glossary/delete', { id: ids[1] }, { as: u.token }));
    await save(u.token, { name: 'one more', targetLanguage: 'en', entries: [] });
  });

  it('refuses forged input, naming the field', async () => {
    const u = await t.signUp();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '', targetLanguage: 'en', entries: [] }, 'name'],
      [{ name: 'x'.repeat(GLOSSARY_LIMITS.nameChars + 1), targetLanguage: 'en', entries: [] }, 'name'],
      [{ name: 'a', targetLanguage: 'auto', entries: [] }, 'targetLanguage'],
      [{ name: 'a', targetLanguage: 'en', entries: [{ source: '  ', target: 'x' }] }, 'entries.0.source'],
      [
        { name: 'a', targetLanguage: 'en', entries: [entry('a', 'x'.repeat(GLOSSARY_LIMITS.termChars + 1))] },
        'entries.0.target',
      ],
      [{ name: 'a', targetLanguage: 'en', entries: [entry('a', 'b', { keep: 'maybe' })] }, 'entries.0.keep'],
    ];
    for (const [body, field] of bad) {
      const res = await t.post('/glossary/save', body, { as: u.token });
      expectFailure(res, 40000, 400);
      expect(failedFields(res), JSON.stringify(body).slice(0, 80)).toEqual([field]);
    }
    expect(expectSuccess<GlossarySummary[]>(await t.post('/glossary/list', {}, { as: u.token }))).toEqual([]);
  });

  it('asks for a signed-in user', async () => {
    expectFailure(await t.post('/glossary/list', {}), 40100, 401);
    expectFailure(await t.post('/glossary/export', { id: crypto.randomUUID() }), 40100, 401);
  });
});

describe(`glossary files: import and export (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const importFile = async (token: string, body: Record<string, unknown>) =>
    expectSuccess<ImportedGlossary>(await t.post('/glossary/import', body, { as: token }));
  /** a user who reads the answers in English */
  const signUpEn = async () => {
    const u = await t.signUp();
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: u.token }));
    return u;
  };

  it('imports a CSV into a new glossary, listing each malformed row with its number and why', async () => {
    const u = await signUpEn();
    const csv = [
      '\uFEFFSource,Target,Note,Keep,Case Sensitive',
      'Bruce,布鲁斯,the hero,,',
      '"Wayne, Inc.",,"a company, kept",yes,1',
      ',孤儿,,,',
      'Alfred,阿尔弗雷德,,perhaps,',
      '',
      'Gotham,哥谭,"line one',
      'line two",0,true',
      'Joker,小丑,,,,extra',
      `${'x'.repeat(GLOSSARY_LIMITS.termChars + 1)},long,,,`,
      "'=SUM(A1),公式,,,",
    ].join('\r\n');
    const res = await importFile(u.token, {
      name: 'Batman',
      targetLanguage: 'zh-CN',
      format: 'csv',
      text: csv,
    });
    expect(res.imported).toBe(4);
    expect(res.glossary).toMatchObject({
      name: 'Batman',
      sourceLanguage: 'auto',
      targetLanguage: 'zh-CN',
      entryCount: 4,
    });
    expect(res.glossary.entries).toEqual([
      { source: 'Bruce', target: '布鲁斯', note: 'the hero', keep: false, caseSensitive: false },
      { source: 'Wayne, Inc.', target: '', note: 'a company, kept', keep: true, caseSensitive: true },
      { source: 'Gotham', target: '哥谭', note: 'line one\r\nline two', keep: false, caseSensitive: true },
      { source: '=SUM(A1)', target: '公式', note: '', keep: false, caseSensitive: false },
    ]);
    expect(res.skipped).toEqual([
      { row: 3, reason: 'no source term' },
      { row: 4, reason: 'keep must be 1/0, true/false or yes/no, not "perhaps"' },
      { row: 7, reason: 'it has 6 fields where the header has 5 columns' },
      { row: 8, reason: `the source is longer than ${GLOSSARY_LIMITS.termChars} characters` },
    ]);
  });

  it('reports a row with broken quotes as malformed, in the caller’s language', async () => {
    const u = await t.signUp();
    const res = expectSuccess<ImportedGlossary>(
      await t.post(
        '/glossary/import',
        { name: 'q', targetLanguage: 'ja', format: 'csv', text: 'source,target\ncat,猫\n"dog"x,犬' },
        { as: u.token },
      ),
    );
    expect(res.imported).toBe(1);
    expect(res.skipped).toEqual([{ row: 2, reason: '格式有误（引号未配对？）' }]);
  });

  it('merges into or replaces the entries of an existing glossary', async () => {
    const u = await t.signUp();
    const first = await importFile(u.token, {
      name: 'g',
      sourceLanguage: 'en',
      targetLanguage: 'ja',
      format: 'tsv',
      text: 'source\ttarget\ncat\t猫\ndog\t犬',
    });
    const id = first.glossary.id;
    const merged = await importFile(u.token, {
      id,
      format: 'tsv',
      text: 'source\ttarget\nDOG\tいぬ\nbird\t鳥',
    });
    expect(merged.glossary.entries.map((e) => [e.source, e.target])).toEqual([
      ['cat', '猫'],
      ['DOG', 'いぬ'],
      ['bird', '鳥'],
    ]);
    expect(merged.glossary).toMatchObject({ name: 'g', sourceLanguage: 'en', targetLanguage: 'ja' });
    const replaced = await importFile(u.token, {
      id,
      mode: 'replace',
      format: 'csv',
      text: 'source;target\nfish;魚',
    });
    expect(replaced.glossary.entries.map((e) => [e.source, e.target])).toEqual([['fish', '魚']]);
  });

  it('refuses a file it cannot read, a new glossary without name or language, and a merge past the limit', async () => {
    const u = await signUpEn();
    const as = { as: u.token };
    const noHeader = await t.post(
      '/glossary/import',
      { name: 'g', targetLanguage: 'ja', format: 'csv', text: 'cat,猫\ndog,犬' },
      as,
    );
    const body = expectFailure(noHeader, 42242, 422);
    expect(body.msg).toContain('its first row is not a header naming a source column');
    expect(body.data).toMatchObject({ problem: 'no_header' });
    expectFailure(
      await t.post('/glossary/import', { name: 'g', targetLanguage: 'ja', format: 'csv', text: ' \n' }, as),
      42242,
      422,
    );
    const noRows = await t.post(
      '/glossary/import',
      { name: 'g', targetLanguage: 'ja', format: 'csv', text: 'source,target\n,猫' },
      as,
    );
    expect(expectFailure(noRows, 42242, 422).msg).toContain('row 1: no source term');
    const noName = await t.post(
      '/glossary/import',
      { targetLanguage: 'ja', format: 'csv', text: 'source\na' },
      as,
    );
    expectFailure(noName, 40000, 400);
    expect(failedFields(noName)).toEqual(['name']);
    const noTarget = await t.post('/glossary/import', { name: 'g', format: 'csv', text: 'source\na' }, as);
    expect(failedFields(noTarget)).toEqual(['targetLanguage']);
    const tooLong = await t.post(
      '/glossary/import',
      { name: 'g', targetLanguage: 'ja', format: 'csv', text: 'x'.repeat(GLOSSARY_LIMITS.importChars + 1) },
      as,
    );
    expectFailure(tooLong, 40000, 400);
    expect(failedFields(tooLong)).toEqual(['text']);
    expect(expectSuccess<GlossarySummary[]>(await t.post('/glossary/list', {}, as))).toEqual([]);

    const max = GLOSSARY_LIMITS.entriesPerGlossary;
    const rows = (from: number, n: number) =>
      ['source', ...Array.from({ length: n }, (_, i) => `term${from + i}`)].join('\n');
    const full = await importFile(u.token, {
      name: 'full',
      targetLanguage: 'ja',
      format: 'csv',
      text: rows(0, max - 1),
    });
    const over = await t.post(
      '/glossary/import',
      { id: full.glossary.id, format: 'csv', text: rows(max, 2) },
      as,
    );
    expect(expectFailure(over, 42241, 422).data).toEqual({ max, count: max + 1 });
    const kept = expectSuccess<Glossary>(await t.post('/glossary/get', { id: full.glossary.id }, as));
    expect(kept.entryCount).toBe(max - 1);
  });

  it('takes an import of several megabytes of CJK text (over the 1 MiB other calls take)', async () => {
    const u = await t.signUp();
    const cell = (n: number) => '字'.repeat(n);
    const lines = Array.from(
      { length: 1000 },
      (_, i) =>
        `${i}${cell(GLOSSARY_LIMITS.termChars - 4)},${cell(GLOSSARY_LIMITS.termChars)},${cell(GLOSSARY_LIMITS.noteChars)}`,
    );
    const text = ['source,target,note', ...lines].join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(2_000_000);
    const res = await importFile(u.token, { name: 'large', targetLanguage: 'ja', format: 'csv', text });
    expect(res.imported).toBe(1000);
  });

  it('exports CSV with a byte order mark and the glossary’s name, and TSV; both read back the same', async () => {
    const u = await t.signUp();
    const entries = [
      entry('Bruce', '布鲁斯', { note: 'hero, "the bat"' }),
      entry('-1 point', '－1 分', { keep: false, caseSensitive: true }),
      entry('Wayne', '', { keep: true }),
      entry('two\nlines', '两行'),
    ];
    const g = expectSuccess<Glossary>(
      await t.post(
        '/glossary/save',
        { name: '蝙蝠侠: 术语/第一季', targetLanguage: 'zh-CN', entries },
        { as: u.token },
      ),
    );
    const csv = await t.post('/glossary/export', { id: g.id }, { as: u.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[ _]+\.csv"; /);
    expect(csv.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('蝙蝠侠_ 术语_第一季.csv')}`,
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFsource,target,note,keep,case_sensitive');
    // a spreadsheet does not run the cell as a formula
    expect(csv.body).toContain(`"'-1 point"`);
    const tsv = await t.post('/glossary/export', { id: g.id, format: 'tsv' }, { as: u.token });
    expect(tsv.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
    expect(tsv.body.startsWith('source\ttarget')).toBe(true);
    for (const [format, text] of [
      ['csv', csv.body],
      ['tsv', tsv.body],
    ] as const) {
      const back = await importFile(u.token, {
        name: `back ${format}`,
        targetLanguage: 'zh-CN',
        format,
        text,
      });
      expect(back.skipped).toEqual([]);
      expect(back.glossary.entries).toEqual(g.entries);
    }
  });
});
