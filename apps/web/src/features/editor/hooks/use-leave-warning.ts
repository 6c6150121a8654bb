import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useLatest } from './use-latest';
import type { TypingSignal } from '../lib/typing-signal';

/**
 * Nothing typed is lost by leaving: the browser warns on close/reload, and `confirm` is asked on
 * in-app navigation (it calls `proceed` or `stay`), while anything is unsaved, including a key
 * whose change has not reached the page's state yet (the typing signal).
 */
export function useLeaveWarning(
  unsaved: boolean,
  typing: TypingSignal,
  confirm: (answer: { proceed: () => void; stay: () => void }) => void,
) {
  const unsavedRef = useLatest(unsaved);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (unsavedRef.current || typing.get()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [typing, unsavedRef]);
  const blocker = useBlocker(unsaved);
  const confirmRef = useLatest(confirm);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmRef.current({ proceed: () => blocker.proceed(), stay: () => blocker.reset() });
  }, [blocker, confirmRef]);
  return unsavedRef;
}
