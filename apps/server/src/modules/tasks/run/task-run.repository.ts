import type { Queryable } from '../../../db/client.js';
import { TASK_COLUMNS, type TaskRow } from '../tasks.repository.js';

/**
 * A run of the task begins (a job's first run, or one that resumes it after a stop, a crash or
 * the review of its names and terms): tasks.attempts counts it. Answers the task as it now is,
 * or undefined when it is not `status` (ended, deleted).
 */
export async function countRun(
  q: Queryable,
  taskId: string,
  status: 'translating' | 'processing',
): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks SET attempts = attempts + 1, updated_at = now()
      WHERE id = $1 AND status = $2 AND deleted_at IS NULL RETURNING ${TASK_COLUMNS}`,
    [taskId, status],
  );
  return rows[0];
}

/**
 * What the terms pass answered, as it arrives (issue 41): the lines `asked` are marked asked (no
 * run of this start asks them again), and those `replaced` take their new text and flags, in one
 * statement, only while the task runs. Answers false when the task was deleted or ended.
 */
export async function saveTermsAnswers(
  q: Queryable,
  taskId: string,
  asked: number[],
  replaced: { ids: number[]; texts: string[]; flags: string[][] },
): Promise<boolean> {
  const texts = new Map(replaced.ids.map((p, k) => [p, k]));
  const isAsked = new Set(asked);
  const ids = [...new Set([...asked, ...replaced.ids])];
  if (!ids.length) return true;
  const at = (p: number) => texts.get(p);
  // flags travel as one comma-joined text per line, as in saveTranslatedLines
  const rows = await q.query(
    `WITH t AS (
       UPDATE tasks SET updated_at = now() WHERE id = $1 AND status = 'translating' AND deleted_at IS NULL
       RETURNING id)
     UPDATE task_segments s
        SET terms_asked = s.terms_asked OR v.asked,
            translated_text = COALESCE(v.text, s.translated_text),
            review_flags = CASE WHEN v.text IS NULL THEN s.review_flags ELSE string_to_array(v.flags, ',') END
       FROM t, unnest($2::int[], $3::boolean[], $4::text[], $5::text[]) AS v(id, asked, text, flags)
      WHERE s.task_id = t.id AND s.id = v.id
      RETURNING 1`,
    [
      taskId,
      ids,
      ids.map((p) => isAsked.has(p)),
      ids.map((p) => (at(p) === undefined ? null : replaced.texts[at(p)!]!)),
      ids.map((p) => (at(p) === undefined ? null : replaced.flags[at(p)!]!.join(','))),
    ],
  );
  return rows.length > 0;
}

/**
 * Whether the lines hold these texts: a save whose connection broke (DbConnectionLost) may have
 * committed or not, and only reading tells which (a read is sent again on a fresh connection).
 */
export async function linesHold(
  q: Queryable,
  taskId: string,
  ids: number[],
  texts: string[],
): Promise<boolean> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM task_segments s
       JOIN unnest($2::int[], $3::text[]) AS v(id, text) ON s.id = v.id
      WHERE s.task_id = $1 AND s.translated_text = v.text`,
    [taskId, ids, texts],
  );
  return (row?.n ?? 0) === ids.length;
}
