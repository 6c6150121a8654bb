import { describe, expect, it } from 'vitest';
import { UsageError } from './files.js';
import { messageLanguage, parseFormats, parseLanguages, parseParallel, translateOptions } from './options.js';

const env = { SUBTRANS_API_KEY: 'stk_abc', SUBTRANS_API_URL: 'https://subtrans.example.com/' };

describe('options', () => {
  it('reads languages and formats as comma lists, each once', () => {
    expect(parseLanguages('en, ja,en,zh-CN')).toEqual(['en', 'ja', 'zh-CN']);
    expect(parseFormats('SRT,ass')).toEqual(['srt', 'ass']);
    expect(() => parseLanguages(' , ')).toThrow(UsageError);
    expect(() => parseLanguages('auto')).toThrow(/source language only/);
    expect(() => parseLanguages('en;ja')).toThrow(/not a language code/);
    expect(() => parseFormats('srt,docx')).toThrow(/"docx" is not one of/);
    expect(parseParallel('2')).toBe(2);
    expect(() => parseParallel('0')).toThrow(UsageError);
    expect(() => parseParallel('2.5')).toThrow(UsageError);
  });

  it('takes the key and the server from the environment, --api first', () => {
    const opts = translateOptions(['s'], { to: 'ja' }, env);
    expect(opts).toMatchObject({
      langs: ['ja'],
      formats: ['srt'],
      bilingual: false,
      parallel: 4,
      apiUrl: 'https://subtrans.example.com',
      key: 'stk_abc',
      engine: undefined,
      from: undefined,
    });
    expect(translateOptions(['s'], { to: 'ja', api: 'http://localhost:8080' }, env).apiUrl).toBe(
      'http://localhost:8080',
    );
  });

  it('refuses a missing key, a key that is none, and a missing or bad server, saying what to do', () => {
    expect(() => translateOptions(['s'], { to: 'ja' }, { ...env, SUBTRANS_API_KEY: undefined })).toThrow(
      /SUBTRANS_API_KEY is not set/,
    );
    expect(() => translateOptions(['s'], { to: 'ja' }, { ...env, SUBTRANS_API_KEY: 'secret' })).toThrow(
      /stk_/,
    );
    expect(() => translateOptions(['s'], { to: 'ja' }, { SUBTRANS_API_KEY: 'stk_a' })).toThrow(
      /SUBTRANS_API_URL/,
    );
    expect(() => translateOptions(['s'], { to: 'ja', api: 'ftp://x' }, env)).toThrow(/http/);
    expect(() => translateOptions(['s'], { to: 'ja', engine: 'a b' }, env)).toThrow(/--engine/);
    expect(() => translateOptions(['s'], { to: 'ja', from: 'english!' }, env)).toThrow(/--from/);
  });

  it("asks the server's messages in the shell's language, English otherwise", () => {
    expect(messageLanguage({ LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(messageLanguage({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(messageLanguage({ LANG: 'de_DE.UTF-8' })).toBe('en');
    expect(messageLanguage({})).toBe('en');
  });
});
