import { describe, expect, it, vi } from 'vitest';
import { createTypingSignal } from './typing-signal';

describe('typing signal', () => {
  it('tells its listeners when it changes, not when it is set to what it already is', () => {
    const s = createTypingSignal();
    const l = vi.fn();
    const off = s.subscribe(l);
    expect(s.get()).toBe(false);
    s.set(true);
    s.set(true);
    expect(s.get()).toBe(true);
    expect(l).toHaveBeenCalledTimes(1);
    s.set(false);
    expect(l).toHaveBeenCalledTimes(2);
    off();
    s.set(true);
    expect(l).toHaveBeenCalledTimes(2);
  });
});
