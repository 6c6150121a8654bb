import { z } from 'zod';
import { INPUT_RULES } from './input.js';
import { engineCapabilitiesSchema } from './engine-capabilities.js';

/** SPEC §7 engine names; baidu, deepl and microsoft are recognised but not implemented (§8). */
export const TRANSLATION_ENGINES = [
  'deepseek',
  'google',
  'openai',
  'apertium',
  'baidu',
  'deepl',
  'microsoft',
] as const;
export type TranslationEngineName = (typeof TRANSLATION_ENGINES)[number];

export const TRANSLATE_LIMITS = { maxLines: 50, maxChars: 20_000 } as const;

/**
 * SPEC §9: a task's translation batch size defaults to the server's and may be overridden from
 * the browser's storage. Sent with the start of a task's translation (/task/start,
 * /file/submit_execute_task); the server clamps it to its bounds (a whole number from 1), so any
 * number is taken.
 */
export const batchSizeField = z.number().optional();

/** SPEC §7 /translation/translate and /translation/deepseek_translate */
export const translateBody = z
  .object({
    texts: z.array(z.string().max(TRANSLATE_LIMITS.maxChars)).min(1).max(TRANSLATE_LIMITS.maxLines),
    targetLanguage: z.string().min(2).max(10),
    sourceLanguage: z.string().min(2).max(10).optional(),
  })
  .refine((b) => b.texts.reduce((n, t) => n + t.length, 0) <= TRANSLATE_LIMITS.maxChars, {
    message: INPUT_RULES.totalChars,
    params: { max: TRANSLATE_LIMITS.maxChars },
    path: ['texts'],
  });

export const engineStatusSchema = z.object({
  name: z.enum(TRANSLATION_ENGINES),
  enabled: z.boolean(),
  /** why it cannot be used: not configured, not offered on this host, not implemented */
  reason: z.enum(['not_configured', 'not_on_this_host', 'not_implemented']).nullable(),
  /**
   * issue 34: what the engine honours (derived from its adapter), or null when it is not built
   * here (not configured, not implemented)
   */
  capabilities: engineCapabilitiesSchema.nullable(),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;
