import { useEffect } from 'react';
import { useLatest } from './use-latest';

/**
 * The editor's keys (components/shortcuts.tsx lists them). An action left undefined is not taken
 * and its key goes on to the browser (e.g. Alt+E with no current line, or undo in a read-only task).
 */
export interface ShortcutActions {
  /** Alt+↓ / Alt+↑ */
  next?: () => void;
  previous?: () => void;
  /** F8 / Shift+F8: the next / previous line to review (as editors go to the next problem) */
  nextReview?: () => void;
  previousReview?: () => void;
  /** Alt+E: the current line in the dialog */
  edit?: () => void;
  /** Alt+R: re-translate the current line */
  retranslate?: () => void;
  /** Ctrl/⌘+S */
  save?: () => void;
  /** Ctrl/⌘+Z, and Ctrl/⌘+Shift+Z or Ctrl/⌘+Y */
  undo?: () => void;
  redo?: () => void;
  /** Ctrl/⌘+F */
  find?: () => void;
  /** F1 */
  help?: () => void;
  /** issue 35, Alt+Enter: split the current line at the cursor */
  split?: () => void;
  /** Alt+M: merge the selected lines, or the current line with the next */
  merge?: () => void;
  /** Alt+I / Alt+Shift+I: a new line after / before the current one */
  insertAfter?: () => void;
  insertBefore?: () => void;
  /** Alt+Shift+D: delete the selected lines, or the current one */
  deleteLines?: () => void;
  /** Alt+Shift+A: the timing dialog (shift, frame rate, sync, fix timing) */
  timing?: () => void;
  /** issue 38, Alt+[ / Alt+]: the current line's start / end at the playhead */
  startAtPlayhead?: () => void;
  endAtPlayhead?: () => void;
  /** Alt+, / Alt+.: the start a frame earlier / later; with Shift, the end */
  startEarlier?: () => void;
  startLater?: () => void;
  endEarlier?: () => void;
  endLater?: () => void;
  /** Alt+= / Alt+-: the timeline nearer / farther */
  zoomIn?: () => void;
  zoomOut?: () => void;
}

/** which action a key press asks for, if any */
export function shortcutOf(e: KeyboardEvent): keyof ShortcutActions | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (e.altKey && e.key === 'ArrowDown') return 'next';
  if (e.altKey && e.key === 'ArrowUp') return 'previous';
  if (e.altKey && key === 'e') return 'edit';
  if (e.altKey && key === 'r') return 'retranslate';
  if (e.altKey && !mod && e.key === 'Enter') return 'split';
  // e.code: with Alt held, macOS types a letter other than the key's (Option+M is µ)
  if (e.altKey && !mod && e.code === 'KeyM') return 'merge';
  if (e.altKey && !mod && e.code === 'KeyI') return e.shiftKey ? 'insertBefore' : 'insertAfter';
  if (e.altKey && !mod && e.shiftKey && e.code === 'KeyD') return 'deleteLines';
  if (e.altKey && !mod && e.shiftKey && e.code === 'KeyA') return 'timing';
  if (e.altKey && !mod) {
    const timeline = timelineKey(e);
    if (timeline) return timeline;
  }
  if (mod && key === 's') return 'save';
  if (mod && key === 'z' && !e.shiftKey) return 'undo';
  if (mod && ((key === 'z' && e.shiftKey) || key === 'y')) return 'redo';
  if (mod && key === 'f') return 'find';
  if (e.key === 'F8' && !mod && !e.altKey) return e.shiftKey ? 'previousReview' : 'nextReview';
  if (e.key === 'F1') return 'help';
  return null;
}

/** the timeline's keys (by e.code: what a key types with Alt held differs by layout and system) */
function timelineKey(e: KeyboardEvent): keyof ShortcutActions | null {
  switch (e.code) {
    case 'BracketLeft':
      return 'startAtPlayhead';
    case 'BracketRight':
      return 'endAtPlayhead';
    case 'Comma':
      return e.shiftKey ? 'endEarlier' : 'startEarlier';
    case 'Period':
      return e.shiftKey ? 'endLater' : 'startLater';
    case 'Equal':
    case 'NumpadAdd':
      return 'zoomIn';
    case 'Minus':
    case 'NumpadSubtract':
      return 'zoomOut';
    default:
      return null;
  }
}

/** Listens on the window for the editor's keys; the latest `actions` are the ones taken. */
export function useShortcuts(actions: ShortcutActions) {
  const latest = useLatest(actions);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const name = shortcutOf(e);
      const action = name ? latest.current[name] : undefined;
      if (!action) return;
      action();
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [latest]);
}
