import type { BriefRequest, CondenseRequest, TranslateRequest, TranslationEngine } from './engine.js';

/**
 * Bounds the calls one engine has in flight in this process, across every task (a provider's
 * per-account limit is shared by all of them). Waiting calls go in arrival order; an aborted
 * waiter leaves the line.
 */
export function limitConcurrency(
  engine: TranslationEngine,
  max: number,
): TranslationEngine & { active(): number } {
  let active = 0;
  const waiting: (() => void)[] = [];
  const acquire = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (active < max) {
        active += 1;
        resolve();
        return;
      }
      const go = () => {
        signal?.removeEventListener('abort', abort);
        active += 1;
        resolve();
      };
      const abort = () => {
        const i = waiting.indexOf(go);
        if (i >= 0) waiting.splice(i, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', abort, { once: true });
      waiting.push(go);
    });
  const releaseSlot = () => {
    active -= 1;
    waiting.shift()?.();
  };
  const inSlot = async <T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> => {
    signal?.throwIfAborted();
    await acquire(signal);
    try {
      return await work();
    } finally {
      releaseSlot();
    }
  };
  const condense = engine.condense?.bind(engine);
  const close = engine.close?.bind(engine);
  const brief = engine.brief?.bind(engine);
  return {
    name: engine.name,
    kind: engine.kind,
    honours: engine.honours,
    ...(engine.batching ? { batching: engine.batching } : {}),
    ...(engine.prompt ? { prompt: engine.prompt } : {}),
    ...(close ? { close } : {}),
    active: () => active,
    translate: (req: TranslateRequest) => inSlot(req.signal, () => engine.translate(req)),
    // condensing calls the same provider account: they wait for a slot like any other call
    ...(condense ? { condense: (req: CondenseRequest) => inSlot(req.signal, () => condense(req)) } : {}),
    ...(brief ? { brief: (req: BriefRequest) => inSlot(req.signal, () => brief(req)) } : {}),
  };
}
