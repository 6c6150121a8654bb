import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTaskFields, errorMessage, type UiLanguage } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { envelope, managerToken, multipart, OWN_ORIGIN } from '../../test/support/http.js';
import { fieldsOf, type SchemaField } from '../../test/support/schema-fields.js';
import { makeSrt } from '../../test/support/tasks.js';
import { EXPECTED } from '../../test/support/field-labels.js';

const LANGS: UiLanguage[] = ['zh', 'en', 'ja'];
/** words of validators and programming, never for a user */
const JARGON =
  /expected|received|\bstring\b|undefined|\bNaN\b|regex|pattern|\buuid\b|invalid input|zod|期望|实际接收|无效输入|数值过|字符串|期待|入力されました/i;
/** Latin letters a Chinese or Japanese message may hold: ids, ETag, U+0000, the date example */
const ALLOWED_LATIN = /\b(?:ID|ETag|U\+0000)\b|\d{4}-\d{2}-\d{2}T[\d:+]+/g;

type Kind = 'missing' | 'wrong type' | 'too short' | 'too long' | 'bad format';

/** A value that passes the field (to fill a list up to its limit). */
function validSample(f: SchemaField): unknown {
  if (f.type === 'choice') return f.values!.find((v) => v !== 'auto');
  if (f.type === 'number') return f.min ?? 1;
  if (f.type === 'boolean') return true;
  if (f.format === 'email') return 'someone@example.com';
  if (f.format === 'uuid') return randomUUID();
  return 'a'.repeat(Math.max(f.minLength ?? 1, 1));
}

/** The wrong value of `kind` for the field, or undefined when the field cannot be wrong that way. */
function wrongValue(f: SchemaField, kind: Kind, item?: () => unknown): { value: unknown } | undefined {
  switch (kind) {
    case 'missing':
      return f.required ? { value: undefined } : undefined;
    case 'wrong type':
      if (f.type === 'string' || f.type === 'choice') return { value: 12345 };
      if (f.type === 'number') return { value: 'many' };
      if (f.type === 'boolean') return { value: 'maybe' };
      return { value: f.type === 'list' ? 'one' : 7 };
    case 'too short':
      if (f.type === 'string' && f.minLength) return { value: 'x'.repeat(f.minLength - 1) };
      if (f.type === 'number' && f.min !== undefined) return { value: f.min - 1 };
      if (f.type === 'list' && f.min) return { value: [] };
      return undefined;
    case 'too long':
      if (f.type === 'string' && f.maxLength !== undefined) return { value: 'x'.repeat(f.maxLength + 1) };
      if (f.type === 'number' && f.max !== undefined) return { value: f.max + 1 };
      if (f.type === 'list' && f.max !== undefined && item) {
        return { value: Array.from({ length: f.max + 1 }, item) };
      }
      return undefined;
    case 'bad format':
      if (f.type === 'choice') return { value: 'klingon' };
      if (f.type === 'number' && f.integer) return { value: 1.5 };
      if (f.format === 'email') return { value: 'not an address' };
      if (f.format === 'uuid') return { value: 'not-an-id' };
      if (f.format === 'datetime') return { value: 'next tuesday' };
      if (f.format === 'regex') return { value: 'abcdef!' };
      return undefined;
  }
}

/** A body holding `value` at `path` (list items at position 0), nothing else. */
function bodyWith(path: (string | number)[], value: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  let node: Record<string | number, unknown> = body;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      if (value !== undefined) node[key] = value;
      return;
    }
    const next = (typeof path[i + 1] === 'number' ? [] : {}) as Record<string | number, unknown>;
    node[key] = next;
    node = next;
  });
  return body;
}

const pathKey = (path: (string | number)[]) => path.map((p) => (typeof p === 'number' ? '*' : p)).join('.');

