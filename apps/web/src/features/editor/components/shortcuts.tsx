import { memo } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import './shortcuts.css';

/** Every keyboard shortcut of the editor (shown in the help, handled in the page). */
export const SHORTCUTS = [
  { keys: 'Alt + ↓', action: 'next' },
  { keys: 'Alt + ↑', action: 'previous' },
  { keys: 'F8', action: 'nextReview' },
  { keys: 'Shift + F8', action: 'previousReview' },
  { keys: 'Alt + E', action: 'edit' },
  { keys: 'Alt + R', action: 'retranslate' },
  { keys: 'Alt + Enter', action: 'split' },
  { keys: 'Alt + M', action: 'merge' },
  { keys: 'Alt + I', action: 'insertAfter' },
  { keys: 'Alt + Shift + I', action: 'insertBefore' },
  { keys: 'Alt + Shift + D', action: 'delete' },
  { keys: 'Alt + Shift + A', action: 'timing' },
  { keys: 'Alt + [', action: 'startAtPlayhead' },
  { keys: 'Alt + ]', action: 'endAtPlayhead' },
  { keys: 'Alt + , / Alt + .', action: 'nudgeStart' },
  { keys: 'Alt + Shift + , / Alt + Shift + .', action: 'nudgeEnd' },
  { keys: 'Alt + = / Alt + -', action: 'zoom' },
  { keys: 'Ctrl + S', action: 'save' },
  { keys: 'Ctrl + Z', action: 'undo' },
  { keys: 'Ctrl + Y / Ctrl + Shift + Z', action: 'redo' },
  { keys: 'Ctrl + F', action: 'find' },
  { keys: 'F1', action: 'help' },
] as const;

/** Memoised: the page re-renders on every keystroke, a closed dialog need not. */
export const ShortcutsHelp = memo(function ShortcutsHelp({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('editor.shortcuts.title')} destroyOnHidden>
      {/* a plain table: antd's Table would bring its pagination, filters and tree into the editor's code */}
      <table className="shortcuts-table" data-testid="shortcuts-help">
        <thead>
          <tr>
            <th scope="col">{t('editor.shortcuts.keys')}</th>
            <th scope="col">{t('editor.shortcuts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td>{t(`editor.shortcuts.${s.action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
});
