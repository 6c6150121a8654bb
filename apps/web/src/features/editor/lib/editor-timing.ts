/**
 * Times in the editor (issue 35): lines moved by one map (a shift, a frame rate, a two-point sync),
 * the map's lines named by id; and what is wrong with a time typed into a line.
 */
import { invertTimeMap, retimeNamed, type TimeMap } from '@subtrans/subtitles/retime';
import type { RetimeOp } from '@subtrans/contract';
import type { EditSegment, Field, LineIndex, RetimeItem, Value } from './editor-types';

/** The lines moved by an item, or null when one would start before 0. */
export const retimeSegments = (segments: readonly EditSegment[], item: RetimeItem): EditSegment[] | null =>
  retimeNamed(segments, item.map, item.lines);

/** The item that undoes another (exact for a shift, within 1 ms for a change of speed). */
export const inverseRetime = (item: RetimeItem): RetimeItem => ({ ...item, map: invertTimeMap(item.map) });

export const retimeItem = (map: TimeMap, lines: RetimeItem['lines']): RetimeItem => ({
  op: 'retime',
  map,
  lines,
});

/** An item naming saved lines by their ids instead of their temporary ones. */
export function renameRetime(item: RetimeItem, names: ReadonlyMap<number, number>): RetimeItem {
  if (item.lines === 'all' || !item.lines.some((id) => names.has(id))) return item;
  return { ...item, lines: item.lines.map((id) => names.get(id) ?? id) };
}

/**
 * Lines as the server holds them, moved as the retimes this editor has not saved yet will move
 * them there (another tab's lines taken in while a shift waits to be saved).
 */
export function throughPending(lines: EditSegment[], pending: readonly RetimeItem[]): EditSegment[] {
  let out = lines;
  for (const item of pending) out = retimeSegments(out, item) ?? out;
  return out;
}

/** Whether a line is among those a pending retime moves. */
export function retimedByPending(id: number, pending: readonly RetimeItem[]): boolean {
  return pending.some((item) => item.lines === 'all' || item.lines.includes(id));
}

/**
 * The retimes of a save: lines made here and not saved yet are left out (they are sent whole with
 * their final times, after the maps); an item left without lines is not sent.
 */
export function retimesToSend(pending: readonly RetimeItem[]): RetimeOp[] {
  const out: RetimeOp[] = [];
  for (const { map, lines } of pending) {
    const saved = lines === 'all' ? 'all' : lines.filter((id) => id > 0);
    if (saved === 'all' || saved.length) out.push({ ...map, lines: saved });
  }
  return out;
}

/**
 * What is wrong with a new time for a line: `endAfterStart` (refused: negative, or not after its
 * start), `overlap` (allowed, with a warning: it overlaps a neighbour), `missing` (no such line);
 * null for a text, or a time that fits.
 */
export function timingProblem(
  state: { segments: readonly EditSegment[]; index: Pick<LineIndex, 'get'> },
  id: number,
  field: Field,
  value: Value,
): 'missing' | 'endAfterStart' | 'overlap' | null {
  if (field !== 'startMs' && field !== 'endMs') return null;
  const i = state.index.get(id);
  const seg = i === undefined ? undefined : state.segments[i];
  if (i === undefined || !seg) return 'missing';
  const start = field === 'startMs' ? Number(value) : seg.startMs;
  const end = field === 'endMs' ? Number(value) : seg.endMs;
  if (start < 0 || end <= start) return 'endAfterStart';
  const prev = state.segments[i - 1];
  const next = state.segments[i + 1];
  if ((prev && start < prev.endMs) || (next && end > next.startMs)) return 'overlap';
  return null;
}
