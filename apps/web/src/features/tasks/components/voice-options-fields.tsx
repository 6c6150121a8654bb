import { useEffect, useMemo } from 'react';
import { Collapse, Form, Input, Radio, Select, Switch, Typography, type FormInstance } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRIEF_LIMITS, FORMALITIES, GLOSSARY_LIMITS, languageName } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { runtimeKey } from '../../../lib/i18n-keys';
import { dashboardView } from '../../../lib/paths';
import { fitsLanguages, useGlossaryList, useSeriesList } from '../../../lib/voice-lists';
import { useEngines } from '../api/tasks';

/**
 * What the user tells the translator (issue 26), folded under one heading so the upload stays
 * short: glossaries (several, only those of the chosen languages), a series, formality, a note
 * (≤ 500 characters) and "review names and terms first". Form fields `glossaryIds`, `seriesId`,
 * `formality`, `translatorNote`, `reviewTerms`; test ids `${testId}-glossaries`, `-series`,
 * `-formality`, `-note`, `-review-terms`. Kept mounted while folded, so their values are sent.
 * The review is off, and cannot be asked, with an engine that writes no brief (its capabilities).
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
  const target = Form.useWatch<string | undefined>(names.target, form);
  const chosen = Form.useWatch<string[] | undefined>('glossaryIds', form);
  const engine = Form.useWatch<string | undefined>(names.engine, form);
  // no engine chosen yet: the review stays offered (the usable one is preselected soon)
  const engines = useEngines();
  const reviewable = !engine || engines.data?.find((e) => e.name === engine)?.capabilities?.brief !== false;
  const glossaries = useGlossaryList();
  const series = useSeriesList();

  const glossaryOptions = useMemo(
    () =>
      (glossaries.data ?? [])
        .filter((g) => fitsLanguages(g, source, target))
        .map((g) => ({
          value: g.id,
          label: t('voice.upload.glossaryOption', { name: g.name, count: g.entryCount }),
        })),
    [glossaries.data, source, target, t],
  );
  const seriesOptions = useMemo(
    () =>
      (series.data ?? [])
        .filter((s) => fitsLanguages(s, source, target))
        .map((s) => ({ value: s.id, label: s.name })),
    [series.data, source, target],
  );

  // another language pair: the glossaries and series chosen for the old one no longer apply
  useEffect(() => {
    if (!glossaries.data) return;
    const ids = (form.getFieldValue('glossaryIds') ?? []) as string[];
    const fitting = ids.filter((id) => glossaryOptions.some((o) => o.value === id));
    if (fitting.length !== ids.length) form.setFieldValue('glossaryIds', fitting);
  }, [glossaryOptions, glossaries.data, form]);
  useEffect(() => {
    if (!reviewable && form.getFieldValue('reviewTerms')) form.setFieldValue('reviewTerms', false);
  }, [reviewable, form]);
  useEffect(() => {
    if (!series.data) return;
    const id = (form.getFieldValue('seriesId') ?? null) as string | null;
    if (id && !seriesOptions.some((o) => o.value === id)) form.setFieldValue('seriesId', null);
  }, [seriesOptions, series.data, form]);

  const none = target
    ? t('voice.upload.noneFor', { language: languageName(target, ui) })
    : t('voice.upload.targetFirst');
  const fields = (
    <>
      <Form.Item
        name="glossaryIds"
        label={t('voice.upload.glossaries')}
        initialValue={[]}
        extra={
          <>
            {t('voice.upload.glossariesHint', { max: GLOSSARY_LIMITS.perTask })}{' '}
            <Link to={dashboardView('glossaries')}>{t('voice.upload.manageGlossaries')}</Link>
          </>
        }
      >
        <Select
          mode="multiple"
          allowClear
          maxCount={GLOSSARY_LIMITS.perTask}
          options={glossaryOptions}
          loading={glossaries.isLoading}
          disabled={!target}
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
          <>
            {t('voice.upload.seriesHint')}{' '}
            <Link to={dashboardView('series')}>{t('voice.upload.manageSeries')}</Link>
          </>
        }
      >
        <Select
          allowClear
          options={seriesOptions}
          loading={series.isLoading}
          disabled={!target}
          placeholder={target ? t('voice.upload.seriesPlaceholder') : t('voice.upload.targetFirst')}
          notFoundContent={none}
          data-testid={`${testId}-series`}
        />
      </Form.Item>
      <Form.Item name="formality" label={t('voice.upload.formality')} initialValue="source">
        <Radio.Group
          data-testid={`${testId}-formality`}
          options={FORMALITIES.map((f) => ({ value: f, label: t(runtimeKey('voice.formality.*', f)) }))}
        />
      </Form.Item>
      <Form.Item
        name="translatorNote"
        label={t('voice.upload.note')}
        initialValue=""
        extra={t('voice.upload.noteHint')}
      >
        <Input.TextArea
          maxLength={BRIEF_LIMITS.noteChars}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('voice.upload.notePlaceholder')}
          data-testid={`${testId}-note`}
        />
      </Form.Item>
      <Form.Item
        name="reviewTerms"
        label={t('voice.upload.reviewTerms')}
        extra={
          reviewable ? (
            t('voice.upload.reviewTermsHint', { days: BRIEF_LIMITS.reviewDays })
          ) : (
            <span data-testid={`${testId}-review-terms-unavailable`}>
              {t('voice.upload.reviewTermsUnavailable', {
                engine: t(`tasks.engine.${engine}`, { defaultValue: engine }),
              })}
            </span>
          )
        }
        valuePropName="checked"
        initialValue={false}
        style={{ marginBottom: 0 }}
      >
        <Switch disabled={!reviewable} data-testid={`${testId}-review-terms`} />
      </Form.Item>
    </>
  );
  const count = chosen?.length ?? 0;
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
              {count ? (
                <Typography.Text type="secondary">
                  {' · '}
                  {t('voice.upload.chosen', { count })}
                </Typography.Text>
              ) : null}
            </span>
          ),
          forceRender: true,
          children: fields,
        },
      ]}
    />
  );
}
