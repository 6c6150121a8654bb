import {
  INPUT_RULES,
  LIMITS,
  type SavedSegments,
  type SegmentPatch,
  type UpdateSegmentsBody,
  type VersionConflict,
} from '@subtrans/contract';
import { charCount, parseTimestamp } from '@subtrans/subtitles';
import type { AppContext } from '../../../context.js';
import type { Queryable } from '../../../db/client.js';
import { AppError, invalidField } from '../../../http/errors.js';
import { bumpVersion, findOwnTask, type TaskRow, type TaskStructure } from '../tasks.repository.js';
import {
  applySegmentUpdates,
  badTimings,
  existingIds,
  insertSegment,
  linesChangedBetween,
  noteStructure,
  removeSegments,
  saveReviewFlags,
  segmentsAt,
  type NewSegmentRow,
  type SegmentUpdate,
} from './segments.repository.js';
import { flagsOf, lineRulesOf } from './line-quality.js';
import { applyRetimes, retimeIds } from './segment-retime.js';
import { isPartial, paidFor } from '../parts/task-part.js';
import { refusal } from './segments.service.js';

type Edit = Required<Omit<UpdateSegmentsBody, 'insert'>> & {
  insert: (Omit<NonNullable<UpdateSegmentsBody['insert']>[number], 'translatedText'> & {
    translatedText: string;
  })[];
};

/**
 * The text caps of an edit: the original at most 500 characters (what a task may hold); the
 * translation at most 1,000, since an honest translation of 500 characters can be longer.
 */
function checkTextCaps(p: Pick<SegmentPatch, 'originalText' | 'translatedText'>, line: number): void {
  if (p.originalText !== undefined && charCount(p.originalText) > LIMITS.originalTextMax)
    throw new AppError('SEGMENT_ORIGINAL_TOO_LONG', undefined, { line, max: LIMITS.originalTextMax });
  if (p.translatedText !== undefined && charCount(p.translatedText) > LIMITS.translatedTextMax)
    throw new AppError('SEGMENT_TRANSLATION_TOO_LONG', undefined, { line, max: LIMITS.translatedTextMax });
}

const timeAt = (v: string | undefined, path: (string | number)[]) => {
  if (v === undefined) return undefined;
  const ms = parseTimestamp(v);
  if (ms === null) throw invalidField(path, { kind: 'rule', rule: INPUT_RULES.srtTime });
  return ms;
};

function toUpdate(p: SegmentPatch, index: number): SegmentUpdate {
  return {
    id: p.id,
    originalText: p.originalText,
    translatedText: p.translatedText,
    startMs: timeAt(p.startTime, ['segments', index, 'startTime']),
    endMs: timeAt(p.endTime, ['segments', index, 'endTime']),
  };
}

/**
 * Refuses an edit (version `version`, under the task's lock) of lines that another save changed
 * after `baseVersion`, the version the client saw them at, or deleted.
 */
async function refuseChangedElsewhere(
  q: Queryable,
  taskId: string,
  edit: Edit,
  version: number,
  structure: TaskStructure,
): Promise<void> {
  const ids = [...new Set([...edit.segments.map((p) => p.id), ...edit.remove])];
  const moved = retimeIds(edit.retime);
  // a retime of every line also moves lines another tab added since: the editor must see them first
  const reload = structure.structure_version > edit.baseVersion;
  const lines =
    moved === null && reload
      ? await linesChangedBetween(q, taskId, edit.baseVersion, version)
      : await linesChangedBetween(q, taskId, edit.baseVersion, version, moved && [...ids, ...moved]);
  if (lines.length || (moved === null && reload))
    throw new AppError('TASK_VERSION_CONFLICT', undefined, {
      version: version - 1,
      baseVersion: edit.baseVersion,
      line: lines[0]?.[0] ?? 0,
      lines,
      reload,
    } satisfies VersionConflict);
  const anchors = edit.insert.flatMap((l) => (l.after !== null && l.after > 0 ? [l.after] : []));
  const named = [...ids, ...(moved ?? []), ...anchors];
  const present = await existingIds(q, taskId, named);
  // a line only deleted here and gone already is what the deletion asks for (a save sent again, an
  // undo and redo of a deletion saved meanwhile): no refusal, or the editor would send it forever
  const removedOnly = new Set(edit.remove.filter((id) => !edit.segments.some((p) => p.id === id)));
  const settled = (id: number) => removedOnly.has(id) && id <= structure.last_segment_id;
  // an id given once and gone now was deleted by another edit; one never given names no line
  const gone = named.find((id) => !present.has(id) && !settled(id));
  if (gone === undefined) return;
  if (gone <= structure.last_segment_id)
    throw new AppError('SEGMENT_REMOVED_ELSEWHERE', undefined, { line: gone, version: version - 1 });
  if (anchors.includes(gone)) throw new AppError('STRUCTURE_BAD_ANCHOR', undefined, { line: gone });
  throw new AppError('SEGMENT_NOT_FOUND');
}

/**
 * The lines an edit adds and deletes (issue 35): refused on a task translated in part (its parts
 * count lines by their place) and past the task's line cap; new lines take the next ids, each
 * placed after the line (or the new line) it names. Answers the new lines' keys and ids.
 */
