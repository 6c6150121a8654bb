import { z } from 'zod';

/**
 * Issue 38: a media task's waveform, computed once on the server and drawn by the timeline without
 * decoding the audio in the browser. The object is audiowaveform's documented binary format,
 * version 1 with 8-bit values (the one BBC's audiowaveform writes with `-b 8` and waveform-data
 * reads), so any tool of that family reads it too:
 *
 *   int32 version (1) · uint32 flags (1: 8-bit) · int32 sample rate · int32 samples per bin ·
 *   uint32 bins · then per bin int8 min, int8 max (little-endian throughout)
 *
 * At 100 bins a second a 2-hour film is 1.44 MB: the timeline zooms to a second across ~100 px
 * before it draws bins wider than a pixel.
 */

export const PEAKS_VERSION = 1;
export const PEAKS_FLAG_8BIT = 1;
export const PEAKS_HEADER_BYTES = 20;
/** bins a second the server makes */
export const PEAKS_BINS_PER_SECOND = 100;

export interface Peaks {
  /** samples a second of the audio the bins were made from */
  sampleRate: number;
  samplesPerBin: number;
  /** per bin, min then max, each -128…127 (the audio's -1…1) */
  data: Int8Array;
}

export const peaksBins = (p: Pick<Peaks, 'data'>) => p.data.length / 2;

/** Milliseconds of audio one bin covers. */
export const peaksBinMs = (p: Pick<Peaks, 'sampleRate' | 'samplesPerBin'>) =>
  (p.samplesPerBin / p.sampleRate) * 1000;

export function encodePeaks(p: Peaks): Uint8Array {
  if (p.data.length % 2 !== 0) throw new RangeError('peaks come in min/max pairs');
  const out = new Uint8Array(PEAKS_HEADER_BYTES + p.data.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, PEAKS_VERSION, true);
  view.setUint32(4, PEAKS_FLAG_8BIT, true);
  view.setInt32(8, p.sampleRate, true);
  view.setInt32(12, p.samplesPerBin, true);
  view.setUint32(16, p.data.length / 2, true);
  out.set(new Uint8Array(p.data.buffer, p.data.byteOffset, p.data.length), PEAKS_HEADER_BYTES);
  return out;
}

/** The peaks of an object, or an error that says what is wrong with it. */
export function decodePeaks(bytes: Uint8Array): Peaks {
  if (bytes.length < PEAKS_HEADER_BYTES) throw new RangeError('peaks: shorter than their header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const version = view.getInt32(0, true);
  if (version !== PEAKS_VERSION) throw new RangeError(`peaks: version ${version}, not ${PEAKS_VERSION}`);
  if (view.getUint32(4, true) !== PEAKS_FLAG_8BIT) throw new RangeError('peaks: only 8-bit values are read');
  const sampleRate = view.getInt32(8, true);
  const samplesPerBin = view.getInt32(12, true);
  if (!(sampleRate > 0 && samplesPerBin > 0)) throw new RangeError('peaks: no sample rate or bin size');
  const bins = view.getUint32(16, true);
  if (bytes.length !== PEAKS_HEADER_BYTES + bins * 2)
    throw new RangeError(`peaks: ${bins} bins announced, ${(bytes.length - PEAKS_HEADER_BYTES) / 2} present`);
  const data = new Int8Array(bytes.buffer, bytes.byteOffset + PEAKS_HEADER_BYTES, bins * 2);
  return { sampleRate, samplesPerBin, data };
}

/**
 * /file/overview (issue 38): what the editor's timeline draws beside the lines. `none`: nothing to
 * draw (a subtitle file, or audio/video whose execution has not started); `working`: the waveform
 * or shot changes are being computed (a video's shot changes after its execution; both in a job
 * the first call queues for media executed before they existed), `progress` 0–100; `ready`;
 * `failed`: they could not be made (the timeline shows the lines on a time ruler; a call an hour
 * later tries again). Poll while `working`.
 */
export const OVERVIEW_STATES = ['none', 'working', 'ready', 'failed'] as const;
export const overviewSchema = z.object({
  state: z.enum(OVERVIEW_STATES),
  progress: z.number().int().min(0).max(100),
  /** signed URL of the peaks (`decodePeaks`) whenever they exist (while a video's cuts are to come too) */
  peaksUrl: z.string().optional(),
  /** when ready: the video's shot changes in ms, in order; empty for audio */
  shotChangesMs: z.array(z.number().int().nonnegative()).optional(),
  /** the media's length, for a ruler without a waveform */
  durationMs: z.number().int().nonnegative().nullable(),
});
export type Overview = z.infer<typeof overviewSchema>;

/**
 * /file/attach_media (issue 38): a subtitle-file task given its video or audio afterwards (an
 * object uploaded as media are, completed and not used yet), for the player, the waveform and the
 * shot changes; nothing is transcribed and nothing is charged. Media given again replace the
 * earlier ones. Answers the overview, `working` while its job makes them.
 */
export const attachMediaBody = z.object({
  taskId: z.uuid(),
  objectKey: z.string().min(1).max(300),
});
export type AttachMediaBody = z.infer<typeof attachMediaBody>;
