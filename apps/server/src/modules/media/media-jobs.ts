/** The queue jobs of an audio/video task: probing the upload, then running it. */
export const MEDIA_PROBE_JOB = 'media.probe';
export const MEDIA_EXECUTE_JOB = 'media.execute';
/** uploads left unfinished are aborted (their parts deleted) */
export const MEDIA_CLEANUP_JOB = 'media.cleanup-uploads';
