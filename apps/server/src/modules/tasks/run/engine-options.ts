import {
  ignoredOptions,
  INPUT_RULES,
  type EngineCapabilities,
  type OptionValues,
  type TranslationEngineName,
} from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import { ValidationError } from '../../../http/errors.js';

/** A task's engine as its options are judged: its name, and what it honours (null: not built here). */
export interface TaskEngine {
  name: string;
  capabilities: EngineCapabilities | null;
}

export const taskEngine = (ctx: AppContext, name: string): TaskEngine => ({
  name,
  capabilities: ctx.engines.capabilities(name as TranslationEngineName),
});

/** the engines' own names, the same in every interface language */
const BRANDS: Record<string, string> = {
  deepseek: 'DeepSeek',
  google: 'Google',
  openai: 'OpenAI',
  apertium: 'Apertium',
};

/**
 * Issue 34: a task option its engine would ignore (a glossary for Apertium, a note for Google) is
 * refused, each one named, and nothing is written: stored and silently dropped, the user would
 * find "Lane" turned into "Camino" after paying. The upload never offers them; this answers a
 * client that sends them anyway. An engine not built here passes (starting the task answers
 * ENGINE_NOT_CONFIGURED).
 */
export function assertEngineHonours(engine: TaskEngine, values: OptionValues): void {
  if (!engine.capabilities) return;
  const ignored = ignoredOptions(values, engine.capabilities);
  if (!ignored.length) return;
  const params = { engine: BRANDS[engine.name] ?? engine.name };
  throw new ValidationError(
    ignored.map((option) => ({
      path: [option],
      problem: { kind: 'rule', rule: INPUT_RULES.ignoredByEngine, params },
    })),
  );
}
