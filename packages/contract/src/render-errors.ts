import { def } from './error-def.js';

/** The refusals and failures of a task's video with its lines burned in (issue 40). */
export const RENDER_ERRORS = {
  RENDER_NO_MEDIA: def(
    42270,
    422,
    '该任务没有音视频：请先为它添加视频或音频，再导出带字幕的视频',
    'This task has no audio or video: add its video or audio first, then export the video with subtitles',
    'このタスクには音声・動画がありません。先に動画か音声を追加してから、字幕付き動画を書き出してください',
  ),
  RENDER_RUNNING: def(
    40962,
    409,
    '该任务的视频正在生成，请等它完成后再开始新的',
    "This task's video is being rendered: wait for it to finish before starting another",
    'このタスクの動画は書き出し中です。完了してから新しく始めてください',
  ),
  RENDER_NOT_FOUND: def(
    40460,
    404,
    '还没有生成好的视频：请先导出带字幕的视频',
    'There is no rendered video yet: export the video with subtitles first',
    '書き出し済みの動画はまだありません。先に字幕付き動画を書き出してください',
  ),
  RENDER_FAILED: def(
    50320,
    500,
    '视频生成失败，点数已退回。请重试；如果仍然失败，请联系我们',
    'The video could not be rendered and your points were returned. Try again; if it fails again, contact us',
    '動画を書き出せませんでした。ポイントは返却されました。もう一度お試しください。失敗が続く場合はお問い合わせください',
  ),
  RENDER_INTERRUPTED: def(
    50321,
    500,
    '视频生成被中断，点数已退回。请重新开始',
    'Rendering the video was interrupted and your points were returned. Start it again',
    '動画の書き出しが中断されました。ポイントは返却されました。もう一度始めてください',
  ),
  RENDER_PREVIEW_BUSY: def(
    42940,
    429,
    '预览太频繁，请稍后再试',
    'Too many previews at once: try again in a moment',
    'プレビューが多すぎます。少し待ってからもう一度お試しください',
  ),
};
