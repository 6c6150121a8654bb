import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';

/** Every keyboard shortcut of the editor (shown in the help, handled in the page). */
export const SHORTCUTS = [
  { keys: 'Alt + ↓', action: 'next' },
  { keys: 'Alt + ↑', action: 'previous' },
  { keys: 'Alt + E', action: 'edit' },
  { keys: 'Alt + R', action: 'retranslate' },
  { keys: 'Ctrl + S', action: 'save' },
  { keys: 'Ctrl + Z', action: 'undo' },
  { keys: 'Ctrl + Y / Ctrl + Shift + Z', action: 'redo' },
  { keys: 'Ctrl + F', action: 'find' },
  { keys: 'F1', action: 'help' },
] as const;

export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('editor.shortcuts.title')} destroyOnHidden>
      <Table
        size="small"
        pagination={false}
        rowKey="action"
        data-testid="shortcuts-help"
        dataSource={SHORTCUTS.map((s) => ({ ...s }))}
        columns={[
          { title: t('editor.shortcuts.keys'), dataIndex: 'keys', render: (k: string) => <kbd>{k}</kbd> },
          {
            title: t('editor.shortcuts.action'),
            dataIndex: 'action',
            render: (a: string) => t(`editor.shortcuts.${a}`),
          },
        ]}
      />
    </Modal>
  );
}
