import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { useShortcuts, type ShortcutActions } from './use-shortcuts';

afterEach(cleanup);

function press(init: KeyboardEventInit) {
  const e = new KeyboardEvent('keydown', { ...init, cancelable: true, bubbles: true });
  window.dispatchEvent(e);
  return e;
}

describe('useShortcuts', () => {
  it('takes the action of each key and keeps the browser from acting on it', () => {
    const actions = {
      next: vi.fn(),
      previous: vi.fn(),
      edit: vi.fn(),
      retranslate: vi.fn(),
      save: vi.fn(),
      undo: vi.fn(),
      redo: vi.fn(),
      find: vi.fn(),
      help: vi.fn(),
      nextReview: vi.fn(),
      previousReview: vi.fn(),
      split: vi.fn(),
      merge: vi.fn(),
      insertAfter: vi.fn(),
      insertBefore: vi.fn(),
      deleteLines: vi.fn(),
      timing: vi.fn(),
      startAtPlayhead: vi.fn(),
      endAtPlayhead: vi.fn(),
      startEarlier: vi.fn(),
      startLater: vi.fn(),
      endEarlier: vi.fn(),
      endLater: vi.fn(),
      zoomIn: vi.fn(),
      zoomOut: vi.fn(),
    } satisfies Required<ShortcutActions>;
    renderHook(() => useShortcuts(actions));
    const keys: [keyof ShortcutActions, KeyboardEventInit][] = [
      ['next', { altKey: true, key: 'ArrowDown' }],
      ['previous', { altKey: true, key: 'ArrowUp' }],
      ['edit', { altKey: true, key: 'E' }],
      ['retranslate', { altKey: true, key: 'r' }],
      ['save', { ctrlKey: true, key: 's' }],
      ['undo', { metaKey: true, key: 'z' }],
      ['redo', { ctrlKey: true, shiftKey: true, key: 'Z' }],
      ['redo', { ctrlKey: true, key: 'y' }],
      ['find', { ctrlKey: true, key: 'f' }],
      ['help', { key: 'F1' }],
      ['nextReview', { key: 'F8' }],
      ['previousReview', { shiftKey: true, key: 'F8' }],
      ['split', { altKey: true, key: 'Enter' }],
      // by the key's place: Option+M types µ on a Mac
      ['merge', { altKey: true, key: 'µ', code: 'KeyM' }],
      ['insertAfter', { altKey: true, key: 'i', code: 'KeyI' }],
      ['insertBefore', { altKey: true, shiftKey: true, key: 'I', code: 'KeyI' }],
      ['deleteLines', { altKey: true, shiftKey: true, key: 'D', code: 'KeyD' }],
      ['timing', { altKey: true, shiftKey: true, key: 'A', code: 'KeyA' }],
      // issue 38's timeline keys, by place too (Alt+[ types “ on a Mac)
      ['startAtPlayhead', { altKey: true, key: '“', code: 'BracketLeft' }],
      ['endAtPlayhead', { altKey: true, key: ']', code: 'BracketRight' }],
      ['startEarlier', { altKey: true, key: ',', code: 'Comma' }],
      ['startLater', { altKey: true, key: '.', code: 'Period' }],
      ['endEarlier', { altKey: true, shiftKey: true, key: '<', code: 'Comma' }],
      ['endLater', { altKey: true, shiftKey: true, key: '>', code: 'Period' }],
      ['zoomIn', { altKey: true, key: '=', code: 'Equal' }],
      ['zoomOut', { altKey: true, key: '-', code: 'Minus' }],
    ];
    for (const [name, init] of keys) {
      const before = actions[name].mock.calls.length;
      expect(press(init).defaultPrevented, name).toBe(true);
      expect(actions[name].mock.calls.length, name).toBe(before + 1);
    }
    expect(press({ key: 'a' }).defaultPrevented).toBe(false);
    // F8 with Ctrl or Alt is the browser's or the system's, not a step to review
    expect(press({ ctrlKey: true, key: 'F8' }).defaultPrevented).toBe(false);
    expect(press({ altKey: true, key: 'F8' }).defaultPrevented).toBe(false);
    // Alt+D alone is the browser's address bar; Ctrl+Alt+Enter is not a split
    expect(press({ altKey: true, key: 'd', code: 'KeyD' }).defaultPrevented).toBe(false);
    expect(press({ altKey: true, ctrlKey: true, key: 'Enter' }).defaultPrevented).toBe(false);
    // Ctrl+- and Ctrl+= are the browser's zoom, not the timeline's
    expect(press({ ctrlKey: true, key: '-', code: 'Minus' }).defaultPrevented).toBe(false);
    expect(press({ ctrlKey: true, altKey: true, key: '=', code: 'Equal' }).defaultPrevented).toBe(false);
  });

  it('lets a key through when its action is not available, and follows the latest actions', () => {
    const save = vi.fn();
    const undo = vi.fn();
    const initialProps: ShortcutActions = { save };
    const { rerender } = renderHook((a: ShortcutActions) => useShortcuts(a), {
      initialProps,
    });
    expect(press({ ctrlKey: true, key: 'z' }).defaultPrevented).toBe(false);
    expect(press({ altKey: true, key: 'e' }).defaultPrevented).toBe(false);
    rerender({ save, undo });
    expect(press({ ctrlKey: true, key: 'z' }).defaultPrevented).toBe(true);
    expect(undo).toHaveBeenCalledTimes(1);
  });
});
