import type { ExportFormat } from './api.js';
import { UsageError } from './files.js';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['srt', 'vtt', 'ass'];

/** What `subtrans translate` was asked, checked. */
export interface TranslateOptions {
  inputs: string[];
  langs: string[];
  formats: ExportFormat[];
  bilingual: boolean;
  engine: string | undefined;
  from: string | undefined;
  parallel: number;
  apiUrl: string;
  key: string;
  /** the language the server's messages are asked in */
  language: string;
}

/** As commander hands them over (strings, or absent). */
export interface RawOptions {
  to: string;
  format?: string;
  bilingual?: boolean;
  engine?: string;
  from?: string;
  parallel?: string;
  api?: string;
}

/** A language as the server names it: `en`, `ja`, `zh-CN`, `pt-BR`. The server checks it is one it knows. */
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** `en, ja,en` → `['en', 'ja']`: each once, in the order given. */
function list(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

export function parseLanguages(value: string): string[] {
  const langs = list(value);
  if (langs.length === 0) throw new UsageError('--to: name at least one language (--to en,ja)');
  for (const lang of langs) {
    if (lang === 'auto') throw new UsageError('--to: "auto" is a source language only');
    if (!LANGUAGE.test(lang)) throw new UsageError(`--to: "${lang}" is not a language code (en, ja, zh-CN…)`);
  }
  return langs;
}

export function parseFormats(value: string): ExportFormat[] {
  const formats = list(value.toLowerCase());
  if (formats.length === 0) throw new UsageError('--format: name at least one of srt, vtt, ass');
  for (const f of formats) {
    if (!(EXPORT_FORMATS as readonly string[]).includes(f))
      throw new UsageError(`--format: "${f}" is not one of srt, vtt, ass`);
  }
  return formats as ExportFormat[];
}

export function parseParallel(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 16)
    throw new UsageError(`--parallel: "${value}" is not a whole number from 1 to 16`);
  return n;
}

function parseApiUrl(value: string | undefined): string {
  if (!value)
    throw new UsageError('No server: set SUBTRANS_API_URL (or pass --api https://subtrans.example.com)');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`"${value}" is not a URL (https://subtrans.example.com)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(`"${value}" is not an http(s) URL`);
  return value.replace(/\/+$/, '');
}

function parseKey(value: string | undefined): string {
  if (!value)
    throw new UsageError(
      'SUBTRANS_API_KEY is not set: create a key of scope "translate" on the API keys page of the dashboard, then export SUBTRANS_API_KEY=stk_…',
    );
  if (!value.startsWith('stk_'))
    throw new UsageError('SUBTRANS_API_KEY does not hold an API key (they start with stk_)');
  return value;
}

/** `LANG=ja_JP.UTF-8` → `ja`: the server words its messages in English, Chinese or Japanese. */
export function messageLanguage(env: Record<string, string | undefined>): string {
  const lang = (env.LC_ALL || env.LANG || '').toLowerCase();
  return lang.startsWith('zh') ? 'zh' : lang.startsWith('ja') ? 'ja' : 'en';
}

/** The options and the environment, checked (UsageError names what is wrong). */
export function translateOptions(
  inputs: string[],
  raw: RawOptions,
  env: Record<string, string | undefined>,
): TranslateOptions {
  const from = raw.from?.trim() || undefined;
  if (from && from !== 'auto' && !LANGUAGE.test(from))
    throw new UsageError(`--from: "${from}" is not a language code (en, ja, zh-CN… or auto)`);
  const engine = raw.engine?.trim() || undefined;
  if (engine && !/^[a-z0-9_-]{1,40}$/i.test(engine))
    throw new UsageError(`--engine: "${engine}" is not an engine name (deepseek, openai…)`);
  return {
    inputs,
    langs: parseLanguages(raw.to),
    formats: parseFormats(raw.format ?? 'srt'),
    bilingual: raw.bilingual ?? false,
    engine,
    from,
    parallel: parseParallel(raw.parallel ?? '4'),
    apiUrl: parseApiUrl(raw.api ?? env.SUBTRANS_API_URL),
    key: parseKey(env.SUBTRANS_API_KEY),
    language: messageLanguage(env),
  };
}
