import { useState } from 'react';
import { Alert, Form, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, Task } from '@subtrans/contract';
import type { ExportOptions } from '../lib/task-export';
import { runtimeKey } from '../lib/i18n-keys';

type SourceFormat = NonNullable<Task['sourceFormat']>;
type Lost = 'assStyles' | 'assPositions' | 'assEffects' | 'sourceLayout' | 'vttVoices';

/**
 * What an export in `format` cannot carry of a file in `source` (issue 37: listed, not dropped
 * silently). An ASS/SSA task exports as its own file whole; its override blocks become SRT/VTT
 * markup where one exists (italic, bold, underline, colour; one of nine places, as WebVTT cue
 * settings); the rest is named here.
 */
export function lostInExport(source: SourceFormat | null, format: ExportFormat): Lost[] {
  if (source === 'ass' || source === 'ssa') {
    if (format === 'ass') return [];
    return ['assStyles', 'assPositions', 'assEffects'];
  }
  // TTML's and WebVTT's exact places, fonts and backgrounds were not kept when the file was read
  if (source === 'ttml') return ['sourceLayout'];
  if (source === 'vtt') return format === 'vtt' ? ['sourceLayout'] : ['sourceLayout', 'vttVoices'];
  return [];
}

const SCALES = [0.5, 0.6, 0.7, 0.8, 1];
const FORMATS: [ExportFormat, string][] = [
  ['srt', 'SRT'],
  ['vtt', 'WebVTT'],
  ['ass', 'ASS'],
];

/**
 * Issue 37: the export with its choices: the format, a bilingual file's order and (ASS) the
 * original's size, and what the chosen format cannot carry of the task's file.
 */
export function ExportDialog(props: {
  open: boolean;
  sourceFormat: SourceFormat | null;
  onCancel: () => void;
  onExport: (options: ExportOptions) => void;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>(
    props.sourceFormat === 'ass' || props.sourceFormat === 'ssa' ? 'ass' : 'srt',
  );
  const [bilingual, setBilingual] = useState<'none' | 'above' | 'below'>('none');
  const [scale, setScale] = useState(0.7);
  const lost = lostInExport(props.sourceFormat, format);
  const kept = format === 'ass' && (props.sourceFormat === 'ass' || props.sourceFormat === 'ssa');
  const submit = () =>
    props.onExport({
      format,
      includeOriginal: bilingual !== 'none',
      originalFirst: bilingual !== 'below',
      ...(format === 'ass' && bilingual !== 'none' ? { originalScale: scale } : {}),
    });
  return (
    <Modal
      open={props.open}
      title={t('exportDialog.title')}
      onCancel={props.onCancel}
      onOk={submit}
      okText={t('exportDialog.download')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'export-download' }}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="export-dialog">
        <Form.Item label={t('exportDialog.format')}>
          <Radio.Group
            value={format}
            onChange={(e) => setFormat(e.target.value as ExportFormat)}
            optionType="button"
          >
            {FORMATS.map(([value, label]) => (
              <Radio.Button key={value} value={value} data-testid={`export-format-${value}`}>
                {label}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('exportDialog.bilingual')} htmlFor="export-bilingual">
          <Select
            id="export-bilingual"
            data-testid="export-bilingual"
            value={bilingual}
            onChange={setBilingual}
            options={(['none', 'above', 'below'] as const).map((v) => ({
              value: v,
              label: t(runtimeKey('exportDialog.bilingualOption.*', v)),
            }))}
          />
        </Form.Item>
        {format === 'ass' && bilingual !== 'none' ? (
          <Form.Item
            label={t('exportDialog.originalSize')}
            htmlFor="export-original-size"
            help={t('exportDialog.originalSizeHint')}
          >
            <Select
              id="export-original-size"
              data-testid="export-original-size"
              value={scale}
              onChange={setScale}
              options={SCALES.map((s) => ({ value: s, label: `${Math.round(s * 100)}%` }))}
            />
          </Form.Item>
        ) : null}
        {kept ? (
          <Alert type="success" showIcon title={t('exportDialog.keptWhole')} data-testid="export-kept" />
        ) : null}
        {lost.length > 0 ? (
          <Alert
            type="info"
            showIcon
            data-testid="export-lost"
            title={t('exportDialog.lostTitle')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {lost.map((l) => (
                  <li key={l}>{t(runtimeKey('exportDialog.lost.*', l))}</li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Form>
    </Modal>
  );
}
