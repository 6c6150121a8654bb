/**
 * ffprobe and ffmpeg on uploads: probing what a file is, extracting its first audio track as
 * 16 kHz mono PCM WAV, and cutting that into chunks a speech engine takes; the waveform's peaks
 * and the video's shot changes the timeline draws (issue 38). Every run's argv is
 * built by toolArgs (args.ts), which guards the input.
 */
export { UPLOAD_DEMUXERS } from './args.js';
export { MediaError, type MediaErrorReason, type MediaToolOptions } from './process.js';
export { probeMedia, type MediaInfo } from './probe.js';
export { extractAudio, WAV_BYTES_PER_SECOND } from './extract.js';
export { peaksOfWav } from './peaks.js';
export { detectShotChanges, SHOT_THRESHOLD } from './shots.js';
export {
  chunksAtSilences,
  cutChunk,
  detectSilences,
  planChunks,
  type Chunk,
  type Silence,
} from './chunks.js';
export {
  burnOutputOptions,
  burnSubtitles,
  grabFrame,
  outputCanvas,
  SCRIPT_NAME,
  type Canvas,
} from './burn.js';
