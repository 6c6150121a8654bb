import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Empty, Flex, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BRIEF_LIMITS, type Series } from '@subtrans/contract';
import {
  MemoryTables,
  toMemoryDraft,
  useMemoryOutput,
  type MemoryDraft,
} from '../../../components/brief/memory-tables';
import { EditorCard, HeadForm, LoadGate, useOwnedForm } from '../../../components/owned-editor';
import { currentLanguage } from '../../../lib/i18n';
import { editorPath } from '../../../lib/paths';
import { seriesQueryKey } from '../../../lib/voice-lists';
import { oneSeriesQueryKey, saveSeries, useSeries } from '../api/series';

/** One series (`id`), or a new one (null), loaded then edited. */
export function SeriesEditor(props: { id: string | null; onBack: () => void; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <LoadGate
      id={props.id}
      query={useSeries(props.id)}
      loadFailed={t('series.loadFailed')}
      backLabel={t('series.backToList')}
      onBack={props.onBack}
    >
      {(series) => <SeriesForm initial={series} onBack={props.onBack} onOpen={props.onOpen} />}
    </LoadGate>
  );
}

/**
 * A series: its name and language pair, its memory (the characters with their names in the
 * target language, gender and forms of address; the terms) carried into every later episode's
 * brief and batches, and its episodes.
 */
function SeriesForm(props: { initial: Series | null; onBack: () => void; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const { message } = App.useApp();
  const client = useQueryClient();
  const output = useMemoryOutput();
  const { form, saved, setDirty, showErrors, error, saving, save, back } = useOwnedForm(props.initial, props);
  const [memory, setMemory] = useState<MemoryDraft>(() => toMemoryDraft(props.initial?.memory ?? null));

  const saveSeriesNow = () => {
    const { memory: out, missing } = output(memory);
    return save({
      refusal: () => {
        if (!missing.characters.length && !missing.terms.length) return null;
        return t('voice.memory.missing', {
          characters: missing.characters.join(', ') || '—',
          terms: missing.terms.join(', ') || '—',
        });
      },
      persist: (head, id) => saveSeries({ ...(id ? { id } : {}), ...head, memory: out }),
      onSaved: (answer) => {
        client.setQueryData(oneSeriesQueryKey(answer.id), answer);
        void client.invalidateQueries({ queryKey: seriesQueryKey, exact: true });
        void message.success(t('series.saved'));
      },
    });
  };

  return (
    <EditorCard
      heading={saved ? saved.name : t('series.newTitle')}
      backLabel={t('series.backToList')}
      onBack={back}
      testId="series"
    >
      <HeadForm
        form={form}
        saved={saved}
        nameLabel={t('series.name')}
        nameRequired={t('series.nameRequired')}
        maxLength={BRIEF_LIMITS.seriesNameChars}
        testId="series"
        onChange={() => setDirty(true)}
      />
      <Typography.Paragraph type="secondary">{t('series.memoryIntro')}</Typography.Paragraph>
      <MemoryTables
        value={memory}
        onChange={(next) => {
          setMemory(next);
          setDirty(true);
        }}
        testId="series"
        showErrors={showErrors}
        disabled={saving}
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={error}
          style={{ marginTop: 16 }}
          data-testid="series-error"
        />
      ) : null}
      <Flex justify="end" style={{ marginTop: 16 }}>
        <Button
          type="primary"
          loading={saving}
          onClick={() => void saveSeriesNow()}
          data-testid="series-save"
        >
          {t('common.save')}
        </Button>
      </Flex>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        {t('series.episodes')}
      </Typography.Title>
      {saved?.tasks.length ? (
        <ol data-testid="series-episodes" style={{ paddingInlineStart: 20 }}>
          {saved.tasks.map((task) => (
            <li key={task.id}>
              <Link to={editorPath(task.id)}>{task.fileName}</Link>{' '}
              <Typography.Text type="secondary">
                {new Date(task.submitTime).toLocaleString(ui)}
              </Typography.Text>
            </li>
          ))}
        </ol>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('series.noEpisodes')} />
      )}
    </EditorCard>
  );
}
