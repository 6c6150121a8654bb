import type { Queryable } from '../../db/client.js';

/** the formats whose files a task keeps whole (issue 37) */
export type DocumentFormat = 'ass' | 'ssa';

export interface TaskDocument {
  format: DocumentFormat;
  body: string;
}

/** Keeps the file a task was made from (in the task's creating transaction). */
export async function insertDocument(q: Queryable, taskId: string, doc: TaskDocument): Promise<void> {
  await q.query(`INSERT INTO task_documents (task_id, format, body) VALUES ($1, $2, $3)`, [
    taskId,
    doc.format,
    doc.body,
  ]);
}

/** The file the task was made from, when it keeps one. */
export async function documentOf(q: Queryable, taskId: string): Promise<TaskDocument | null> {
  const rows = await q.query<TaskDocument>(`SELECT format, body FROM task_documents WHERE task_id = $1`, [
    taskId,
  ]);
  return rows[0] ?? null;
}
