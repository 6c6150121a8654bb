import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { LoadingOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Render, RenderState } from '@subtrans/contract';
import { moneyChanged } from '../../../lib/money-sync';
import { isRunning, renderStateKey, useRenderState } from '../api/render';

// its form, colour picker and preview come when first opened, not with the editor
const RenderDialog = lazy(() => import('./render-dialog'));

/**
 * Issue 40 §1: "export video with subtitles" for a task with audio or video. Not shown for a task
 * without; shown turned off, with the reason, while the task is not translated yet. The balance is
 * refreshed when a render takes points, and again when it ends (charged, or given back).
 */
export function RenderAction(props: {
  taskId: string;
  /** the task's status: its render state is asked again when it changes */
  taskStatus: string;
  /** the editor's current line when the dialog opens (its preview shows it) */
  currentLine: () => number | null;
  save: () => Promise<unknown>;
}) {
  const { taskId, taskStatus } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useRenderState(taskId, taskStatus);
  const [open, setOpen] = useState<{ segmentId: number | null } | null>(null);
  const reasonId = useId();

  // a render that ends changes the balance (charged from the hold, or the hold given back)
  const data = state.data;
  const was = useRef(data?.render?.status);
  useEffect(() => {
    const now = data?.render?.status;
    if ((was.current === 'queued' || was.current === 'rendering') && now !== was.current)
      void moneyChanged(client);
    was.current = now;
  }, [data, client]);

  if (!data || data.unavailable === 'no-media') return null;
  const reason = data.unavailable === 'not-completed' ? t('editor.render.notCompleted') : null;
  const onStarted = (render: Render) => {
    client.setQueryData<RenderState>([...renderStateKey(taskId), taskStatus], (s) => s && { ...s, render });
    void moneyChanged(client);
  };
  const button = (
    <Button
      icon={isRunning(data) ? <LoadingOutlined /> : <VideoCameraOutlined />}
      disabled={reason !== null}
      // its name on a phone too, where the words are hidden (editor-header.css)
      aria-label={t('editor.render.action')}
      aria-describedby={reason ? reasonId : undefined}
      onClick={() => setOpen({ segmentId: props.currentLine() })}
      data-testid="render-open"
    >
      <span className="render-action-label">{t('editor.render.action')}</span>
    </Button>
  );
  return (
    <>
      {reason ? (
        // a turned-off button takes no focus nor (in some browsers) the pointer: its wrapper
        // shows the reason on hover, on a tap and when the keyboard reaches it
        <Tooltip title={reason} trigger={['hover', 'focus', 'click']}>
          <span className="render-action-off" tabIndex={0} aria-describedby={reasonId}>
            {button}
          </span>
        </Tooltip>
      ) : (
        button
      )}
      {reason ? (
        <span id={reasonId} hidden data-testid="render-unavailable">
          {reason}
        </span>
      ) : null}
      {open && !reason ? (
        <Suspense fallback={null}>
          <RenderDialog
            taskId={taskId}
            state={data}
            segmentId={open.segmentId}
            save={props.save}
            onStarted={onStarted}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
