import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageOptions } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import type { SrtPreview } from '../lib/srt-preview';

/** SPEC §5: what one file holds, read in the browser: its cues, language, minutes and cost. */
export function SrtPreviewFacts({ preview, balance }: { preview: SrtPreview; balance: number | undefined }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  return (
    <Descriptions
      size="small"
      layout="vertical"
      // two a row on a phone: four squeezed a Japanese label to a character a line
      column={{ xs: 2, sm: 4 }}
      bordered
      style={{ marginBottom: 16 }}
      data-testid="srt-preview"
      items={[
        { key: 'cues', label: t('tasks.upload.cues'), children: preview.cues },
        {
          key: 'lang',
          label: t('tasks.upload.detected'),
          children: (
            <span data-testid="srt-detected">
              {languageOptions([preview.detectedLanguage], ui)[0]!.label}
            </span>
          ),
        },
        { key: 'minutes', label: t('tasks.upload.minutes'), children: preview.minutes },
        {
          key: 'cost',
          label: t('tasks.upload.cost'),
          children: (
            <>
              <span data-testid="srt-cost">
                {t('tasks.upload.costValue', { points: preview.cost, balance: balance ?? '—' })}
              </span>
              <Typography.Text type="secondary" data-testid="srt-cost-rule" style={{ display: 'block' }}>
                {t(`tasks.upload.rule.${preview.costRule}`, { count: preview.costCount })}
              </Typography.Text>
            </>
          ),
        },
      ]}
    />
  );
}
