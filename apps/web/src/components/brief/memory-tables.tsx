import { useMemo } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BRIEF_LIMITS,
  GENDERS,
  GLOSSARY_LIMITS,
  type BriefCharacter,
  type BriefTerm,
} from '@subtrans/contract';
import { runtimeKey } from '../../lib/i18n-keys';
import {
  EditableTable,
  rowsMissingRequired,
  withKeys,
  withoutKeys,
  isBlankRow,
  type EditableColumn,
  type Keyed,
} from '../editable-table';

/** The names and terms of a film brief or a series memory, as edited. */
export interface MemoryDraft {
  characters: Keyed<BriefCharacter>[];
  terms: Keyed<BriefTerm>[];
}

const blankCharacter = (): BriefCharacter => ({ name: '', target: '', gender: 'unknown', address: '' });
const blankTerm = (): BriefTerm => ({ source: '', target: '', note: '' });

export const toMemoryDraft = (m: { characters: BriefCharacter[]; terms: BriefTerm[] } | null) => ({
  characters: withKeys(m?.characters ?? []),
  terms: withKeys(m?.terms ?? []),
});

function useMemoryColumns() {
  const { t } = useTranslation();
  return useMemo(() => {
    const characters: EditableColumn<BriefCharacter>[] = [
      {
        kind: 'text',
        field: 'name',
        label: t('voice.memory.name'),
        maxLength: BRIEF_LIMITS.nameChars,
        required: true,
      },
      {
        kind: 'text',
        field: 'target',
        label: t('voice.memory.nameTarget'),
        maxLength: BRIEF_LIMITS.nameChars,
      },
      {
        kind: 'select',
        field: 'gender',
        label: t('voice.memory.gender'),
        options: GENDERS.map((g) => ({ value: g, label: t(runtimeKey('voice.gender.*', g)) })),
        width: 130,
      },
      {
        kind: 'text',
        field: 'address',
        label: t('voice.memory.address'),
        maxLength: BRIEF_LIMITS.addressChars,
      },
    ];
    const terms: EditableColumn<BriefTerm>[] = [
      {
        kind: 'text',
        field: 'source',
        label: t('voice.memory.source'),
        maxLength: GLOSSARY_LIMITS.termChars,
        required: true,
      },
      {
        kind: 'text',
        field: 'target',
        label: t('voice.memory.target'),
        maxLength: GLOSSARY_LIMITS.termChars,
      },
      { kind: 'text', field: 'note', label: t('voice.memory.note'), maxLength: GLOSSARY_LIMITS.noteChars },
    ];
    return { characters, terms };
  }, [t]);
}

/**
 * The draft as the server takes it: blank rows left out; `missing` names the rows that lack
 * their name or source term ("characters 2, 5"), so nothing is sent until they are filled in.
 */
export function useMemoryOutput() {
  const columns = useMemoryColumns();
  return (draft: MemoryDraft) => {
    const characters = withoutKeys(draft.characters).filter((r) => !isBlankRow(r, columns.characters));
    const terms = withoutKeys(draft.terms).filter((r) => !isBlankRow(r, columns.terms));
    return {
      memory: { characters, terms },
      missing: {
        characters: rowsMissingRequired(draft.characters, columns.characters),
        terms: rowsMissingRequired(draft.terms, columns.terms),
      },
    };
  };
}

/**
 * The characters (name, its written form in the target language, gender, how they address and
 * are addressed) and the terms (source, translation, note) of a brief or a series memory.
 */
export function MemoryTables(props: {
  value: MemoryDraft;
  onChange: (next: MemoryDraft) => void;
  /** test ids `${testId}-characters`, `${testId}-terms` */
  testId: string;
  showErrors?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const columns = useMemoryColumns();
  const { value, onChange } = props;
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('voice.memory.characters')}
      </Typography.Title>
      <EditableTable<BriefCharacter>
        rows={value.characters}
        onChange={(characters) => onChange({ ...value, characters })}
        columns={columns.characters}
        blank={blankCharacter}
        max={BRIEF_LIMITS.characters}
        label={t('voice.memory.characters')}
        testId={`${props.testId}-characters`}
        pageSize={10}
        showErrors={props.showErrors}
        disabled={props.disabled}
      />
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
        {t('voice.memory.terms')}
      </Typography.Title>
      <EditableTable<BriefTerm>
        rows={value.terms}
        onChange={(terms) => onChange({ ...value, terms })}
        columns={columns.terms}
        blank={blankTerm}
        max={BRIEF_LIMITS.terms}
        label={t('voice.memory.terms')}
        testId={`${props.testId}-terms`}
        pageSize={10}
        searchable
        showErrors={props.showErrors}
        disabled={props.disabled}
      />
    </>
  );
}