async function restructure(
  q: Queryable,
  task: TaskRow,
  edit: Edit,
  version: number,
  structure: TaskStructure,
): Promise<{ key: number; id: number }[]> {
  if (!edit.insert.length && !edit.remove.length) return [];
  if (isPartial(task)) throw new AppError('STRUCTURE_WHILE_PARTIAL');
  const remove = [...new Set(edit.remove)];
  const count = structure.segment_count + edit.insert.length - remove.length;
  if (count > LIMITS.maxCues)
    throw new AppError('TASK_TOO_MANY_LINES', undefined, { count, max: LIMITS.maxCues });
  const lines: (NewSegmentRow & { key: number })[] = [];
  const first = structure.last_segment_id + 1;
  const idOfKey = new Map<number, number>();
  edit.insert.forEach((l, i) => {
    checkTextCaps(l, i + 1);
    const startMs = timeAt(l.startTime, ['insert', i, 'startTime'])!;
    const endMs = timeAt(l.endTime, ['insert', i, 'endTime'])!;
    if (startMs < 0 || endMs <= startMs)
      throw invalidField(['insert', i], { kind: 'rule', rule: INPUT_RULES.timeOrder });
    if (idOfKey.has(l.key))
      throw invalidField(['insert', i, 'key'], { kind: 'rule', rule: INPUT_RULES.uniqueKey });
    // a key names a line added before it in this edit; a line deleted by this edit cannot be followed
    const afterId = l.after === null || l.after > 0 ? l.after : idOfKey.get(l.after);
    if (afterId === undefined || (afterId !== null && remove.includes(afterId)))
      throw new AppError('STRUCTURE_BAD_ANCHOR', undefined, { line: l.after });
    idOfKey.set(l.key, first + i);
    lines.push({ ...l, key: l.key, id: first + i, afterId, startMs, endMs });
  });
  // the lines deleted now (one deleted before is not counted twice)
  const removed = await removeSegments(q, task.id, remove);
  for (const line of lines) await insertSegment(q, task.id, version, line);
  await noteStructure(q, task.id, version, lines.length, removed);
  return lines.map((l) => ({ key: l.key, id: l.id }));
}

/**
 * /task/update_segments: the editor's changes, saved only when no line they touch changed after
 * the client's version (issue 35: another tab's save of other lines is no conflict; of one of
 * these → TASK_VERSION_CONFLICT with those lines as they are now; a line another tab deleted →
 * SEGMENT_REMOVED_ELSEWHERE). Lines may be added and deleted in the same call (a split, a merge).
 * A line whose times the edit changes must stay non-negative and end after it starts; a text-only
 * edit of a zero-length cue (accepted at upload) is saved as it is. Nothing is saved otherwise.
 * The user's text is never laid out again; the changed lines' review flags are computed again,
 * so they always describe the line as stored (a line whose translation the user edited is theirs:
 * no longer a kept original), and answered with the version, the lines other tabs changed since
 * the client's version, and whether other tabs added or deleted lines since (reload).
 */
export async function updateSegments(ctx: AppContext, userId: number, input: Edit): Promise<SavedSegments> {
  input.segments.forEach((p) => checkTextCaps(p, p.id));
  const updates = input.segments.map((p, i) => toUpdate(p, i));
  const ids = [...new Set(updates.map((u) => u.id))];
  const retimed = updates.filter((u) => u.startMs !== undefined || u.endMs !== undefined).map((u) => u.id);
  return ctx.db.tx(async (q) => {
    // the task's row is locked from here: saves of one task take their versions one at a time
    const structure = await bumpVersion(q, userId, input.taskId);
    if (structure === undefined) throw refusal(await findOwnTask(q, userId, input.taskId));
    const { version } = structure;
    await refuseChangedElsewhere(q, input.taskId, input, version, structure);
    const task = (await findOwnTask(q, userId, input.taskId))!;
    // issue 34: lines after the part paid for get their translation from the next part, not here
    // (a task translated in part is never restructured: its lines' ids are their positions)
    const unpaid = updates.find((u) => u.translatedText !== undefined && !paidFor(task, u.id));
    if (unpaid) throw new AppError('LINE_NOT_TRANSLATED_YET', undefined, { line: unpaid.id });
    if (updates.some((u) => input.remove.includes(u.id))) throw new AppError('SEGMENT_NOT_FOUND');
    const moved = await applyRetimes(q, input.taskId, version, input.retime);
    await applySegmentUpdates(q, input.taskId, version, updates);
    const created = await restructure(q, task, input, version, structure);
    const bad = retimed.length ? await badTimings(q, input.taskId, retimed) : [];
    if (bad.length) {
      const index = input.segments.findIndex((s) => s.id === bad[0]);
      throw invalidField(['segments', index], { kind: 'rule', rule: INPUT_RULES.timeOrder });
    }
    const rules = await lineRulesOf(q, task);
    const retranslated = new Set(updates.filter((u) => u.translatedText !== undefined).map((u) => u.id));
    const changed = await segmentsAt(q, input.taskId, [...ids, ...created.map((c) => c.id)]);
    const flagged = changed.map((s) => {
      const kept = !retranslated.has(s.id) && s.review_flags.includes('kept-original');
      return { id: s.id, flags: flagsOf(s, s.translated_text ?? '', rules, kept) };
    });
    // lines a retime made longer or shorter: flagged again, answered only where the verdict moved
    const edited = new Set(changed.map((s) => s.id));
    for (const s of moved.rows) {
      if (edited.has(s.id) || !moved.resized.has(s.id)) continue;
      const flags = flagsOf(s, s.translated_text ?? '', rules, s.review_flags.includes('kept-original'));
      if (flags.join(',') !== s.review_flags.join(',')) flagged.push({ id: s.id, flags });
    }
    await saveReviewFlags(q, input.taskId, flagged);
    return {
      version,
      segments: flagged,
      changed: await linesChangedBetween(q, input.taskId, input.baseVersion, version),
      created,
      reload: structure.structure_version > input.baseVersion,
    };
  });
}
