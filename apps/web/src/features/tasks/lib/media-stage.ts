import { DETECT_STATUS, EXECUTE_STATUS, type Task } from '@subtrans/contract';

export const STATUS_COLOURS: Record<Task['status'], string> = {
  pending: 'default',
  processing: 'processing',
  translating: 'processing',
  completed: 'success',
  failed: 'error',
};

/** SPEC §4 stages of an audio/video task, as the list words them */
export type MediaStage =
  | 'downloading'
  | 'analysing'
  | 'waiting'
  | 'extracting'
  | 'transcribing'
  | 'translating'
  | 'completed'
  | 'failed';

export const MEDIA_STAGE_COLOURS: Record<MediaStage, string> = {
  downloading: 'processing',
  analysing: 'processing',
  waiting: 'warning',
  extracting: 'processing',
  transcribing: 'processing',
  translating: 'processing',
  completed: 'success',
  failed: 'error',
};

/** Where an audio/video task is: detection (1–5), then execution (0–5), then translation. */
export function mediaStage(task: Task): MediaStage {
  switch (task.status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'translating':
      return 'translating';
    case 'pending':
      return 'waiting';
    case 'processing':
      break;
  }
  const execute = task.executeStatus;
  if (execute === null) {
    if (task.detectStatus === DETECT_STATUS.analysing) return 'analysing';
    if (task.detectStatus === DETECT_STATUS.ready) return 'waiting';
    if (task.detectStatus === DETECT_STATUS.failed) return 'failed';
    return 'downloading';
  }
  if (execute <= EXECUTE_STATUS.extracting) return 'extracting';
  if (execute === EXECUTE_STATUS.transcribing) return 'transcribing';
  if (execute === EXECUTE_STATUS.translating) return 'translating';
  if (execute === EXECUTE_STATUS.completed) return 'waiting';
  return 'failed';
}

/**
 * SPEC §4: a detected audio/video task waiting for its confirmation (pending, or processing with
 * execute status 4), or one whose execution failed, can be (re)started: through the confirmation.
 */
export function canExecuteMedia(task: Task): boolean {
  // waiting for its names and terms: the review continues it, not a new execution
  if (task.voice.awaitingReview) return false;
  if (task.kind !== 'media' || task.detectStatus !== DETECT_STATUS.ready) return false;
  return (
    task.status === 'pending' ||
    task.status === 'failed' ||
    (task.status === 'processing' && task.executeStatus === EXECUTE_STATUS.completed)
  );
}
