import { useEffect, useMemo, type ReactNode } from 'react';
import { Collapse, Form, Input, Radio, Select, Switch, Typography, type FormInstance } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BRIEF_LIMITS,
  ENGINE_OPTIONS,
  FORMALITIES,
  GLOSSARY_LIMITS,
  languageName,
  type EngineOption,
} from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { runtimeKey } from '../../../lib/i18n-keys';
import { dashboardView } from '../../../lib/paths';
import { fitsLanguages, useGlossaryList, useSeriesList } from '../../../lib/voice-lists';
import { sentences } from '../lib/engine-options';
import { useHonouredOptions } from './use-honoured-options';

/** the test id of each option's field, after `${testId}-` */
const TEST_IDS: Record<EngineOption, string> = {
  glossaryIds: 'glossaries',
  seriesId: 'series',
  formality: 'formality',
  translatorNote: 'note',
  reviewTerms: 'review-terms',
};

/**
 * What the user tells the translator (issue 26), folded under one heading so the upload stays
 * short: glossaries (several, only those of the chosen languages), a series, formality, a note
 * (≤ 500 characters) and "review names and terms first". Form fields `glossaryIds`, `seriesId`,
 * `formality`, `translatorNote`, `reviewTerms`; test ids `${testId}-glossaries`, `-series`,
 * `-formality`, `-note`, `-review-terms`. Kept mounted while folded, so their values are sent.
 * Issue 34: an option the chosen engine does not honour is disabled, with the reason (and the
 * engines that would honour it) as its help text, `${testId}-<field>-unavailable`; the heading says
 * so while folded.
 */
