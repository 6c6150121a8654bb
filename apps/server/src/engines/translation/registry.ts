import {
  TRANSLATION_ENGINES,
  type EngineCapabilities,
  type EngineStatus,
  type TranslationEngineName,
} from '@subtrans/contract';
import { displayUrl } from '../../config/display-url.js';
import type { Env } from '../../config/env.js';
import { AppError } from '../../http/errors.js';
import { apertiumEngine, commandExists } from './apertium.js';
import { capabilitiesOf } from './capabilities.js';
import type { TranslationEngine } from './engine.js';
import { limitConcurrency } from './limit.js';
import { googleV2Engine } from './google-v2.js';
import { openAiCompatibleEngine } from './openai-compatible.js';

export interface EngineRegistry {
  /** the engine, or ENGINE_NOT_CONFIGURED / ENGINE_NOT_IMPLEMENTED */
  get(name: TranslationEngineName): TranslationEngine;
  /** what the engine honours (issue 34), or null when it is not built here */
  capabilities(name: TranslationEngineName): EngineCapabilities | null;
  /** every engine with whether it can be used here and why not (for the UI) */
  status(googleOfferedOnHost: boolean): EngineStatus[];
  /** stops what the engines keep running (Apertium's processes): at shutdown */
  close(): Promise<void>;
}

/**
 * How each engine the contract names is built from the environment (null: not configured here);
 * null in place of a builder: recognised but not implemented (SPEC §8).
 */
const BUILDERS: Record<TranslationEngineName, ((env: Env) => TranslationEngine | null) | null> = {
  deepseek: (env) =>
    env.DEEPSEEK_API_KEY
      ? openAiCompatibleEngine({
          name: 'deepseek',
          baseUrl: env.DEEPSEEK_BASE_URL,
          apiKey: env.DEEPSEEK_API_KEY,
          model: env.DEEPSEEK_MODEL,
        })
      : null,
  google: (env) =>
    env.GOOGLE_TRANSLATE_API_KEY
      ? googleV2Engine({ baseUrl: env.GOOGLE_TRANSLATE_BASE_URL, apiKey: env.GOOGLE_TRANSLATE_API_KEY })
      : null,
  openai: (env) =>
    env.OPENAI_BASE_URL || env.OPENAI_API_KEY
      ? openAiCompatibleEngine({
          name: 'openai',
          baseUrl: env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
          apiKey: env.OPENAI_API_KEY,
          model: env.OPENAI_MODEL,
        })
      : null,
  // offline: an apertium-apy server, or the local command when it is installed
  apertium: (env) =>
    env.APERTIUM_URL || commandExists(env.APERTIUM_COMMAND)
      ? apertiumEngine({ url: env.APERTIUM_URL, command: env.APERTIUM_COMMAND })
      : null,
  baidu: null,
  deepl: null,
  microsoft: null,
};

/** Builds the engines the environment configures; the others answer why they cannot be used. */
export function buildEngineRegistry(env: Env): EngineRegistry {
  const engines = new Map<TranslationEngineName, TranslationEngine>();
  for (const name of TRANSLATION_ENGINES) {
    const engine = BUILDERS[name]?.(env);
    // one provider account is shared by every task of this process
    if (engine) engines.set(name, limitConcurrency(engine, env.TRANSLATE_ENGINE_CONCURRENCY));
  }
  const implemented = (name: TranslationEngineName) => BUILDERS[name] !== null;
  const capabilitiesHere = (name: TranslationEngineName) => {
    const engine = engines.get(name);
    return engine ? capabilitiesOf(engine) : null;
  };
  return {
    get(name) {
      if (!implemented(name)) throw new AppError('ENGINE_NOT_IMPLEMENTED', name);
      const engine = engines.get(name);
      if (!engine) throw new AppError('ENGINE_NOT_CONFIGURED', name);
      return engine;
    },
    capabilities: capabilitiesHere,
    status(googleOfferedOnHost) {
      return TRANSLATION_ENGINES.map((name): EngineStatus => {
        const capabilities = capabilitiesHere(name);
        if (!implemented(name)) return { name, enabled: false, reason: 'not_implemented', capabilities };
        if (name === 'google' && !googleOfferedOnHost)
          return { name, enabled: false, reason: 'not_on_this_host', capabilities };
        return engines.has(name)
          ? { name, enabled: true, reason: null, capabilities }
          : { name, enabled: false, reason: 'not_configured', capabilities };
      });
    },
    async close() {
      await Promise.all([...engines.values()].flatMap((e) => (e.close ? [e.close()] : [])));
    },
  };
}

const ENGINE_LABELS: Partial<Record<TranslationEngineName, (env: Env) => string>> = {
  deepseek: (env) => `DeepSeek (${env.DEEPSEEK_MODEL} at ${displayUrl(env.DEEPSEEK_BASE_URL)})`,
  google: (env) => `Google Translate (${displayUrl(env.GOOGLE_TRANSLATE_BASE_URL)})`,
  openai: (env) =>
    `OpenAI-compatible (${env.OPENAI_MODEL} at ${displayUrl(env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1')})`,
  apertium: (env) =>
    env.APERTIUM_URL
      ? `Apertium (apertium-apy at ${displayUrl(env.APERTIUM_URL)})`
      : `Apertium (the local \`${env.APERTIUM_COMMAND}\` command)`,
};

/**
 * The start-up banner's line about translation: the engines configured, the one the upload dialog
 * preselects (DeepSeek when configured, else the first), or how to configure one.
 */
export function describeEngines(env: Env, engines: Pick<EngineRegistry, 'status'>): string {
  const configured = engines
    .status(true)
    .filter((e) => e.enabled)
    .map((e) => e.name);
  if (!configured.length) {
    return '  Translation: no engine configured, tasks cannot be translated. Set DEEPSEEK_API_KEY, or OPENAI_BASE_URL (Ollama, any OpenAI-compatible server), or install Apertium (apt-get install apertium apertium-eng-spa), then restart';
  }
  const preselected = configured.includes('deepseek') ? 'deepseek' : configured[0];
  const labels = configured.map((name) => {
    const label = ENGINE_LABELS[name]?.(env) ?? name;
    return name === preselected ? `${label}, default` : label;
  });
  return `  Translation: ${labels.join('; ')}`;
}
