import { UPLOAD_DEMUXERS } from './args.js';
import {
  DEFAULT_TIMEOUT,
  failed,
  MediaError,
  notMedia,
  run,
  tail,
  toolName,
  type MediaToolOptions,
} from './process.js';

/** What ffprobe says about an upload: whether it is audio or video we accept, and how long. */

export interface MediaInfo {
  durationMs: number;
  formatName: string;
  hasAudio: boolean;
  hasVideo: boolean;
  audioCodec: string | null;
  videoCodec: string | null;
  sizeBytes: number | null;
  /** the first video track's picture as it is shown (a phone's rotation applied); null for audio */
  width: number | null;
  height: number | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  duration?: string;
  width?: number;
  height?: number;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number | string }[];
  disposition?: { attached_pic?: number; still_image?: number };
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; size?: string };
}

/** The picture's size as players show it: a quarter turn (a phone held upright) swaps the sides. */
function shownSize(s: ProbeStream | undefined): { width: number | null; height: number | null } {
  if (!s || !(Number(s.width) > 0) || !(Number(s.height) > 0)) return { width: null, height: null };
  const rotation = Number(
    s.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? s.tags?.rotate ?? 0,
  );
  const quarter = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return quarter ? { width: s.height!, height: s.width! } : { width: s.width!, height: s.height! };
}

/** Still-image demuxers (image2, png_pipe, jpeg_pipe, webp_pipe, …) and text-as-video (tty). */
const IMAGE_FORMAT = /^(image2|image2pipe|[a-z0-9]+_pipe|tty)$/;

const positive = (s: string | undefined): number | null => {
  if (s === undefined) return null;
  const n = Number(s);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * What ffprobe says about `input` (a path or an http(s) URL). Throws MediaError: 'not-media' for
 * text, subtitles, images and anything ffprobe cannot demux; 'no-audio' for media without an audio
 * stream; 'no-duration'; 'tool-missing'; 'failed'; 'aborted'.
 */
export async function probeMedia(input: string, opts: MediaToolOptions = {}): Promise<MediaInfo> {
  const cmd = opts.ffprobe ?? 'ffprobe';
  const r = await run(
    cmd,
    'ffprobe',
    {
      input,
      formats: UPLOAD_DEMUXERS,
      outputOptions: ['-print_format', 'json', '-show_format', '-show_streams'],
    },
    { signal: opts.signal, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT.probe, collectStdout: true },
  );
  if (r.code !== 0) {
    if (notMedia(r.stderr)) throw new MediaError('not-media', `not a media file: ${tail(r.stderr)}`);
    throw failed(cmd, r);
  }
  let out: ProbeOutput;
  try {
    out = JSON.parse(r.stdout) as ProbeOutput;
  } catch (err) {
    throw new MediaError('failed', `${toolName(cmd)} printed unreadable JSON`, { cause: err });
  }
  const streams = out.streams ?? [];
  const format = out.format;
  const formatName = format?.format_name ?? '';
  if (!format || streams.length === 0) throw new MediaError('not-media', 'no audio or video streams');
  // the guard already keeps other demuxers from running; this says so should it ever be bypassed
  if (!formatName.split(',').some((f) => (UPLOAD_DEMUXERS as readonly string[]).includes(f)))
    throw new MediaError('not-media', `not an accepted container (${formatName || 'unknown format'})`);

  const audio = streams.filter((s) => s.codec_type === 'audio');
  // cover art (attached_pic) and still images are pictures, not a video track
  const video = streams.filter(
    (s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1 && s.disposition?.still_image !== 1,
  );
  const isImage = formatName.split(',').some((f) => IMAGE_FORMAT.test(f));
  if (audio.length === 0 && (isImage || video.length === 0)) {
    throw new MediaError('not-media', `not audio or video (${formatName || 'unknown format'})`);
  }
  if (audio.length === 0) throw new MediaError('no-audio', 'the file has no audio track');

  const durationSec =
    positive(format.duration) ??
    [...audio, ...video].reduce<number | null>((max, s) => {
      const d = positive(s.duration);
      return d !== null && (max === null || d > max) ? d : max;
    }, null);
  if (durationSec === null) throw new MediaError('no-duration', 'the media has no usable duration');

  const size = format.size !== undefined ? Number(format.size) : NaN;
  return {
    durationMs: Math.round(durationSec * 1000),
    formatName,
    hasAudio: true,
    hasVideo: video.length > 0,
    audioCodec: audio[0]?.codec_name ?? null,
    videoCodec: video[0]?.codec_name ?? null,
    sizeBytes: Number.isSafeInteger(size) && size >= 0 ? size : null,
    ...shownSize(video[0]),
  };
}
