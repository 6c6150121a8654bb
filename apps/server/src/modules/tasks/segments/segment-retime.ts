import type { RetimeOp } from '@subtrans/contract';
import { retimeLines, retimeNamed, type TimeMap } from '@subtrans/subtitles/retime';
import type { Queryable } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { applySegmentUpdates, segmentRows, segmentsAt, type SegmentRow } from './segments.repository.js';

/**
 * Lines moved in time by straight-line maps (issue 35: shift, frame rate, two-point sync), before
 * an edit's own changes: the editor sends the map and which lines, not 10,000 values, and computes
 * the same times with the same function (@subtrans/subtitles/retime).
 */

/** The ids a retime touches, or null for every line of the task. */
export function retimeIds(ops: readonly RetimeOp[]): number[] | null {
  if (ops.some((op) => op.lines === 'all')) return null;
  return [...new Set(ops.flatMap((op) => op.lines as number[]))];
}

interface Times {
  id: number;
  startMs: number;
  endMs: number;
}

/**
 * Applies the maps in order to the lines they name (ids no longer in the task are skipped: the
 * check before refused those deleted by another tab's edit), marking the lines moved at `version`.
 * A map that would start a line before 0 refuses the whole edit. Answers the lines whose times
 * changed, as stored now, and which of them changed length (their flags depend on it).
 */
export async function applyRetimes(
  q: Queryable,
  taskId: string,
  version: number,
  ops: readonly RetimeOp[],
): Promise<{ rows: SegmentRow[]; resized: Set<number> }> {
  if (!ops.length) return { rows: [], resized: new Set() };
  const ids = retimeIds(ops);
  const rows = ids === null ? await segmentRows(q, taskId) : await segmentsAt(q, taskId, ids);
  let lines: Times[] = rows.map((r) => ({ id: r.id, startMs: Number(r.start_ms), endMs: Number(r.end_ms) }));
  for (const op of ops) {
    const map: TimeMap = { origin: op.origin, factor: op.factor, to: op.to };
    const moved = retimeNamed(lines, map, op.lines);
    if (!moved) {
      const first = lines.find(
        (l) => (op.lines === 'all' || op.lines.includes(l.id)) && retimeLines([l], map) === null,
      );
      throw new AppError('RETIME_BEFORE_ZERO', undefined, { line: first?.id ?? 0 });
    }
    lines = moved;
  }
  const changed: SegmentRow[] = [];
  const resized = new Set<number>();
  lines.forEach((l, i) => {
    const row = rows[i]!;
    const [start, end] = [Number(row.start_ms), Number(row.end_ms)];
    if (l.startMs === start && l.endMs === end) return;
    if (l.endMs - l.startMs !== end - start) resized.add(l.id);
    changed.push({ ...row, start_ms: l.startMs, end_ms: l.endMs });
  });
  await applySegmentUpdates(
    q,
    taskId,
    version,
    changed.map((r) => ({ id: r.id, startMs: r.start_ms, endMs: r.end_ms })),
  );
  return { rows: changed, resized };
}
