import { memo, useEffect, useState } from 'react';
import { Alert, App, Button, Form, InputNumber, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  languageName,
  type QualityLimits,
  type QualityNorms,
  type QualityOverrides,
} from '@subtrans/contract';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useQualityLimits, useSaveQualityLimits } from '../api/quality';

type NormKey = keyof QualityOverrides;

/** In the form durations are seconds; the norms keep milliseconds. */
interface Values {
  cpl: number;
  lines: number;
  cps: number;
  minDuration: number;
  maxDuration: number;
}

const FIELDS: { name: keyof Values; key: NormKey; step: number; seconds?: boolean }[] = [
  { name: 'cpl', key: 'cpl', step: 1 },
  { name: 'lines', key: 'lines', step: 1 },
  { name: 'cps', key: 'cps', step: 1 },
  { name: 'minDuration', key: 'minDurationMs', step: 0.1, seconds: true },
  { name: 'maxDuration', key: 'maxDurationMs', step: 0.5, seconds: true },
];

const scaleOf = (f: (typeof FIELDS)[number]) => (f.seconds ? 1000 : 1);

const toValues = (n: QualityNorms): Values => ({
  cpl: n.cpl,
  lines: n.lines,
  cps: n.cps,
  minDuration: n.minDurationMs / 1000,
  maxDuration: n.maxDurationMs / 1000,
});

/** What differs from the language's defaults (nothing: null, the defaults again). */
function overridesOf(v: Values, defaults: QualityNorms): QualityOverrides | null {
  const out: QualityOverrides = {};
  for (const f of FIELDS) {
    const value = f.seconds ? Math.round(v[f.name] * 1000) : v[f.name];
    if (value !== defaults[f.key]) out[f.key] = value;
  }
  return Object.keys(out).length ? out : null;
}

/** The form field a server's refusal names ('overrides.cpl', 'cpl', 'overrides.minDurationMs'…). */
function fieldOfIssue(path: string): keyof Values | null {
  const last = path.split('.').at(-1) ?? '';
  return FIELDS.find((f) => f.key === last || f.name === last)?.name ?? null;
}

/** A server's refusal by field (data.fields of a VALIDATION answer, or data.field); [] if none. */
function refusedFields(e: unknown): { name: keyof Values; errors: string[] }[] {
  if (!(e instanceof ApiError) || !e.data || typeof e.data !== 'object') return [];
  const data = e.data as { fields?: unknown; field?: unknown };
  const issues = Array.isArray(data.fields)
    ? (data.fields as { field?: unknown; message?: unknown }[])
    : typeof data.field === 'string'
      ? [{ field: data.field, message: e.message }]
      : [];
  return issues.flatMap((i) => {
    const name = typeof i.field === 'string' ? fieldOfIssue(i.field) : null;
    return name ? [{ name, errors: [typeof i.message === 'string' ? i.message : e.message] }] : [];
  });
}

/**
 * The reading norms behind the quality flags for the task's target language, kept with the
 * user's account (/quality/get, /quality/save): each field shows the language's default and the
 * bounds, checked before sending; a refusal of the server is shown at its field. Memoised: the page
 * re-renders on every keystroke, a closed dialog need not.
 */
export const QualitySettings = memo(function QualitySettings(props: {
  open: boolean;
  /** the task's target language */
  target: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { open, target } = props;
  const limits = useQualityLimits(target);
  const save = useSaveQualityLimits(target);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data: QualityLimits | undefined = limits.data;
  useEffect(() => {
    if (open && data) form.setFieldsValue(toValues(data.norms));
    if (open) setError(null);
  }, [form, open, data]);

  const send = async (overrides: QualityOverrides | null) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await save(overrides);
      form.setFieldsValue(toValues(answer.norms));
      return true;
    } catch (e) {
      const fields = refusedFields(e);
      if (fields.length) form.setFields(fields);
      else setError(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const onFinish = async (v: Values) => {
    if (!data) return;
    if (await send(overridesOf(v, data.defaults))) props.onClose();
  };
  const reset = async () => {
    if (await send(null)) void message.success(t('editor.quality.resetDone'));
  };

  const ui = currentLanguage();
  return (
    <Modal
      open={open}
      title={t('editor.quality.title')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'quality-save', disabled: !data }}
      forceRender
    >
      {data ? (
        <Typography.Paragraph type="secondary" data-testid="quality-hint">
          {t('editor.quality.hint', { language: languageName(target, ui) })}{' '}
          {t(`editor.quality.counting.${data.norms.counting}`)}
        </Typography.Paragraph>
      ) : limits.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={limits.error instanceof Error ? limits.error.message : t('editor.quality.loadFailed')}
          action={
            <Button size="small" onClick={() => void limits.refetch()}>
              {t('common.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Spin style={{ display: 'block', marginBottom: 16 }} data-testid="quality-loading" />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!data || busy}
        onFinish={(v) => void onFinish(v)}
      >
        {FIELDS.map((f) => {
          const bounds = data?.bounds[f.key];
          const scale = scaleOf(f);
          const min = bounds ? bounds.min / scale : 0;
          const max = bounds ? bounds.max / scale : Infinity;
          const range = t('editor.quality.range', { min, max });
          return (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(`editor.quality.${f.name}`)}
              extra={
                data ? (
                  <span data-testid={`quality-${f.name}-default`}>
                    {t('editor.quality.fieldHint', { value: data.defaults[f.key] / scale, min, max })}
                  </span>
                ) : undefined
              }
              dependencies={f.name === 'maxDuration' ? ['minDuration'] : undefined}
              rules={[
                { required: true, message: range },
                { type: 'number', min, max, message: range },
                ...(bounds?.integer && !f.seconds
                  ? [
                      {
                        validator: (_: unknown, value: number | null) =>
                          value === null || Number.isInteger(value)
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('editor.quality.whole'))),
                      },
                    ]
                  : []),
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
        {error ? (
          <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />
        ) : null}
        <Button onClick={() => void reset()} disabled={!data || busy} data-testid="quality-reset">
          {t('editor.quality.reset')}
        </Button>
      </Form>
    </Modal>
  );
});
