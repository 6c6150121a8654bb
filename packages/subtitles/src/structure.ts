/**
 * Structure edits of the editor (issue 35): split, merge, insert, shift, frame rate, two-point sync
 * and fix timing, as pure functions over a task's lines. The web imports this subpath alone; the
 * timing functions need no segmenter, the text ones bring the line breaker (BudouX) with them.
 */
export {
  roundHalfAway,
  type NewLine,
  type StructureLine,
  type Timed,
  type TimedLine,
} from './structure/line.js';
export {
  FRAME_RATES,
  INSERT_DURATION_MS,
  changeFrameRate,
  exactFps,
  framesToMs,
  insertLine,
  msToFrames,
  pointSync,
  shiftByFrames,
  shiftLines,
  type FrameRate,
  type InsertOptions,
  type LinePicker,
  type SyncPoint,
} from './structure/timing.js';
export {
  MAX_TIME_FACTOR,
  frameRateMap,
  invertTimeMap,
  isTimeMap,
  mapTime,
  retimeLines,
  retimeNamed,
  shiftMap,
  syncMap,
  type TimeMap,
} from './structure/retime.js';
export {
  MIN_GAP_FRAMES,
  fixTiming,
  type FixTimingOptions,
  type FixTimingResult,
  type TimingChange,
  type TimingChangeKind,
} from './structure/fix-timing.js';
export { splitLine, type SplitAt, type SplitOptions, type SplitResult } from './structure/split.js';
export { mergeLines, mergeTexts, type MergeOptions } from './structure/merge.js';
