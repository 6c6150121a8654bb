import { useEffect, useRef, useState } from 'react';
import { App, Card, Col, Grid, Row, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DETECT_STATUS, EXECUTE_STATUS } from '@subtrans/contract';
import { useSession } from '../../lib/session';
import { moneyChanged } from '../../lib/money-sync';
import {
  detectionQuery,
  executionQuery,
  mediaTracking,
  refused,
  useTrackedMedia,
} from '../../features/tasks/api/media';
import { tasksQueryKey, useEngines } from '../../features/tasks/api/tasks';
import {
  MediaConfirmDialog,
  type MediaConfirmTarget,
} from '../../features/tasks/components/media-confirm-dialog';
import { MediaUploadModal } from '../../features/tasks/components/media-upload-modal';
import { SrtUploadModal } from '../../features/tasks/components/srt-upload-modal';
import { TaskList } from '../../features/tasks/components/task-list';
import { MediaCard } from '../../features/tasks/components/media-card';

/** SPEC §2 subtitle view: the two upload cards and the task list. */
export function TranslateView() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [uploading, setUploading] = useState(false);
  const [uploadingMedia, setUploadingMedia] = useState(false);
  const narrow = Grid.useBreakpoint().md === false;
  // loaded early so the upload modals open with their engine choice ready
  useEngines();
  if (!user) return null;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
        {t('dashboard.translate.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            hoverable
            role="button"
            tabIndex={0}
            onClick={() => setUploading(true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                setUploading(true);
              }
            }}
            data-testid="srt-card"
          >
            <Card.Meta
              avatar={<FileTextOutlined style={{ fontSize: 32, color: '#1677ff' }} />}
              title={t('dashboard.translate.srtCard')}
              description={t('dashboard.translate.srtDesc')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <MediaCard onOpen={() => setUploadingMedia(true)} />
        </Col>
      </Row>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('dashboard.translate.tasks')}</h2>}
        style={{ marginTop: 24 }}
        // on a phone the tasks' own cards have the width the card's padding would take
        styles={{ body: { padding: narrow ? 12 : 24 } }}
      >
        <TaskList userId={user.id} />
      </Card>
      <SrtUploadModal open={uploading} onClose={() => setUploading(false)} />
      <MediaUploadModal open={uploadingMedia} onClose={() => setUploadingMedia(false)} />
      <MediaFollower />
    </>
  );
}

/**
 * SPEC §4: follows the audio/video tasks this tab uploaded (kept in sessionStorage, so a reload
 * keeps following them): a detection that is ready opens the confirmation with its cost, a failed
 * one says why; an execution says when it is done or why it failed.
 */
function MediaFollower() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const tracked = useTrackedMedia();
  const detecting = tracked.filter((e) => e.stage === 'detect');
  const executing = tracked.filter((e) => e.stage === 'execute');
  const detections = useQueries({ queries: detecting.map((e) => detectionQuery(e.taskId)) });
  const executions = useQueries({ queries: executing.map((e) => executionQuery(e.taskId)) });
  const seenReady = useRef(new Set<string>());

  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: tasksQueryKey });
      void moneyChanged(client);
    };
    detecting.forEach((entry, i) => {
      const q = detections[i];
      if (!q) return;
      if (q.data?.status === DETECT_STATUS.failed) {
        mediaTracking.untrack(entry.taskId);
        void message.error(
          t('tasks.media.detectionFailed', {
            name: entry.fileName,
            error: q.data.message || t('tasks.status.failed'),
          }),
        );
        refresh();
      } else if (q.data?.status === DETECT_STATUS.ready && !seenReady.current.has(entry.taskId)) {
        // the row now waits for the confirmation
        seenReady.current.add(entry.taskId);
        refresh();
      } else if (refused(q.error)) {
        // deleted meanwhile, or not this user's
        mediaTracking.untrack(entry.taskId);
      }
    });
    executing.forEach((entry, i) => {
      const q = executions[i];
      if (!q) return;
      if (q.data?.status === EXECUTE_STATUS.completed) {
        mediaTracking.untrack(entry.taskId);
        void message.success(t('tasks.media.completed', { name: entry.fileName }));
        refresh();
      } else if (q.data?.status === EXECUTE_STATUS.failed) {
        mediaTracking.untrack(entry.taskId);
        void message.error(
          t('tasks.media.executionFailed', {
            name: entry.fileName,
            error: q.data.message || t('tasks.status.failed'),
          }),
        );
        refresh();
      } else if (refused(q.error)) {
        mediaTracking.untrack(entry.taskId);
      }
    });
  }, [detecting, executing, detections, executions, client, message, t]);

  // the first detection that is ready asks for the confirmation
  const readyAt = detecting.findIndex((_, i) => detections[i]?.data?.status === DETECT_STATUS.ready);
  const ready = readyAt >= 0 ? detecting[readyAt] : undefined;
  const state = readyAt >= 0 ? detections[readyAt]?.data : undefined;
  const target: MediaConfirmTarget | null =
    ready && state
      ? {
          taskId: ready.taskId,
          fileName: ready.fileName,
          mediaSize: ready.size || null,
          durationSeconds: state.duration,
          estimatedPoints: state.estimatedPoints,
          mediaExpiresAt: state.mediaExpiresAt,
          sourceLau: ready.sourceLau,
          targetLau: ready.targetLau,
          both: ready.both,
          translationService: ready.translationService,
          keepEngineBreaks: ready.keepEngineBreaks,
          voice: ready.voice,
        }
      : null;

  return (
    <MediaConfirmDialog
      target={target}
      onClose={(started) => {
        // Later (or not enough points): the task waits in the list with its execute button
        if (!started && ready) mediaTracking.untrack(ready.taskId, 'detect');
      }}
    />
  );
}
