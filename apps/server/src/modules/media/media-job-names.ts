/** The queue jobs of an audio/video task: probing the upload, then running it. */
export const MEDIA_PROBE_JOB = 'media.probe';
// named in tasks, which queues it too (continuing an audio/video task translated in parts)
export { MEDIA_EXECUTE_JOB } from '../tasks/index.js';
/** media tasks whose job is gone fail and get their points back */
export const MEDIA_SWEEP_JOB = 'media.sweep-stuck';
/** uploads left unfinished are aborted (their parts deleted) */
export const MEDIA_CLEANUP_JOB = 'media.cleanup-uploads';
/** audio/video never executed is deleted after MEDIA_UNEXECUTED_DAYS */
export const MEDIA_EXPIRE_JOB = 'media.expire-unexecuted';
/** issue 38: a media task's waveform and a video's shot changes, for the editor's timeline */
export const MEDIA_OVERVIEW_JOB = 'media.overview';
/** issue 40: a task's lines burned into its video (or over its audio's waveform) */
export const MEDIA_RENDER_JOB = 'media.render';
/** renders whose job is gone fail and give their points back */
export const MEDIA_RENDER_SWEEP_JOB = 'media.render-sweep';
