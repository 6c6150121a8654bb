import type { Queryable } from '../../../db/client.js';

/** The glossaries a task was given at upload, in the user's order of priority. */
export async function taskGlossaryIds(q: Queryable, taskId: string): Promise<string[]> {
  const [row] = await q.query<{ glossary_ids: string[] | null }>(
    `SELECT glossary_ids FROM tasks WHERE id = $1`,
    [taskId],
  );
  return row?.glossary_ids ?? [];
}
