import { describe, expect, it } from 'vitest';
import { MESSAGES, loadAllMessages, messageAt } from './index.js';
import sandboxZh from './sandbox/zh.json';
import sandboxEn from './sandbox/en.json';
import sandboxJa from './sandbox/ja.json';

describe('the interface texts', () => {
  it('loads every language', async () => {
    const all = await loadAllMessages();
    expect(messageAt(all.en, 'common.cancel')).toBe('Cancel');
    expect(messageAt(all.ja, 'app.name')).toMatch(/^SubTrans/);
  });

  it('names the language whose texts cannot be loaded', async () => {
    const broken = { ...MESSAGES, ja: () => Promise.reject(new Error('ENOENT: ja.json')) };
    await expect(loadAllMessages(broken)).rejects.toThrow(
      /interface texts for "ja" \(@subtrans\/locales ja\.json\) cannot be loaded: ENOENT/,
    );
  });

  it("words the sandbox checkout in every language with zh's keys, none empty", () => {
    for (const texts of [sandboxEn, sandboxJa]) {
      expect(Object.keys(texts).sort()).toEqual(Object.keys(sandboxZh).sort());
      expect(Object.values(texts).every((t) => t.trim().length > 0)).toBe(true);
    }
  });
});
