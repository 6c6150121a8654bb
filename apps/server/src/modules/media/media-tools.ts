import type { AppContext } from '../../context.js';

/** how long ffmpeg may read an S3 object through one presigned URL */
export const READ_URL_SECONDS = 6 * 3600;
/** how long the editor's player (and timeline) URLs last */
export const PLAY_URL_SECONDS = 6 * 3600;

/** the ffmpeg and ffprobe this server runs */
export const tools = (ctx: AppContext) => ({ ffmpeg: ctx.env.FFMPEG_PATH, ffprobe: ctx.env.FFPROBE_PATH });
