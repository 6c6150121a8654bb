import { useMemo, type ReactNode } from 'react';
import { Col, Form, Select, type ColProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { languageName, languageOptions, SUBTITLE_LANGUAGES } from '@subtrans/contract';
import { currentLanguage, type UiLanguage } from '../lib/i18n';

const TARGETS = SUBTITLE_LANGUAGES.filter((l) => l !== 'auto');

/** "Any language → French": a glossary's or series' language pair ('auto': for any source). */
export function pairLabel(source: string, target: string, ui: UiLanguage, t: TFunction): string {
  const from = source === 'auto' ? t('voice.anySource') : languageName(source, ui);
  return `${from} → ${languageName(target, ui)}`;
}

/**
 * The source and target language of a glossary or a series, as form fields `sourceLanguage` and
 * `targetLanguage` (test ids `${testId}-source`, `-target`); the source may be any language.
 */
export function LanguagePairFields({ testId, layout }: { testId: string; layout?: ColProps }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const sources = useMemo(
    () => [
      { value: 'auto', label: t('voice.anySource'), search: `auto ${t('voice.anySource')}` },
      ...languageOptions(TARGETS, ui),
    ],
    [t, ui],
  );
  const targets = useMemo(() => languageOptions(TARGETS, ui), [ui]);
  // in a Row, each field its own column
  const cell = (node: ReactNode) => (layout ? <Col {...layout}>{node}</Col> : node);
  return (
    <>
      {cell(
        <Form.Item name="sourceLanguage" label={t('voice.sourceLanguage')}>
          <Select
            showSearch={{ optionFilterProp: 'search' }}
            options={sources}
            data-testid={`${testId}-source`}
          />
        </Form.Item>,
      )}
      {cell(
        <Form.Item
          name="targetLanguage"
          label={t('voice.targetLanguage')}
          rules={[{ required: true, message: t('tasks.upload.targetRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'search' }}
            options={targets}
            placeholder={t('tasks.upload.targetPlaceholder')}
            data-testid={`${testId}-target`}
          />
        </Form.Item>,
      )}
    </>
  );
}
