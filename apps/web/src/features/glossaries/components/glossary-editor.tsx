import { useMemo, useState } from 'react';
import { Alert, App, Button, Flex } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  GLOSSARY_LIMITS,
  type Glossary,
  type GlossaryEntry,
  type SubtitleLanguageCode,
} from '@subtrans/contract';
import {
  EditableTable,
  isBlankRow,
  rowsMissingRequired,
  withKeys,
  withoutKeys,
  type EditableColumn,
  type Keyed,
} from '../../../components/editable-table';
import { EditorCard, HeadForm, LoadGate, useOwnedForm } from '../../../components/owned-editor';
import { glossariesQueryKey } from '../../../lib/voice-lists';
import { glossaryQueryKey, saveGlossary, useGlossary } from '../api/glossaries';
import { ExportMenu } from './export-menu';
import { ImportDialog } from './import-dialog';

const blankEntry = (): GlossaryEntry => ({
  source: '',
  target: '',
  note: '',
  keep: false,
  caseSensitive: false,
});

/** One glossary (`id`), or a new one (null), loaded then edited. */
export function GlossaryEditor(props: {
  id: string | null;
  onBack: () => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <LoadGate
      id={props.id}
      query={useGlossary(props.id)}
      loadFailed={t('glossaries.loadFailed')}
      backLabel={t('glossaries.backToList')}
      onBack={props.onBack}
    >
      {(glossary) => <GlossaryForm initial={glossary} onBack={props.onBack} onOpen={props.onOpen} />}
    </LoadGate>
  );
}

/**
 * A glossary's name, language pair and entries (source term, translation, note, keep as is,
 * case-sensitive), a page of 50 at a time with a filter: 2,000 entries stay quick to edit. Saved
 * as a whole; import (merge or replace) and export work on the saved glossary.
 */
function GlossaryForm(props: { initial: Glossary | null; onBack: () => void; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { form, saved, setSaved, dirty, setDirty, showErrors, error, setError, saving, save, back } =
    useOwnedForm(props.initial, props);
  const [entries, setEntries] = useState<Keyed<GlossaryEntry>[]>(() =>
    withKeys(props.initial?.entries ?? []),
  );
  const [importing, setImporting] = useState(false);

  const columns = useMemo<EditableColumn<GlossaryEntry>[]>(
    () => [
      {
        kind: 'text',
        field: 'source',
        label: t('glossaries.col.source'),
        maxLength: GLOSSARY_LIMITS.termChars,
        required: true,
      },
      {
        kind: 'text',
        field: 'target',
        label: t('glossaries.col.target'),
        maxLength: GLOSSARY_LIMITS.termChars,
      },
      { kind: 'text', field: 'note', label: t('glossaries.col.note'), maxLength: GLOSSARY_LIMITS.noteChars },
      { kind: 'check', field: 'keep', label: t('glossaries.col.keep'), width: 96 },
      { kind: 'check', field: 'caseSensitive', label: t('glossaries.col.caseSensitive'), width: 110 },
    ],
    [t],
  );

  const changed = () => setDirty(true);

  const saveGlossaryNow = () =>
    save({
      refusal: () => {
        const missing = rowsMissingRequired(entries, columns);
        return missing.length ? t('glossaries.missingSource', { rows: missing.join(', ') }) : null;
      },
      persist: (head, id) =>
        saveGlossary({
          ...(id ? { id } : {}),
          name: head.name,
          sourceLanguage: head.sourceLanguage,
          targetLanguage: head.targetLanguage,
          entries: withoutKeys(entries).filter((e) => !isBlankRow(e, columns)),
        }),
      onSaved: (answer) => {
        client.setQueryData(glossaryQueryKey(answer.id), answer);
        void client.invalidateQueries({ queryKey: glossariesQueryKey, exact: true });
        void message.success(t('glossaries.saved', { count: answer.entryCount }));
      },
    });

  return (
    <EditorCard
      heading={saved ? saved.name : t('glossaries.newTitle')}
      backLabel={t('glossaries.backToList')}
      onBack={back}
      testId="glossary"
    >
      <HeadForm
        form={form}
        saved={saved}
        nameLabel={t('glossaries.name')}
        nameRequired={t('glossaries.nameRequired')}
        maxLength={GLOSSARY_LIMITS.nameChars}
        testId="glossary"
        onChange={changed}
      />
      <EditableTable<GlossaryEntry>
        rows={entries}
        onChange={(next) => {
          setEntries(next);
          changed();
        }}
        columns={columns}
        blank={blankEntry}
        max={GLOSSARY_LIMITS.entriesPerGlossary}
        label={t('glossaries.entries')}
        testId="glossary-entries"
        pageSize={50}
        searchable
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
          data-testid="glossary-error"
        />
      ) : null}
      <Flex gap={8} wrap justify="end" style={{ marginTop: 16 }}>
        <Button
          icon={<UploadOutlined />}
          disabled={!saved}
          onClick={() => setImporting(true)}
          data-testid="glossary-import"
        >
          {t('glossaries.importInto')}
        </Button>
        <ExportMenu glossary={saved ?? { id: '', name: '' }} disabled={!saved || dirty} onError={setError}>
          <Button icon={<DownloadOutlined />} disabled={!saved || dirty} data-testid="glossary-export">
            {t('glossaries.export')}
          </Button>
        </ExportMenu>
        <Button
          type="primary"
          loading={saving}
          onClick={() => void saveGlossaryNow()}
          data-testid="glossary-save"
        >
          {t('common.save')}
        </Button>
      </Flex>
      {saved ? (
        <ImportDialog
          open={importing}
          into={{ id: saved.id, name: saved.name }}
          unsaved={dirty}
          onClose={() => setImporting(false)}
          onImported={(answer) => {
            // the glossary as the server now holds it: the file's rows with (or instead of) the old
            client.setQueryData(glossaryQueryKey(answer.glossary.id), answer.glossary);
            setSaved(answer.glossary);
            setEntries(withKeys(answer.glossary.entries));
            form.setFieldsValue({
              name: answer.glossary.name,
              sourceLanguage: answer.glossary.sourceLanguage as SubtitleLanguageCode,
              targetLanguage: answer.glossary.targetLanguage as SubtitleLanguageCode,
            });
            setDirty(false);
          }}
        />
      ) : null}
    </EditorCard>
  );
}
