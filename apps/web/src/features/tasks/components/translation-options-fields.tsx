import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Checkbox, Form, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageOptions, SUBTITLE_LANGUAGES, type EngineStatus } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { runtimeKey } from '../../../lib/i18n-keys';
import { useSession } from '../../../lib/session';
import { useEngines } from '../api/tasks';
import { capabilitiesOf } from '../lib/engine-options';
import { EngineHint } from './engine-hint';
import './translation-options-fields.css';

const TARGETS = SUBTITLE_LANGUAGES.filter((l) => l !== 'auto');

/** The engine to preselect: DeepSeek (SPEC default) when usable, else the first usable one. */
export function defaultEngine(engines: EngineStatus[] | undefined): string | undefined {
  const usable = engines?.filter((e) => e.enabled) ?? [];
  return (usable.find((e) => e.name === 'deepseek') ?? usable[0])?.name;
}

/**
 * What both upload modals (SRT, audio/video) ask of a translation: the source language, the
 * target language and the engine. The picker offers only the engines that work on this site: a
 * customer has no use for an operator's state. A manager is told below it which engines the
 * operator could still turn on (not configured, not offered on this host); the recognised but
 * unimplemented ones are nobody's choice and stay out. The form's field names and test ids are
 * the modal's own. `keepEngineBreaks` (off: each line is laid out for the target language)
 * keeps the engine's own line breaks. Under the picker, what the chosen engine honours (issue 34:
 * EngineHint). What the user tells the translator follows, folded, in VoiceOptionsFields.
 */
export function TranslationOptionsFields({
  form,
  open,
  testId,
  names,
  source,
  targets,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormInstance<any>;
  /** the modal is open: the usable engine is preselected once the engines arrive */
  open: boolean;
  /** test ids are `${testId}-source`, `-target`, `-engine`, `-keep-breaks` */
  testId: string;
  names: { source: string; target: string; engine: string };
  source: { languages: readonly string[]; label: string; extra?: ReactNode };
  /**
   * issue 39: the target field's value is a list of languages: one, or with `multiple` up to
   * `max` (the list closes on each choice, as a single choice's does). `onMultiple`: the user may
   * ask for several (a box under the field); without it, several are the only way (many files).
   */
  targets?: { max: number; multiple: boolean; onMultiple?: (on: boolean) => void };
}) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const engines = useEngines();
  const chosen = Form.useWatch<string | undefined>(names.engine, form);
  const capabilities = capabilitiesOf(engines.data, chosen);
  const { isManager } = useSession();
  const [targetsOpen, setTargetsOpen] = useState(false);
  const sourceOptions = useMemo(() => languageOptions(source.languages, ui), [source.languages, ui]);
  const targetOptions = useMemo(() => languageOptions(TARGETS, ui), [ui]);
  const engineOptions = (engines.data ?? [])
    .filter((e) => e.enabled)
    .map((e) => ({ value: e.name, label: t(`tasks.engine.${e.name}`) }));
  const operatorNote = isManager
    ? new Intl.ListFormat(ui, { type: 'conjunction' }).format(
        (engines.data ?? []).flatMap((e) =>
          !e.enabled && e.reason && e.reason !== 'not_implemented'
            ? [`${t(`tasks.engine.${e.name}`)} (${t(runtimeKey('tasks.engineReason.*', e.reason))})`]
            : [],
        ),
      )
    : '';

  // back to one language: the first chosen is kept
  const multiple = targets?.multiple ?? false;
  useEffect(() => {
    const chosen: unknown = form.getFieldValue(names.target);
    if (!multiple && Array.isArray(chosen) && chosen.length > 1)
      form.setFieldValue(names.target, chosen.slice(0, 1));
  }, [multiple, form, names.target]);

  // the engines may arrive after the form: preselect once they do
  useEffect(() => {
    if (open && engines.data && !form.getFieldValue(names.engine))
      form.setFieldValue(names.engine, defaultEngine(engines.data));
  }, [open, engines.data, form, names.engine]);

  return (
    <>
      <Form.Item
        name={names.source}
        label={source.label}
        rules={[{ required: true, message: t('tasks.upload.sourceRequired') }]}
        extra={source.extra}
      >
        <Select
          showSearch={{ optionFilterProp: 'search' }}
          options={sourceOptions}
          data-testid={`${testId}-source`}
        />
      </Form.Item>
      <Form.Item
        name={names.target}
        label={t('tasks.upload.target')}
        rules={[
          {
            required: true,
            ...(targets ? { type: 'array' as const } : {}),
            message: t('tasks.upload.targetRequired'),
          },
        ]}
        {...(targets
          ? {
              // one language or several, the value is their list
              normalize: (v: string | string[] | undefined) => (v === undefined ? [] : [v].flat()),
              getValueProps: (v: string[] | undefined) => ({ value: multiple ? v : v?.[0] }),
              extra: targets.onMultiple ? (
                <Checkbox
                  checked={multiple}
                  onChange={(e) => targets.onMultiple!(e.target.checked)}
                  data-testid={`${testId}-several-targets`}
                  style={{ marginTop: 4 }}
                >
                  {t('tasks.batch.severalTargets', { max: targets.max })}
                </Checkbox>
              ) : (
                t('tasks.batch.targetsHint', { max: targets.max })
              ),
            }
          : {})}
      >
        <Select
          showSearch={{ optionFilterProp: 'search' }}
          options={targetOptions}
          placeholder={t('tasks.upload.targetPlaceholder')}
          data-testid={`${testId}-target`}
          {...(multiple
            ? {
                mode: 'multiple' as const,
                className: 'target-languages',
                maxCount: targets!.max,
                open: targetsOpen,
                onOpenChange: setTargetsOpen,
                onSelect: () => setTargetsOpen(false),
              }
            : {})}
        />
      </Form.Item>
      <Form.Item
        name={names.engine}
        label={t('tasks.upload.engine')}
        rules={[{ required: true, message: t('tasks.upload.engineRequired') }]}
        extra={
          engines.data && !defaultEngine(engines.data) ? (
            t('tasks.upload.noEngine')
          ) : capabilities || operatorNote ? (
            <>
              {chosen && capabilities ? (
                <EngineHint testId={testId} engine={chosen} capabilities={capabilities} />
              ) : null}
              {operatorNote ? (
                <span data-testid={`${testId}-engine-operator`} style={{ display: 'block' }}>
                  {t('tasks.upload.enginesOff', { engines: operatorNote })}
                </span>
              ) : null}
            </>
          ) : undefined
        }
      >
        <Select options={engineOptions} loading={engines.isLoading} data-testid={`${testId}-engine`} />
      </Form.Item>
      <Form.Item
        name="keepEngineBreaks"
        label={t('tasks.upload.keepBreaks')}
        extra={t('tasks.upload.keepBreaksHint')}
        valuePropName="checked"
        initialValue={false}
      >
        <Switch data-testid={`${testId}-keep-breaks`} />
      </Form.Item>
    </>
  );
}
