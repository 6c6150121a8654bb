/**
 * The argv of every ffmpeg and ffprobe run. Uploads are hostile input: each run is built by
 * toolArgs, which always puts the guard (only the accepted demuxers, only the protocol the input
 * needs) in front of the input, so no run can leave it out.
 */

export type Tool = 'ffmpeg' | 'ffprobe';

/**
 * The demuxers of the containers uploads may be (the contract's video and audio extensions; ffmpeg
 * matches "mov" against its "mov,mp4,m4a,3gp,3g2,mj2"). A playlist (hls), a concat list, or any
 * other demuxer that opens further URLs, never runs on an upload: with S3 storage ffmpeg reads
 * an https URL, and a playlist disguised as .mp4 could make it reach any address over https.
 */
export const UPLOAD_DEMUXERS = [
  'mov',
  'matroska',
  'avi',
  'asf',
  'flv',
  'mpegts',
  'ogg',
  'mp3',
  'wav',
  'flac',
  'aac',
  'aiff',
  'au',
] as const;

/** Options that make ffmpeg write a canonical 44-byte WAV header (no LIST/INFO encoder tag). */
export const BITEXACT_WAV = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact'];

/** One run of ffmpeg or ffprobe on one input. */
export interface ToolArgs {
  /** a path or an http(s) URL */
  input: string;
  /** the demuxers the input may be opened with */
  formats: readonly string[];
  /** -v: 'error', or 'info' where stderr is read (silencedetect) */
  log?: 'error' | 'info';
  /** options in front of the input (-y, -f wav, …) */
  inputOptions?: readonly string[];
  /** ffmpeg: what follows the input, the output last; ffprobe: what to print */
  outputOptions: readonly string[];
}

/** Input options that keep ffmpeg/ffprobe to `formats` and to the one protocol `input` needs. */
function inputGuard(input: string, formats: readonly string[]): string[] {
  const scheme = /^(https?):\/\//i.exec(input)?.[1]?.toLowerCase();
  const protocols = scheme === 'https' ? 'https,tls,tcp' : scheme === 'http' ? 'http,tcp' : 'file';
  return ['-protocol_whitelist', protocols, '-format_whitelist', formats.join(',')];
}

/** The argv of `tool` for `a`: quiet, no stdin, the guard in front of the input. */
export function toolArgs(tool: Tool, a: ToolArgs): string[] {
  const guard = inputGuard(a.input, a.formats);
  const before = a.inputOptions ?? [];
  const log = ['-v', a.log ?? 'error'];
  if (tool === 'ffprobe') return [...log, '-hide_banner', ...before, ...guard, ...a.outputOptions, a.input];
  return [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    ...log,
    ...before,
    ...guard,
    '-i',
    a.input,
    ...a.outputOptions,
  ];
}
