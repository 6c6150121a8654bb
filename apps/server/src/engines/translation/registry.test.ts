import { describe, expect, it } from 'vitest';
import { BRIEF_ENGINES, TRANSLATION_ENGINES, writesBrief } from '@subtrans/contract';
import { parseEnv } from '../../config/env.js';
import { buildEngineRegistry } from './registry.js';

describe('the engines that write a brief', () => {
  it('are those whose adapter has `brief`, as the contract names them (BRIEF_ENGINES)', async () => {
    const registry = buildEngineRegistry(
      parseEnv({
        DEEPSEEK_API_KEY: 'k',
        OPENAI_API_KEY: 'k',
        GOOGLE_TRANSLATE_API_KEY: 'k',
        APERTIUM_URL: 'http://127.0.0.1:1',
      }),
    );
    try {
      const built = TRANSLATION_ENGINES.filter((name) =>
        registry.status(true).some((s) => s.name === name && s.enabled),
      );
      expect(built).toEqual(['deepseek', 'google', 'openai', 'apertium']);
      expect(built.filter((name) => 'brief' in registry.get(name))).toEqual([...BRIEF_ENGINES]);
      expect(TRANSLATION_ENGINES.filter(writesBrief)).toEqual([...BRIEF_ENGINES]);
    } finally {
      await registry.close();
    }
  });
});
