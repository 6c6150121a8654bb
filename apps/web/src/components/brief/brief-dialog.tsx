import { useState } from 'react';
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BRIEF_LIMITS, type Brief, type RetranslateAnswer, type TaskVoice } from '@subtrans/contract';
import { api } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { refusalOf, refusalText, retranslateQuotaKey } from '../../lib/retranslate-allowance';
import { MemoryTables, toMemoryDraft, useMemoryOutput, type MemoryDraft } from './memory-tables';

/** review: the task waits for its names and terms before translating; view: read, edit, re-apply */
export type BriefDialogMode = 'review' | 'view';

export interface BriefDialogTask {
  id: string;
  fileName: string;
  voice: Pick<TaskVoice, 'reviewExpiresAt'>;
}

const briefQueryKey = (taskId: string) => ['task-brief', taskId] as const;

/**
 * A task's film brief: the synopsis, the register, the characters and the terms the engine wrote
 * after reading the whole file, as the user corrects them. In `review` the task waits for them
 * ("continue" sends the edited brief and translation goes on); in `view` the brief is saved for
 * later batches and re-translations, and "re-apply" translates again the lines whose terms
 * changed: saving alone changes no line already translated.
 */
export function BriefDialog(props: {
  task: BriefDialogTask | null;
  mode: BriefDialogMode;
  onClose: () => void;
  /** how a re-apply runs (the editor saves its edits first and takes the lines in); else the call alone */
  reapply?: () => Promise<RetranslateAnswer>;
  /** the task changed on the server (continued, lines re-applied) */
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const { task, mode } = props;
  const brief = useQuery({
    queryKey: briefQueryKey(task?.id ?? ''),
    queryFn: () => api('taskBrief', { id: task!.id }),
    enabled: task !== null,
    // forgotten once closed: a brief edited elsewhere (the editor, another tab) is read afresh
    gcTime: 0,
  });
  return (
    <Modal
      open={task !== null}
      title={mode === 'review' ? t('voice.brief.reviewTitle') : t('voice.brief.title')}
      onCancel={props.onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      {task === null ? null : brief.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={brief.error instanceof Error ? brief.error.message : t('common.requestFailed')}
          action={
            <Button size="small" onClick={() => void brief.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !brief.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <BriefForm
          key={task.id}
          task={task}
          mode={mode}
          brief={brief.data.brief}
          onClose={props.onClose}
          reapply={props.reapply}
          onChanged={props.onChanged}
        />
      )}
    </Modal>
  );
}

type Outcome = { type: 'success' | 'error' | 'info'; text: string } | null;

function BriefForm(props: {
  task: BriefDialogTask;
  mode: BriefDialogMode;
  brief: Brief | null;
  onClose: () => void;
  reapply?: () => Promise<RetranslateAnswer>;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const output = useMemoryOutput();
  const { task, mode } = props;
  const [synopsis, setSynopsis] = useState(props.brief?.synopsis ?? '');
  const [register, setRegister] = useState(props.brief?.register ?? '');
  const [memory, setMemory] = useState<MemoryDraft>(() => toMemoryDraft(props.brief));
  const [dirty, setDirty] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState<'save' | 'continue' | 'reapply' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const edit =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setDirty(true);
      setOutcome(null);
    };

  /** the brief to send, or null (and the rows to fill in said) when a row lacks its name or term */
  const draft = (): Brief | null => {
    const { memory: out, missing } = output(memory);
    if (missing.characters.length || missing.terms.length) {
      setShowErrors(true);
      setOutcome({
        type: 'error',
        text: t('voice.memory.missing', {
          characters: missing.characters.join(', ') || '—',
          terms: missing.terms.join(', ') || '—',
        }),
      });
      return null;
    }
    return { synopsis: synopsis.trim(), register: register.trim(), ...out };
  };

  const failure = (e: unknown) => {
    const refusal = refusalOf(e);
    if (refusal) {
      const { needed: _needed, ...quota } = refusal;
      client.setQueryData(retranslateQuotaKey, quota);
      return refusalText(refusal, t);
    }
    return e instanceof Error && e.message ? e.message : t('common.requestFailed');
  };

  const save = async (): Promise<boolean> => {
    const brief = draft();
    if (!brief) return false;
    setBusy('save');
    try {
      await api('taskSaveBrief', { id: task.id, brief });
      setDirty(false);
      setOutcome({ type: 'success', text: t('voice.brief.saved') });
      return true;
    } catch (e) {
      setOutcome({ type: 'error', text: failure(e) });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const proceed = async () => {
    const brief = draft();
    if (!brief) return;
    setBusy('continue');
    try {
      await api('taskContinue', { id: task.id, brief });
      void message.success(t('voice.brief.continued', { name: task.fileName }));
      props.onChanged?.();
      props.onClose();
    } catch (e) {
      setOutcome({ type: 'error', text: failure(e) });
    } finally {
      setBusy(null);
    }
  };

  const reapply = async () => {
    if (dirty && !(await save())) return;
    setBusy('reapply');
    try {
      const answer = await (props.reapply ?? (() => api('taskReapply', { id: task.id })))();
      client.setQueryData(retranslateQuotaKey, answer.quota);
      const done = answer.results.filter((r) => r.success).length;
      const failed = answer.results.find((r) => !r.success);
      setOutcome(
        failed
          ? {
              type: 'error',
              text: `${t('voice.brief.reapplied', { count: done })} ${t('editor.retranslateFailed', { error: failed.error ?? '' })}`,
            }
          : { type: 'success', text: t('voice.brief.reapplied', { count: done }) },
      );
      props.onChanged?.();
    } catch (e) {
      setOutcome({ type: 'error', text: failure(e) });
    } finally {
      setBusy(null);
    }
  };

  const expires = task.voice.reviewExpiresAt;
  return (
    <div data-testid="brief-dialog" data-mode={mode}>
      <Typography.Paragraph type="secondary" data-testid="brief-intro">
        {mode === 'review' ? t('voice.brief.reviewIntro') : t('voice.brief.editNote')}
        {mode === 'review' && expires
          ? ` ${t('voice.brief.reviewExpires', {
              date: new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'long' }).format(
                new Date(expires),
              ),
            })}`
          : ''}
      </Typography.Paragraph>
      {props.brief === null ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('voice.brief.none')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form layout="vertical" component="div">
        <Form.Item label={t('voice.brief.synopsis')} htmlFor="brief-synopsis">
          <Input.TextArea
            id="brief-synopsis"
            value={synopsis}
            onChange={(e) => edit(setSynopsis)(e.target.value)}
            maxLength={BRIEF_LIMITS.synopsisChars}
            showCount
            autoSize={{ minRows: 2, maxRows: 8 }}
            data-testid="brief-synopsis"
          />
        </Form.Item>
        <Form.Item
          label={t('voice.brief.register')}
          htmlFor="brief-register"
          extra={t('voice.brief.registerHint')}
        >
          <Input
            id="brief-register"
            value={register}
            onChange={(e) => edit(setRegister)(e.target.value)}
            maxLength={BRIEF_LIMITS.registerChars}
            data-testid="brief-register"
          />
        </Form.Item>
      </Form>
      <MemoryTables
        value={memory}
        onChange={edit(setMemory)}
        testId="brief"
        showErrors={showErrors}
        disabled={busy !== null}
      />
      {outcome ? (
        <Alert
          type={outcome.type}
          showIcon
          role={outcome.type === 'error' ? 'alert' : 'status'}
          title={outcome.text}
          style={{ marginTop: 16 }}
          data-testid="brief-outcome"
        />
      ) : null}
      <Flex gap={8} wrap justify="end" style={{ marginTop: 16 }}>
        <Button onClick={props.onClose} disabled={busy !== null}>
          {mode === 'review' ? t('voice.brief.later') : t('voice.brief.close')}
        </Button>
        {mode === 'review' ? (
          <Button
            type="primary"
            loading={busy === 'continue'}
            disabled={busy !== null}
            onClick={() => void proceed()}
            data-testid="brief-continue"
          >
            {t('voice.brief.continue')}
          </Button>
        ) : (
          <>
            <Button
              loading={busy === 'reapply'}
              disabled={busy !== null}
              onClick={() => void reapply()}
              data-testid="brief-reapply"
            >
              {t('voice.brief.reapply')}
            </Button>
            <Button
              type="primary"
              loading={busy === 'save'}
              disabled={busy !== null || !dirty}
              onClick={() => void save()}
              data-testid="brief-save"
            >
              {t('common.save')}
            </Button>
          </>
        )}
      </Flex>
    </div>
  );
}
