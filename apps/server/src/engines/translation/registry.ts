import type { EngineStatus, TranslationEngineName } from '@subtrans/contract';
import type { Env } from '../../config/env.js';
import { AppError } from '../../http/errors.js';
import { apertiumEngine, commandExists } from './apertium.js';
import type { TranslationEngine } from './engine.js';
import { limitConcurrency } from './limit.js';
import { googleV2Engine } from './google-v2.js';
import { openAiCompatibleEngine } from './openai-compatible.js';

const NOT_IMPLEMENTED: TranslationEngineName[] = ['baidu', 'deepl', 'microsoft'];

export interface EngineRegistry {
  /** the engine, or ENGINE_NOT_CONFIGURED / ENGINE_NOT_IMPLEMENTED */
  get(name: TranslationEngineName): TranslationEngine;
  /** every engine with whether it can be used here and why not (for the UI) */
  status(googleOfferedOnHost: boolean): EngineStatus[];
}

/** Builds the engines the environment configures; the others answer why they cannot be used. */
export function buildEngineRegistry(env: Env): EngineRegistry {
  const engines = new Map<TranslationEngineName, TranslationEngine>();
  if (env.DEEPSEEK_API_KEY) {
    engines.set(
      'deepseek',
      openAiCompatibleEngine({
        name: 'deepseek',
        baseUrl: env.DEEPSEEK_BASE_URL,
        apiKey: env.DEEPSEEK_API_KEY,
        model: env.DEEPSEEK_MODEL,
      }),
    );
  }
  if (env.OPENAI_BASE_URL || env.OPENAI_API_KEY) {
    engines.set(
      'openai',
      openAiCompatibleEngine({
        name: 'openai',
        baseUrl: env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
        apiKey: env.OPENAI_API_KEY,
        model: env.OPENAI_MODEL,
      }),
    );
  }
  if (env.GOOGLE_TRANSLATE_API_KEY) {
    engines.set(
      'google',
      googleV2Engine({ baseUrl: env.GOOGLE_TRANSLATE_BASE_URL, apiKey: env.GOOGLE_TRANSLATE_API_KEY }),
    );
  }
  // offline: an apertium-apy server, or the local command when it is installed
  if (env.APERTIUM_URL || commandExists(env.APERTIUM_COMMAND)) {
    engines.set('apertium', apertiumEngine({ url: env.APERTIUM_URL, command: env.APERTIUM_COMMAND }));
  }
  // one provider account is shared by every task of this process
  for (const [name, engine] of engines)
    engines.set(name, limitConcurrency(engine, env.TRANSLATE_ENGINE_CONCURRENCY));
  return {
    get(name) {
      if (NOT_IMPLEMENTED.includes(name)) throw new AppError('ENGINE_NOT_IMPLEMENTED', name);
      const engine = engines.get(name);
      if (!engine) throw new AppError('ENGINE_NOT_CONFIGURED', name);
      return engine;
    },
    status(googleOfferedOnHost) {
      const names: TranslationEngineName[] = [
        'deepseek',
        'google',
        'openai',
        'apertium',
        'baidu',
        'deepl',
        'microsoft',
      ];
      return names.map((name): EngineStatus => {
        if (NOT_IMPLEMENTED.includes(name)) return { name, enabled: false, reason: 'not_implemented' };
        if (name === 'google' && !googleOfferedOnHost)
          return { name, enabled: false, reason: 'not_on_this_host' };
        return engines.has(name)
          ? { name, enabled: true, reason: null }
          : { name, enabled: false, reason: 'not_configured' };
      });
    },
  };
}
