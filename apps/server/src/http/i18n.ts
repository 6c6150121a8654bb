import { z } from 'zod';
import { UI_LANGUAGES, type UiLanguage } from '@subtrans/contract';

export function languageFromAcceptLanguage(header: string | undefined): UiLanguage | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] as UiLanguage;
    if ((UI_LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return undefined;
}

const locales = { zh: z.locales.zhCN(), en: z.locales.en(), ja: z.locales.ja() } as const;

type RawIssue = Parameters<ReturnType<typeof z.locales.en>['localeError']>[0];

/** Re-words a zod issue in the caller's language (custom messages from our schemas are kept). */
export function localiseIssue(issue: { code: string; message: string }, lang: UiLanguage): string {
  if (issue.code === 'custom') return issue.message;
  if (
    issue.code === 'invalid_format' &&
    'pattern' in issue &&
    !('format' in issue && issue.format !== 'regex')
  )
    return issue.message;
  const localised = locales[lang].localeError(issue as unknown as RawIssue);
  if (typeof localised === 'string') return localised;
  return localised?.message ?? issue.message;
}

export const FIELD_NAMES: Record<UiLanguage, Record<string, string>> = {
  zh: {
    email: '邮箱',
    pass: '密码',
    name: '名称',
    code: '验证码',
    pic: '头像',
    id: '用户 ID',
    page: '页码',
    size: '每页条数',
    language: '语言',
    state: 'state',
  },
  en: {
    email: 'email',
    pass: 'password',
    name: 'name',
    code: 'verification code',
    pic: 'avatar',
    id: 'user id',
    page: 'page',
    size: 'page size',
    language: 'language',
    state: 'state',
  },
  ja: {
    email: 'メールアドレス',
    pass: 'パスワード',
    name: '名前',
    code: '認証コード',
    pic: 'アバター',
    id: 'ユーザー ID',
    page: 'ページ',
    size: 'ページサイズ',
    language: '言語',
    state: 'state',
  },
};
