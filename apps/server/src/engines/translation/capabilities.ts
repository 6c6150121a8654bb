import type { EngineCapabilities } from '@subtrans/contract';
import type { TranslationEngine } from './engine.js';

/**
 * What the UI is told an engine honours (issue 34), from the adapter itself: the request fields
 * it declares it sends (`honours`), and the methods it has: a brief (so its names and terms can
 * be reviewed first) and condensing. One source of truth: no list of engines to keep in step.
 */
export function capabilitiesOf(engine: TranslationEngine): EngineCapabilities {
  return {
    kind: engine.kind,
    terms: engine.honours.terms,
    instructions: engine.honours.instructions,
    brief: typeof engine.brief === 'function',
    condense: typeof engine.condense === 'function',
  };
}
