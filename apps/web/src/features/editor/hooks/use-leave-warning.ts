import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TypingSignal } from '../lib/typing-signal';
import { useLatest } from './use-latest';

/**
 * Nothing typed is lost by leaving: while anything is unsaved (including a key whose change has
 * not reached the page's state yet: the typing signal), the browser warns on close/reload and
 * in-app navigation asks first. Answers the ref of `unsaved` for callbacks.
 */
export function useLeaveWarning(unsaved: boolean, typing: TypingSignal) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const unsavedRef = useLatest(unsaved);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (unsavedRef.current || typing.get()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [typing, unsavedRef]);
  const blocker = useBlocker(unsaved);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('editor.leave.title'),
      content: t('editor.leave.content'),
      okText: t('editor.leave.ok'),
      cancelText: t('common.cancel'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  return unsavedRef;
}
