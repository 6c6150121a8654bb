import { describe, expect, it } from 'vitest';
import zh from '@subtrans/locales/zh.json';
import en from '@subtrans/locales/en.json';
import { changeLanguage, initI18n, loadAllTexts } from './i18n';

/** The home page starts with its own texts; the other pages load the rest before they render. */
describe('texts loaded by part', () => {
  it('has the home page’s texts at once and every text after loadAllTexts, in any language chosen', async () => {
    const i18n = await initI18n('zh', { texts: 'home' });
    expect(i18n.t('home.heroTitle')).toBe(zh.home.heroTitle);
    expect(i18n.exists('tasks.upload.title')).toBe(false);
    // a language chosen on the home page: its home texts only, until the rest is wanted
    await changeLanguage('en');
    expect(i18n.t('home.heroTitle')).toBe(en.home.heroTitle);
    await loadAllTexts();
    expect(i18n.t('tasks.upload.title')).toBe(en.tasks.upload.title);
    // the language left before is read again whole
    await changeLanguage('zh');
    expect(i18n.t('tasks.upload.title')).toBe(zh.tasks.upload.title);
    expect(i18n.t('account.notice.accountClosed')).toBe(zh.account.notice.accountClosed);
  });
});
