import type { ParseKeys } from 'i18next';

/** A text's key as `t` takes it: the keys of zh's texts (i18next.d.ts), checked by the compiler. */
export type TextKey = ParseKeys;

/**
 * The keys the code builds at run time from a value (a task's status, an engine's name, a page's
 * name …), `*` standing for that value. i18n.test.ts counts the texts each pattern matches as used,
 * fails on a pattern that matches none, and on a key built from a template whose pattern is not here.
 */
export const RUNTIME_KEYS = [
  'billing.kinds.*',
  'billing.source.*',
  'billing.taskState.*',
  'editor.allowance.*',
  'editor.flag.*',
  'editor.quality.*',
  'editor.quality.counting.*',
  'editor.review.flag.*',
  'editor.review.hint.*',
  'editor.save.*',
  'editor.shortcuts.*',
  'editor.timing.kind.*',
  'exportDialog.bilingualOption.*',
  'exportDialog.lost.*',
  'home.features.*.text',
  'home.features.*.title',
  'meta.*.description',
  'meta.*.title',
  'meta.seo.*.*',
  'meta.seo.*.heading',
  'tasks.engine.*',
  'tasks.engineHint.capability.*',
  'tasks.engineReason.*',
  'tasks.media.reject.*',
  'tasks.media.stage.*',
  'tasks.status.*',
  'tasks.upload.encoding.hint.*',
  'tasks.upload.encoding.script.*',
  'tasks.upload.reject.*',
  'tasks.upload.rule.*',
  'voice.formality.*',
  'voice.gender.*',
  'voice.upload.unavailable.*',
] as const;

export type RuntimeKeyPattern = (typeof RUNTIME_KEYS)[number];

/**
 * The key `pattern` names with each `*` replaced by the next of `values`, for `t`: the one place
 * where a key made of a value the compiler cannot follow (a string) is taken as a text's key.
 */
export function runtimeKey(pattern: RuntimeKeyPattern, ...values: string[]): TextKey {
  let i = 0;
  return pattern.replace(/\*/g, () => values[i++] ?? '') as TextKey;
}
