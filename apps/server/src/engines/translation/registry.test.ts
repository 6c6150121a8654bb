import { describe, expect, it } from 'vitest';
import { engineStatusSchema, TRANSLATION_ENGINES } from '@subtrans/contract';
import { parseEnv } from '../../config/env.js';
import { buildEngineRegistry } from './registry.js';

const ALL_CONFIGURED = {
  DEEPSEEK_API_KEY: 'k',
  OPENAI_API_KEY: 'k',
  GOOGLE_TRANSLATE_API_KEY: 'k',
  APERTIUM_URL: 'http://127.0.0.1:1',
};

describe('what the registry tells the UI each engine honours (issue 34)', () => {
  it('is what each adapter declares and has, through the concurrency limit', async () => {
    const registry = buildEngineRegistry(parseEnv(ALL_CONFIGURED));
    try {
      const status = registry.status(true);
      expect(status.map((s) => engineStatusSchema.parse(s))).toEqual(status);
      const built = TRANSLATION_ENGINES.filter((name) => status.some((s) => s.name === name && s.enabled));
      expect(built).toEqual(['deepseek', 'google', 'openai', 'apertium']);
      const byName = Object.fromEntries(status.map((s) => [s.name, s.capabilities]));
      const model = { kind: 'language-model', terms: true, instructions: true, brief: true, condense: true };
      expect(byName).toEqual({
        deepseek: model,
        openai: model,
        google: {
          kind: 'machine-translation',
          terms: false,
          instructions: false,
          brief: false,
          condense: false,
        },
        apertium: { kind: 'rule-based', terms: true, instructions: false, brief: false, condense: false },
        baidu: null,
        deepl: null,
        microsoft: null,
      });
      // derived from the engine that runs the tasks, not from a list kept beside it
      for (const name of built) {
        const engine = registry.get(name);
        expect(registry.capabilities(name)).toMatchObject({
          terms: engine.honours.terms,
          instructions: engine.honours.instructions,
          brief: 'brief' in engine,
          condense: 'condense' in engine,
        });
      }
    } finally {
      await registry.close();
    }
  });

  it('tells nothing of an engine not built here, on this host or not', async () => {
    const registry = buildEngineRegistry(
      parseEnv({ GOOGLE_TRANSLATE_API_KEY: 'k', APERTIUM_COMMAND: '/nonexistent/apertium' }),
    );
    try {
      const status = Object.fromEntries(registry.status(false).map((s) => [s.name, s]));
      expect(status.deepseek).toEqual({
        name: 'deepseek',
        enabled: false,
        reason: 'not_configured',
        capabilities: null,
      });
      // configured but not offered on this host: what it honours is still known
      expect(status.google).toMatchObject({ enabled: false, reason: 'not_on_this_host' });
      expect(status.google!.capabilities).toMatchObject({ kind: 'machine-translation', terms: false });
      expect(registry.capabilities('deepl')).toBeNull();
    } finally {
      await registry.close();
    }
  });
});
