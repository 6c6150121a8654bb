import type { TranslationEngine } from './engine.js';

/**
 * The engine with its translate and condense calls counted (each attempt is a call), so a task
 * can report the calls it took even when its run fails; `take` answers the calls since the last
 * take. Brief calls pass through uncounted: the brief counts its own (brief.ts).
 */
export function countCalls(engine: TranslationEngine): { engine: TranslationEngine; take(): number } {
  let calls = 0;
  const condense = engine.condense?.bind(engine);
  const brief = engine.brief?.bind(engine);
  const counted: TranslationEngine = {
    name: engine.name,
    kind: engine.kind,
    honours: engine.honours,
    // a local engine's own batch size and concurrency still decide the run's batches
    ...(engine.batching ? { batching: engine.batching } : {}),
    ...(engine.prompt ? { prompt: engine.prompt } : {}),
    translate: (req) => {
      calls += 1;
      return engine.translate(req);
    },
    ...(condense
      ? {
          condense: (req) => {
            calls += 1;
            return condense(req);
          },
        }
      : {}),
    ...(brief ? { brief } : {}),
  };
  return {
    engine: counted,
    take: () => {
      const n = calls;
      calls = 0;
      return n;
    },
  };
}
