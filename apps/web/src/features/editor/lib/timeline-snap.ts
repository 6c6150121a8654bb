/**
 * Issue 38: where a line dragged on the timeline lands. The pointer gives a raw time; an edge near
 * a shot change or at the minimum gap from a neighbour goes there (within a tolerance the timeline
 * gives in ms, a few pixels at its zoom), and no line is let over its neighbours: a drag stops at
 * them instead. Pure maths, so the timeline's drag and its tests share it.
 */

export interface TimedLine {
  id: number;
  startMs: number;
  endMs: number;
}

/** What a line may not cross while dragged: the end of the line before it, the start of the next. */
export interface Room {
  /** end of the line before (by time), or 0 */
  afterMs: number;
  /** start of the line after, or the media's end */
  beforeMs: number;
}

export interface SnapRules {
  /** shot changes, in order */
  shots: readonly number[];
  /** how near (ms) an edge must come to a target to snap to it; 0: no snapping */
  toleranceMs: number;
  /** the minimum gap between lines (2 frames) */
  minGapMs: number;
  /** the shortest a line may be made by a drag */
  minDurationMs: number;
}

/** The room around `line` among `lines`, which need not be in time order. */
export function roomOf(lines: readonly TimedLine[], line: TimedLine, endMs: number): Room {
  let afterMs = 0;
  let beforeMs = endMs;
  for (const other of lines) {
    if (other.id === line.id) continue;
    // a line starting before this one is before it (equal starts: the stored order decides)
    if (other.startMs < line.startMs || (other.startMs === line.startMs && other.id < line.id))
      afterMs = Math.max(afterMs, Math.min(other.endMs, line.startMs));
    else beforeMs = Math.min(beforeMs, Math.max(other.startMs, line.endMs));
  }
  return { afterMs, beforeMs };
}

/** The index of the first of `sorted` at or after `ms` (binary search). */
function firstAtOrAfter(sorted: readonly number[], ms: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The target nearest `ms` within the tolerance, or null. */
export function nearestTarget(ms: number, targets: readonly number[], toleranceMs: number): number | null {
  if (toleranceMs <= 0) return null;
  const i = firstAtOrAfter(targets, ms);
  let best: number | null = null;
  for (const t of [targets[i - 1], targets[i]]) {
    if (t === undefined || Math.abs(t - ms) > toleranceMs) continue;
    if (best === null || Math.abs(t - ms) < Math.abs(best - ms)) best = t;
  }
  return best;
}

/** The targets an edge snaps to: shot changes, and the minimum gap from each neighbour. */
function targetsOf(room: Room, rules: SnapRules): number[] {
  const gaps = [room.afterMs + rules.minGapMs, room.beforeMs - rules.minGapMs];
  return [...rules.shots, ...gaps].sort((a, b) => a - b);
}

/**
 * One edge moved to `rawMs`: snapped, then kept inside the room and at least minDurationMs from
 * the other edge.
 */
export function resizeEdge(
  line: TimedLine,
  side: 'start' | 'end',
  rawMs: number,
  room: Room,
  rules: SnapRules,
): TimedLine {
  const snapped = nearestTarget(rawMs, targetsOf(room, rules), rules.toleranceMs) ?? rawMs;
  const ms = Math.round(snapped);
  if (side === 'start') {
    const startMs = Math.min(Math.max(ms, room.afterMs), line.endMs - rules.minDurationMs);
    return { ...line, startMs: Math.max(0, startMs) };
  }
  const endMs = Math.max(Math.min(ms, room.beforeMs), line.startMs + rules.minDurationMs);
  return { ...line, endMs };
}

/**
 * The line moved whole so that it starts at `rawStartMs`: whichever edge comes nearer a target
 * snaps (the other follows), and the line stays inside the room.
 */
export function moveLine(line: TimedLine, rawStartMs: number, room: Room, rules: SnapRules): TimedLine {
  const duration = line.endMs - line.startMs;
  const targets = targetsOf(room, rules);
  let startMs = rawStartMs;
  const byStart = nearestTarget(rawStartMs, targets, rules.toleranceMs);
  const byEnd = nearestTarget(rawStartMs + duration, targets, rules.toleranceMs);
  const pullStart = byStart === null ? Infinity : Math.abs(byStart - rawStartMs);
  const pullEnd = byEnd === null ? Infinity : Math.abs(byEnd - (rawStartMs + duration));
  if (byStart !== null && pullStart <= pullEnd) startMs = byStart;
  else if (byEnd !== null) startMs = byEnd - duration;
  // a line longer than its room cannot move at all
  const lo = room.afterMs;
  const hi = Math.max(lo, room.beforeMs - duration);
  startMs = Math.round(Math.min(Math.max(startMs, lo), hi));
  if (room.beforeMs - room.afterMs < duration) startMs = line.startMs;
  return { ...line, startMs, endMs: startMs + duration };
}

/** The lines (of any order) that overlap the window [fromMs, toMs). */
export function linesIn<T extends TimedLine>(lines: readonly T[], fromMs: number, toMs: number): T[] {
  const out: T[] = [];
  for (const line of lines) if (line.endMs > fromMs && line.startMs < toMs) out.push(line);
  return out;
}

/** The shot changes inside [fromMs, toMs]. */
export function shotsIn(shots: readonly number[], fromMs: number, toMs: number): number[] {
  return shots.slice(firstAtOrAfter(shots, fromMs), firstAtOrAfter(shots, toMs + 1));
}

/**
 * A key set the line's start or end at the playhead: a start at or after the end moves the line
 * whole (its length kept); an end at or before the start is refused (null).
 */
export function edgeAt(line: TimedLine, side: 'start' | 'end', atMs: number): TimedLine | null {
  const at = Math.max(0, Math.round(atMs));
  if (side === 'start') {
    return at < line.endMs
      ? { ...line, startMs: at }
      : { ...line, startMs: at, endMs: at + (line.endMs - line.startMs) };
  }
  return at > line.startMs ? { ...line, endMs: at } : null;
}

/** An edge nudged by `deltaMs` (a frame), or null when the line would end before it starts. */
export function nudgeEdge(line: TimedLine, side: 'start' | 'end', deltaMs: number): TimedLine | null {
  const next =
    side === 'start'
      ? { ...line, startMs: Math.max(0, Math.round(line.startMs + deltaMs)) }
      : { ...line, endMs: Math.round(line.endMs + deltaMs) };
  return next.endMs > next.startMs ? next : null;
}