export function VoiceOptionsFields({
  form,
  testId,
  names,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormInstance<any>;
  testId: string;
  names: { source: string; target: string; engine: string };
}) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const source = Form.useWatch<string | undefined>(names.source, form);
  // issue 39: a batch's several targets; a glossary or series serves one, so fits only one of them
  const chosenTargets = Form.useWatch<string | string[] | undefined>(names.target, form);
  const targets = useMemo(
    () => (Array.isArray(chosenTargets) ? chosenTargets : chosenTargets ? [chosenTargets] : []),
    [chosenTargets],
  );
  const target = targets.length ? targets.join(',') : undefined;
  const chosen = Form.useWatch<string[] | undefined>('glossaryIds', form);
  // no engine chosen yet: every option is offered (the usable one is preselected soon)
  const honoured = useHonouredOptions(form, names.engine);
  const engineName = honoured.engine ? t(runtimeKey('tasks.engine.*', honoured.engine)) : '';
  /** why the engine cannot take `option`, and which would, or null when it can */
  const unavailable = (option: EngineOption): ReactNode => {
    if (honoured.honours(option)) return null;
    const others = honoured.alternatives(option).map((name) => t(runtimeKey('tasks.engine.*', name)));
    const instead = others.length
      ? t('voice.upload.useInstead', {
          engines: new Intl.ListFormat(ui, { type: 'disjunction' }).format(others),
        })
      : '';
    return (
      <span data-testid={`${testId}-${TEST_IDS[option]}-unavailable`}>
        {sentences(ui, t(runtimeKey('voice.upload.unavailable.*', option), { engine: engineName }), instead)}
      </span>
    );
  };
  const glossaries = useGlossaryList();
  const series = useSeriesList();

  const glossaryOptions = useMemo(
    () =>
      (glossaries.data ?? [])
        .filter((g) => targets.length > 0 && targets.every((l) => fitsLanguages(g, source, l)))
        .map((g) => ({
          value: g.id,
          label: t('voice.upload.glossaryOption', { name: g.name, count: g.entryCount }),
        })),
    [glossaries.data, source, targets, t],
  );
  const seriesOptions = useMemo(
    () =>
      (series.data ?? [])
        .filter((s) => targets.length > 0 && targets.every((l) => fitsLanguages(s, source, l)))
        .map((s) => ({ value: s.id, label: s.name })),
    [series.data, source, targets],
  );

  // another language pair: the glossaries and series chosen for the old one no longer apply (nor
  // those set before another engine, given back now)
  useEffect(() => {
    if (!glossaries.data) return;
    const ids = (form.getFieldValue('glossaryIds') ?? []) as string[];
    const fitting = ids.filter((id) => glossaryOptions.some((o) => o.value === id));
    if (fitting.length !== ids.length) form.setFieldValue('glossaryIds', fitting);
  }, [glossaryOptions, glossaries.data, form, honoured.capabilities]);
  useEffect(() => {
    if (!series.data) return;
    const id = (form.getFieldValue('seriesId') ?? null) as string | null;
    if (id && !seriesOptions.some((o) => o.value === id)) form.setFieldValue('seriesId', null);
  }, [seriesOptions, series.data, form, honoured.capabilities]);

  const none = target
    ? t('voice.upload.noneFor', {
        language: new Intl.ListFormat(ui, { type: 'conjunction' }).format(
          targets.map((l) => languageName(l, ui)),
        ),
      })
    : t('voice.upload.targetFirst');
  const fields = (
    <>
      <Form.Item
        name="glossaryIds"
        label={t('voice.upload.glossaries')}
        initialValue={[]}
        extra={
          unavailable('glossaryIds') ?? (
            <>
              {t('voice.upload.glossariesHint', { max: GLOSSARY_LIMITS.perTask })}{' '}
              <Link to={dashboardView('glossaries')}>{t('voice.upload.manageGlossaries')}</Link>
            </>
          )
        }
      >
        <Select
          mode="multiple"
          allowClear
          maxCount={GLOSSARY_LIMITS.perTask}
          options={glossaryOptions}
          loading={glossaries.isLoading}
          disabled={!target || !honoured.honours('glossaryIds')}
          placeholder={target ? t('voice.upload.glossariesPlaceholder') : t('voice.upload.targetFirst')}
          notFoundContent={none}
          optionFilterProp="label"
          data-testid={`${testId}-glossaries`}
        />
      </Form.Item>
      <Form.Item
        name="seriesId"
        label={t('voice.upload.series')}
        initialValue={null}
        extra={
          unavailable('seriesId') ?? (
            <>
              {t('voice.upload.seriesHint')}{' '}
              <Link to={dashboardView('series')}>{t('voice.upload.manageSeries')}</Link>
            </>
          )
        }
      >
        <Select
          allowClear
          options={seriesOptions}
          loading={series.isLoading}
          disabled={!target || !honoured.honours('seriesId')}
          placeholder={target ? t('voice.upload.seriesPlaceholder') : t('voice.upload.targetFirst')}
          notFoundContent={none}
          data-testid={`${testId}-series`}
        />
      </Form.Item>
      <Form.Item
        name="formality"
        label={t('voice.upload.formality')}
        initialValue="source"
        extra={unavailable('formality')}
      >
        <Radio.Group
          data-testid={`${testId}-formality`}
          disabled={!honoured.honours('formality')}
          options={FORMALITIES.map((f) => ({ value: f, label: t(runtimeKey('voice.formality.*', f)) }))}
        />
      </Form.Item>
      <Form.Item
        name="translatorNote"
        label={t('voice.upload.note')}
        initialValue=""
        extra={unavailable('translatorNote') ?? t('voice.upload.noteHint')}
      >
        <Input.TextArea
          maxLength={BRIEF_LIMITS.noteChars}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          disabled={!honoured.honours('translatorNote')}
          placeholder={t('voice.upload.notePlaceholder')}
          data-testid={`${testId}-note`}
        />
      </Form.Item>
      <Form.Item
        name="reviewTerms"
        label={t('voice.upload.reviewTerms')}
        extra={
          unavailable('reviewTerms') ?? t('voice.upload.reviewTermsHint', { days: BRIEF_LIMITS.reviewDays })
        }
        valuePropName="checked"
        initialValue={false}
        style={{ marginBottom: 0 }}
      >
        <Switch disabled={!honoured.honours('reviewTerms')} data-testid={`${testId}-review-terms`} />
      </Form.Item>
    </>
  );
  const unused = honoured.unhonoured.length;
  const notes = [
    ...(chosen?.length ? [t('voice.upload.chosen', { count: chosen.length })] : []),
    ...(unused
      ? [
          t(unused === ENGINE_OPTIONS.length ? 'voice.upload.noneUsed' : 'voice.upload.someUnused', {
            engine: engineName,
          }),
        ]
      : []),
  ];
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'voice',
          label: (
            <span data-testid={`${testId}-voice`}>
              {t('voice.upload.title')}
              {notes.map((note) => (
                <Typography.Text type="secondary" key={note}>
                  {' · '}
                  {note}
                </Typography.Text>
              ))}
            </span>
          ),
          forceRender: true,
          children: fields,
        },
      ]}
    />
  );
}
