import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubtitleEncoding } from '@subtrans/subtitles/encoding-names';
import type { EncodingReading } from '../lib/srt-preview';
import { ENCODING_LABELS, encodingMenu } from '../lib/encoding-labels';

/**
 * Issue 37: the encoding the file was read in, the first lines as read, and a menu of the others
 * (the likely ones first): a guess on a short file can be wrong, and only the user sees mojibake.
 */
export function EncodingChoice({
  reading,
  busy,
  onChange,
}: {
  reading: EncodingReading;
  busy: boolean;
  onChange: (encoding: SubtitleEncoding) => void;
}) {
  const { t } = useTranslation();
  const label = (e: SubtitleEncoding) => {
    const { name, script } = ENCODING_LABELS[e];
    return t('tasks.upload.encoding.option', { name, script: t(`tasks.upload.encoding.script.${script}`) });
  };
  const option = (e: SubtitleEncoding) => ({ value: e, label: label(e), title: label(e) });
  const { likely, others } = encodingMenu(reading.candidates);
  return (
    <Form.Item
      label={t('tasks.upload.encoding.label')}
      htmlFor="srt-encoding"
      help={t(`tasks.upload.encoding.hint.${reading.source}`)}
    >
      <Select<SubtitleEncoding>
        id="srt-encoding"
        data-testid="srt-encoding"
        value={reading.encoding}
        loading={busy}
        showSearch={{ optionFilterProp: 'label' }}
        // 27 options: all rendered, so every one is reachable by keyboard and by tests
        virtual={false}
        onChange={onChange}
        style={{ width: '100%' }}
        options={[
          { label: t('tasks.upload.encoding.likely'), options: likely.map(option) },
          { label: t('tasks.upload.encoding.all'), options: others.map(option) },
        ]}
      />
      <Typography.Paragraph
        type="secondary"
        style={{ margin: '8px 0 0', fontSize: 12 }}
        id="srt-encoding-sample-label"
      >
        {t('tasks.upload.encoding.sample')}
      </Typography.Paragraph>
      <div
        data-testid="srt-sample"
        role="region"
        tabIndex={0}
        aria-labelledby="srt-encoding-sample-label"
        aria-live="polite"
        style={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          padding: '6px 10px',
          borderRadius: 6,
          background: 'rgba(0, 0, 0, 0.04)',
          maxHeight: 120,
          overflowY: 'auto',
        }}
      >
        {reading.sample.length > 0 ? reading.sample.join('\n') : t('tasks.upload.encoding.noText')}
      </div>
    </Form.Item>
  );
}
