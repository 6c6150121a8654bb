import { memo, useEffect } from 'react';
import { Button, Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NETFLIX_RULES, RULE_BOUNDS, parseRules, type QualityRules } from '../lib/quality';
import { storage } from '../../../lib/storage';

const STORAGE_KEY = 'editor-quality-rules';

/** The user's quality limits, kept in this browser (the Netflix defaults until changed). */
export function loadRules(): QualityRules {
  const raw = storage.get(STORAGE_KEY);
  if (!raw) return NETFLIX_RULES;
  try {
    return parseRules(JSON.parse(raw));
  } catch {
    return NETFLIX_RULES;
  }
}

export function storeRules(rules: QualityRules) {
  storage.set(STORAGE_KEY, JSON.stringify(rules));
}

/** In the form durations are seconds; the rules keep milliseconds. */
interface Values {
  maxLineWidth: number;
  maxLines: number;
  maxCps: number;
  minDuration: number;
  maxDuration: number;
}

const toValues = (r: QualityRules): Values => ({
  maxLineWidth: r.maxLineWidth,
  maxLines: r.maxLines,
  maxCps: r.maxCps,
  minDuration: r.minDurationMs / 1000,
  maxDuration: r.maxDurationMs / 1000,
});

const FIELDS: { name: keyof Values; rule: keyof QualityRules; step: number; seconds?: boolean }[] = [
  { name: 'maxLineWidth', rule: 'maxLineWidth', step: 1 },
  { name: 'maxLines', rule: 'maxLines', step: 1 },
  { name: 'maxCps', rule: 'maxCps', step: 1 },
  { name: 'minDuration', rule: 'minDurationMs', step: 0.1, seconds: true },
  { name: 'maxDuration', rule: 'maxDurationMs', step: 0.5, seconds: true },
];

/**
 * The limits behind the quality flags, editable, with the Netflix defaults one click away.
 * Memoised: the page re-renders on every keystroke, a closed dialog need not.
 */
export const QualitySettings = memo(function QualitySettings(props: {
  open: boolean;
  rules: QualityRules;
  onSave: (rules: QualityRules) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { open, rules } = props;
  useEffect(() => {
    if (open) form.setFieldsValue(toValues(rules));
  }, [form, open, rules]);

  return (
    <Modal
      open={open}
      title={t('editor.quality.title')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'quality-save' }}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('editor.quality.hint')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) =>
          props.onSave(
            parseRules({
              maxLineWidth: v.maxLineWidth,
              maxLines: v.maxLines,
              maxCps: v.maxCps,
              minDurationMs: Math.round(v.minDuration * 1000),
              maxDurationMs: Math.round(v.maxDuration * 1000),
            }),
          )
        }
      >
        {FIELDS.map((f) => {
          const { min, max } = RULE_BOUNDS[f.rule];
          const scale = f.seconds ? 1000 : 1;
          return (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(`editor.quality.${f.name}`)}
              extra={f.name === 'maxLineWidth' ? t('editor.quality.widthHint') : undefined}
              dependencies={f.name === 'maxDuration' ? ['minDuration'] : undefined}
              rules={[
                {
                  required: true,
                  message: t('editor.quality.range', { min: min / scale, max: max / scale }),
                },
                {
                  type: 'number',
                  min: min / scale,
                  max: max / scale,
                  message: t('editor.quality.range', { min: min / scale, max: max / scale }),
                },
                ...(f.name === 'maxDuration'
                  ? [
                      ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
                        validator: (_: unknown, value: number | null) =>
                          value === null || value > Number(getFieldValue('minDuration'))
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('editor.quality.durationOrder'))),
                      }),
                    ]
                  : []),
              ]}
            >
              <InputNumber step={f.step} style={{ width: 160 }} data-testid={`quality-${f.name}`} />
            </Form.Item>
          );
        })}
        <Button onClick={() => form.setFieldsValue(toValues(NETFLIX_RULES))} data-testid="quality-reset">
          {t('editor.quality.reset')}
        </Button>
      </Form>
    </Modal>
  );
});
