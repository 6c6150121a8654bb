import { Alert, Button, Spin, Typography } from 'antd';
import { CloseOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BATCH_LIMITS, languageName } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { dashboardView } from '../../../lib/paths';
import { useSiteConfig } from '../../../lib/site-config';
import type { BatchEntry } from './use-batch-preview';
import './batch-file-list.css';

/** "10 points", or with several languages "10 × 2 = 20 points" */
function useCostText() {
  const { t } = useTranslation();
  return (each: number, languages: number) =>
    languages > 1
      ? t('tasks.batch.costEach', { each, languages, points: each * languages })
      : t('tasks.points', { points: each });
}

/**
 * Issue 39: the files of a batch as the dialog lists them, in name order: each with its detected
 * language, cues and cost (its price × the languages), or why it is refused; a refused file is
 * left out of the batch, and the list says so. Each can be taken off the list.
 */
export function BatchFileList(props: {
  entries: readonly BatchEntry[];
  refused: number;
  overLimit: number;
  languages: number;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const cost = useCostText();
  return (
    <div data-testid="batch-files" className="batch-files">
      <ul className="batch-file-list" aria-label={t('tasks.batch.listLabel')}>
        {props.entries.map((entry) => (
          <li key={entry.key} className="batch-file" data-testid="batch-file" data-state={entry.state}>
            <div className="batch-file-name">
              <FileTextOutlined aria-hidden />
              <Typography.Text strong ellipsis title={entry.file.name}>
                {entry.file.name}
              </Typography.Text>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('tasks.batch.remove', { name: entry.file.name })}
                onClick={() => props.onRemove(entry.key)}
                data-testid="batch-file-remove"
              />
            </div>
            {entry.state === 'checking' ? (
              <Typography.Text type="secondary" className="batch-file-facts">
                <Spin size="small" /> {t('tasks.upload.checking')}
              </Typography.Text>
            ) : entry.state === 'refused' ? (
              <Typography.Text type="danger" className="batch-file-facts" data-testid="batch-file-error">
                {entry.error}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary" className="batch-file-facts" data-testid="batch-file-facts">
                <span data-testid="batch-file-language">
                  {languageName(entry.preview.detectedLanguage, ui)}
                  {entry.preview.detectionUncertain ? ` (${t('tasks.batch.uncertain')})` : ''}
                </span>
                {' · '}
                {t('tasks.segments', { count: entry.preview.cues })}
                {' · '}
                <span data-testid="batch-file-cost">{cost(entry.preview.cost, props.languages)}</span>
              </Typography.Text>
            )}
          </li>
        ))}
      </ul>
      {props.refused > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('tasks.batch.refused', { count: props.refused })}
          data-testid="batch-refused"
        />
      ) : null}
      {props.overLimit > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('tasks.batch.overLimit', { count: props.overLimit, max: BATCH_LIMITS.files })}
          data-testid="batch-over-limit"
        />
      ) : null}
    </div>
  );
}

/**
 * The batch's total: what its tasks cost (every file × every language) against the balance; a
 * balance short of it is refused here, before anything is sent, with the shortfall and where to
 * buy points.
 */
export function BatchTotal(props: {
  /** the tasks: files × languages */
  tasks: number;
  points: number;
  balance: number | undefined;
  /** the dialog closes as the user goes to buy points */
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const short = props.balance !== undefined && props.balance < props.points;
  return (
    <div className="batch-total">
      <Typography.Text strong data-testid="batch-total">
        {t('tasks.batch.total', {
          count: props.tasks,
          points: props.points,
          balance: props.balance ?? '—',
        })}
      </Typography.Text>
      {short ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="batch-short"
          title={t('tasks.batch.short', {
            needed: props.points,
            current: props.balance,
            missing: props.points - props.balance!,
          })}
          description={
            site.enablePointsPurchase ? (
              <Link to={dashboardView('points')} onClick={props.onBuy} data-testid="batch-buy">
                {t('tasks.insufficient.buy')}
              </Link>
            ) : null
          }
        />
      ) : null}
    </div>
  );
}