describe('validation messages on every call, in every language', () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await managerToken(t);
  });
  afterAll(() => t.close());

  const headers = (lang: UiLanguage) => ({
    'accept-language': lang,
    cookie: `user_sessionid=${manager}`,
    origin: OWN_ORIGIN,
  });

  /** Checks one refusal: the field named, with this call's label, in the language, without jargon. */
  function expectWorded(
    res: LightMyRequestResponse,
    where: string,
    lang: UiLanguage,
    field: string,
    label: string | undefined,
    codes: string[],
    missing = false,
  ) {
    const answer = envelope<{ fields: { field: string; message: string }[] }>(res);
    expect({ where, status: res.statusCode, code: answer.code }).toEqual({ where, status: 400, code: 40000 });
    const own = answer.data.fields.find((f) => f.field === field);
    expect(own, `${where}: ${res.body}`).toBeDefined();
    if (label) expect(own!.message, where).toContain(label);
    if (missing && lang === 'zh') expect(own!.message, where).toBe(`缺少${label}`);
    expect(answer.msg.startsWith(errorMessage('VALIDATION', lang)), where).toBe(true);
    expect(answer.msg, where).toContain(answer.data.fields[0]!.message);
    for (const text of [answer.msg, ...answer.data.fields.map((f) => f.message)]) {
      expect(text, `${where}: ${text}`).not.toMatch(JARGON);
      if (lang === 'en') continue;
      let rest = text.replace(ALLOWED_LATIN, '');
      for (const code of codes) rest = rest.split(code).join('');
      expect(rest, `${where}: ${text}`).not.toMatch(/[A-Za-z]{2,}/);
    }
  }

  it('has a label of its own for every field of every call', () => {
    const calls = new Set(t.app.validatedRoutes.map((r) => r.url));
    expect([...calls].filter((url) => !EXPECTED[url])).toEqual([]);
    for (const route of t.app.validatedRoutes) {
      const keys = fieldsOf(route.schema).map((f) => pathKey(f.path));
      const missing = keys.filter((k) => !EXPECTED[route.url]![k] && !k.endsWith('*'));
      expect(missing, route.url).toEqual([]);
    }
  });

  it('words every kind of wrong input on every call with the call’s own label', async () => {
    let checked = 0;
    for (const route of t.app.validatedRoutes) {
      const fields = fieldsOf(route.schema);
      // every enum value of the call may be listed in a message as it is
      const codes = fields.flatMap((f) => (f.values ?? []).map(String)).sort((a, b) => b.length - a.length);
      for (const f of fields) {
        const key = pathKey(f.path);
        const labels = EXPECTED[route.url]?.[key];
        if (!labels && key.endsWith('*')) continue; // an object in a list: its fields are checked
        // a valid list item: a value, or an object of its required fields
        const itemValue = fields.find((g) => pathKey(g.path) === `${key}.*`);
        const itemFields = fields.filter(
          (g) => g.path.length === f.path.length + 2 && pathKey(g.path).startsWith(`${key}.*.`),
        );
        const item = (): unknown =>
          itemValue && itemValue.type !== 'object'
            ? validSample(itemValue)
            : Object.fromEntries(
                itemFields.filter((g) => g.required).map((g) => [String(g.path.at(-1)), validSample(g)]),
              );
        for (const kind of ['missing', 'wrong type', 'too short', 'too long', 'bad format'] as Kind[]) {
          if (route.part === 'querystring' && kind !== 'missing' && kind !== 'bad format') continue;
          // a list item is never missing: the list is shorter
          if (kind === 'missing' && typeof f.path[f.path.length - 1] === 'number') continue;
          const wrong = wrongValue(f, kind, item);
          if (!wrong) continue;
          const body = bodyWith(f.path, wrong.value);
          for (const lang of LANGS) {
            const res =
              route.part === 'querystring'
                ? await t.app.inject({
                    method: route.method as 'GET',
                    url: route.url,
                    query: body as Record<string, string>,
                    headers: headers(lang),
                  })
                : await t.app.inject({
                    method: route.method as 'POST',
                    url: route.url,
                    headers: { ...headers(lang), 'content-type': 'application/json' },
                    payload: JSON.stringify(body),
                  });
            const label = lang === 'zh' ? labels?.[0] : lang === 'en' ? labels?.[1] : undefined;
            const where = `${route.url} ${key} ${kind} ${lang}`;
            expectWorded(res, where, lang, f.path.join('.'), label, codes, kind === 'missing');
            checked += 1;
          }
        }
      }
    }
    // every call, most fields, most kinds, three languages
    expect(checked).toBeGreaterThan(600);
  }, 120_000);

  it('words the upload form of /task/create the same way', async () => {
    const fields = fieldsOf(createTaskFields);
    const codes = fields.flatMap((f) => (f.values ?? []).map(String)).sort((a, b) => b.length - a.length);
    const cases: [string, Record<string, string>][] = [
      ['targetLanguage', {}],
      ['targetLanguage', { targetLanguage: 'klingon' }],
      ['targetLanguage', { targetLanguage: 'auto' }],
      ['originalLanguage', { targetLanguage: 'ja', originalLanguage: 'klingon' }],
      ['translationService', { targetLanguage: 'ja', translationService: 'babelfish' }],
      ['includeOriginalText', { targetLanguage: 'ja', includeOriginalText: 'maybe' }],
    ];
    for (const [field, form] of cases) {
      for (const lang of LANGS) {
        const { payload, contentType } = multipart([
          ...Object.entries(form).map(([name, data]) => ({ name, data })),
          { name: 'file', filename: 'film.srt', data: makeSrt(2) },
        ]);
        const res = await t.app.inject({
          method: 'POST',
          url: '/task/create',
          headers: { ...headers(lang), 'content-type': contentType },
          payload,
        });
        const labels = EXPECTED['/task/create']![field]!;
        const label = lang === 'zh' ? labels[0] : lang === 'en' ? labels[1] : undefined;
        expectWorded(res, `/task/create ${field} ${JSON.stringify(form)} ${lang}`, lang, field, label, codes);
      }
    }
  });

  it('answers the examples of the report in Chinese, with the right field', async () => {
    const register = await t.post(
      '/user/register',
      { email: 'someone@example.com', name: 'x', pass: 'secret-pass', code: '12345' },
      { headers: { 'accept-language': 'zh' } },
    );
    const fields = envelope<{ fields: { field: string; message: string }[] }>(register).data.fields;
    expect(fields).toEqual([
      { field: 'name', message: '名称至少需要 2 个字符' },
      { field: 'code', message: '验证码应为 6 位数字' },
    ]);
    expect(envelope(register).msg).toBe('请求参数有误：名称至少需要 2 个字符');

    const product = await t.post('/alipay/create_alipay_url', { id: 'seven' }, { as: manager });
    expect(envelope(product).msg).toBe('请求参数有误：商品 ID 应为数字');
    const upload = await t.post(
      '/file/sts-credentials',
      { fileName: 'a.mp4', size: 'big', type: 2 },
      { as: manager },
    );
    expect(envelope(upload).msg).toBe('请求参数有误：文件大小应为数字');
    const page = await t.post('/user/all_users', { size: 'big' }, { as: manager });
    expect(envelope(page).msg).toBe('请求参数有误：每页条数应为数字');
  });
});
