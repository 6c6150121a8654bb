import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EngineCapabilities } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { runtimeKey } from '../../../lib/i18n-keys';
import { sentences } from '../lib/engine-options';

/** what the hint lists, in this order */
const LISTED = ['terms', 'instructions', 'brief', 'condense'] as const;

/**
 * Issue 34, under the engine picker: what the chosen engine honours, from the capabilities the
 * server derives from its adapter (not a list kept here), and, for an offline rule-based engine,
 * that it gives a draft to edit. Test ids `${testId}-engine-hint`, `-engine-draft`.
 */
export function EngineHint({
  testId,
  engine,
  capabilities,
}: {
  testId: string;
  engine: string;
  capabilities: EngineCapabilities;
}) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const name = t(runtimeKey('tasks.engine.*', engine));
  const words = (kind: 'conjunction' | 'disjunction', list: readonly (typeof LISTED)[number][]) =>
    new Intl.ListFormat(ui, { type: kind }).format(
      list.map((c) => t(runtimeKey('tasks.engineHint.capability.*', c))),
    );
  const used = LISTED.filter((c) => capabilities[c]);
  const unused = LISTED.filter((c) => !capabilities[c]);
  const text = !used.length
    ? t('tasks.engineHint.usesNone', { engine: name, options: words('disjunction', unused) })
    : sentences(
        ui,
        t('tasks.engineHint.uses', { engine: name, options: words('conjunction', used) }),
        unused.length ? t('tasks.engineHint.ignores', { options: words('disjunction', unused) }) : '',
      );
  return (
    <>
      {capabilities.kind === 'rule-based' ? (
        <Alert
          type="warning"
          showIcon
          title={t('tasks.engineHint.draft', { engine: name })}
          style={{ margin: '4px 0' }}
          data-testid={`${testId}-engine-draft`}
        />
      ) : null}
      <Typography.Text type="secondary" data-testid={`${testId}-engine-hint`}>
        {text}
      </Typography.Text>
    </>
  );
}
