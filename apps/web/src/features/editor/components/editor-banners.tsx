import { memo } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Flex, Progress, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type TaskWithLines } from '@subtrans/contract';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { taskFailureText } from '../../../lib/task-failure';
import type { SaveState } from './editor-header';
import type { EditSegment } from '../lib/editor-state';
import { RetranslateAllowance } from './retranslate-allowance';
import { paths } from '../../../lib/paths';

/** What the editor says above its lines: a save conflict or failure, the allowance, the task's translation. */
export const EditorBanners = memo(function EditorBanners({
  saveState,
  conflicts = new Map(),
  onResolve,
  orphans = [],
  onOrphans,
  readOnly,
  task,
  onContinue,
  continuing = false,
}: {
  saveState: SaveState;
  /** issue 35: lines another tab saved where this one has other unsaved edits (the other's text) */
  conflicts?: ReadonlyMap<number, EditSegment>;
  onResolve?: (keep: 'mine' | 'theirs') => void;
  /** issue 35: lines with edits here that another tab deleted: restored as new lines, or let go */
  orphans?: readonly { line: EditSegment }[];
  onOrphans?: (restore: boolean) => void;
  readOnly: boolean;
  task: Pick<
    TaskWithLines,
    | 'status'
    | 'translationProgress'
    | 'kind'
    | 'detectStatus'
    | 'errorKey'
    | 'keptOriginal'
    | 'segmentCount'
    | 'partial'
    | 'error'
  >;
  /** issue 34: translate the rest of a partly translated task */
  onContinue?: () => void;
  continuing?: boolean;
}) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  return (
    <>
      {orphans.length && onOrphans ? <OrphanBanner orphans={orphans} onOrphans={onOrphans} /> : null}
      {conflicts.size && onResolve ? (
        <ConflictBanner conflicts={conflicts} onResolve={onResolve} />
      ) : saveState === 'conflict' ? (
        <Alert
          type="error"
          showIcon
          banner
          title={t('editor.save.conflictHint')}
          data-testid="save-conflict"
          action={
            <Button size="small" danger onClick={() => window.location.reload()}>
              {t('editor.save.reload')}
            </Button>
          }
        />
      ) : null}
      {saveState === 'failed' ? (
        <Alert type="warning" showIcon banner title={t('editor.save.failedHint')} />
      ) : null}
      <RetranslateAllowance enabled={!readOnly} />
      {task.status === 'translating' ? (
        <Alert
          type="info"
          showIcon
          banner
          data-testid="editor-translating"
          title={
            <Flex align="center" gap={12}>
              <span>{t('editor.translating')}</span>
              <Progress percent={task.translationProgress} size="small" style={{ width: 200, margin: 0 }} />
            </Flex>
          }
        />
      ) : null}
      {task.partial ? (
        <Alert
          type="warning"
          showIcon
          banner
          data-testid="editor-partial"
          title={
            // audio/video: the rest of its audio is not transcribed yet (its lines are not known)
            task.partial.remainingLines === null
              ? t('parts.editorNoticeMedia', {
                  through: task.partial.translatedThrough,
                  minutes: Math.ceil(task.partial.remainingMs / 60_000),
                  points: task.partial.restPoints,
                })
              : t('parts.editorNotice', {
                  through: task.partial.translatedThrough,
                  total: task.segmentCount,
                  lines: task.partial.remainingLines,
                  minutes: Math.ceil(task.partial.remainingMs / 60_000),
                  points: task.partial.restPoints,
                })
          }
          description={
            task.error ? t('parts.restFailed', { reason: taskFailureText(task, ui, t) }) : undefined
          }
          action={
            onContinue ? (
              <Button
                size="small"
                type="primary"
                loading={continuing}
                onClick={onContinue}
                data-testid="editor-continue"
              >
                {t('parts.continue')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {task.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          banner
          title={taskFailureText(task, ui, t)}
          data-testid="editor-failed"
        />
      ) : null}
    </>
  );
});

/**
 * The task could not be loaded: not found (not the user's, or an address whose id cannot name a
 * task: `error` null), said in the interface's language; or another failure to retry.
 */
export function EditorLoadError({ error, onRetry }: { error: Error | null; onRetry?: () => void }) {
  const { t } = useTranslation();
  const missing =
    !error ||
    (error instanceof ApiError &&
      (error.code === ErrorCodes.TASK_NOT_FOUND.code || error.code === ErrorCodes.VALIDATION.code));
  return (
    <main>
      <Result
        status={missing ? '404' : 'error'}
        title={<h1 style={{ fontSize: 24 }}>{missing ? t('editor.notFound') : t('editor.loadFailed')}</h1>}
        subTitle={missing ? t('editor.notFoundHint') : error?.message}
        data-testid={missing ? 'editor-not-found' : 'editor-load-failed'}
        extra={[
          <Link key="home" to={paths.home}>
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>,
          missing ? null : (
            <Button key="retry" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ),
        ]}
      />
    </main>
  );
}

/** Lines changed in another tab and here: nothing is saved until the user keeps theirs or takes the other's. */
function ConflictBanner({
  conflicts,
  onResolve,
}: {
  conflicts: ReadonlyMap<number, EditSegment>;
  onResolve: (keep: 'mine' | 'theirs') => void;
}) {
  const { t } = useTranslation();
  const [first] = conflicts.values();
  return (
    <Alert
      type="error"
      showIcon
      banner
      data-testid="save-conflict"
      title={t(conflicts.size === 1 ? 'editor.save.conflictLine' : 'editor.save.conflictLines', {
        line: first!.id,
        count: conflicts.size,
      })}
      description={
        <span data-testid="save-conflict-theirs">
          {t('editor.save.theirs', { text: first!.translatedText || first!.originalText })}
        </span>
      }
      action={
        <Flex gap={8} wrap>
          <Button
            size="small"
            type="primary"
            onClick={() => onResolve('mine')}
            data-testid="conflict-keep-mine"
          >
            {t('editor.save.keepMine')}
          </Button>
          <Button size="small" onClick={() => onResolve('theirs')} data-testid="conflict-take-theirs">
            {t('editor.save.takeTheirs')}
          </Button>
        </Flex>
      }
    />
  );
}

/** Lines another tab deleted while this one had edits in them: what was typed is offered back. */
function OrphanBanner({
  orphans,
  onOrphans,
}: {
  orphans: readonly { line: EditSegment }[];
  onOrphans: (restore: boolean) => void;
}) {
  const { t } = useTranslation();
  const first = orphans[0]!.line;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      data-testid="orphan-lines"
      title={t('editor.save.orphans', {
        count: orphans.length,
        text: first.translatedText || first.originalText,
      })}
      action={
        <Flex gap={8} wrap>
          <Button size="small" type="primary" onClick={() => onOrphans(true)} data-testid="orphans-restore">
            {t('editor.save.orphansRestore')}
          </Button>
          <Button size="small" onClick={() => onOrphans(false)} data-testid="orphans-discard">
            {t('editor.save.orphansDiscard')}
          </Button>
        </Flex>
      }
    />
  );
}
