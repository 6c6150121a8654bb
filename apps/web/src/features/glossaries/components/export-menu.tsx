import type { ReactElement } from 'react';
import { App, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { GLOSSARY_FILE_FORMATS } from '@subtrans/contract';
import { exportGlossary } from '../api/glossaries';

type Format = (typeof GLOSSARY_FILE_FORMATS)[number];

/**
 * A glossary's export as a download, CSV or TSV, from a menu on `children` (its button). A failed
 * export says the server's words: to `onError` where the page shows errors, else as a message.
 */
export function ExportMenu(props: {
  glossary: { id: string; name: string };
  disabled?: boolean;
  onError?: (message: string) => void;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const download = async (format: Format) => {
    try {
      await exportGlossary(props.glossary.id, format, props.glossary.name);
    } catch (e) {
      const text = e instanceof Error && e.message ? e.message : t('common.requestFailed');
      if (props.onError) props.onError(text);
      else void message.error(text);
    }
  };
  return (
    <Dropdown
      disabled={props.disabled ?? false}
      trigger={['click']}
      menu={{
        items: GLOSSARY_FILE_FORMATS.map((f) => ({
          key: f,
          label: t('glossaries.exportAs', { format: f.toUpperCase() }),
          'data-testid': `glossary-export-${f}`,
        })),
        onClick: ({ key }) => void download(key as Format),
      }}
    >
      {props.children}
    </Dropdown>
  );
}
