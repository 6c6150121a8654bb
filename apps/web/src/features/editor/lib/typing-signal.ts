/**
 * "A key was typed that the page has not taken in yet." A line's field shows each key at once and
 * hands the value to the page in a transition (segment-row.tsx); until that transition commits,
 * the page's own state still says "saved". This flag closes that gap: the field raises it in the
 * key's own event, so the save badge turns to "not saved yet" and leaving the page warns at once,
 * and the page lowers it when the change has reached its state.
 */
export interface TypingSignal {
  get: () => boolean;
  set: (on: boolean) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createTypingSignal(): TypingSignal {
  let on = false;
  const listeners = new Set<() => void>();
  return {
    get: () => on,
    set: (next) => {
      if (next === on) return;
      on = next;
      for (const l of listeners) l();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
