/**
 * Chinese words in the browser (package.json `imports`): none given, so the breaker takes
 * Intl.Segmenter's (ICU's dictionary); the server's are jieba's (zh-words-node.ts).
 */
export const chineseWords: ((text: string) => string[]) | null = null;
