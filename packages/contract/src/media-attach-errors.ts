import { def } from './error-def.js';

/** The refusals of audio/video given to a subtitle-file task afterwards (issue 38). */
export const MEDIA_ATTACH_ERRORS = {
  MEDIA_TASK_HAS_MEDIA: def(
    40970,
    409,
    '该任务由音视频生成，已有自己的音视频：只能为字幕文件任务添加音视频',
    'This task was made from audio/video and already has its own: audio or video can be added only to a subtitle-file task',
    'このタスクは音声・動画から作成されたため、すでに音声・動画があります。音声・動画を追加できるのは字幕ファイルのタスクだけです',
  ),
};
