import type { Task } from '@subtrans/contract';

/** Files as a person orders episodes: "ep2" before "ep10" (the server orders a batch so too). */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
export const byFileName = (a: string, b: string) => collator.compare(a, b);

/** Files in name order, episodes by their numbers. */
export const sortFiles = <F extends { name: string }>(files: readonly F[]): F[] =>
  [...files].sort((a, b) => byFileName(a.name, b.name));

/**
 * Issue 39: a batch as the task list shows it, one row that opens to its tasks. Built from the
 * tasks the list holds: a batch whose tasks fall on two pages shows on each page with the tasks
 * of that page (its counts too).
 */
export interface BatchGroup {
  rowType: 'batch';
  id: string;
  /** as the server names it by default: the first file's name and how many more */
  name: string;
  files: number;
  /** each file's (detected where the batch said 'auto') */
  sourceLanguages: string[];
  targetLanguages: string[];
  translationService: string;
  submitTime: string;
  estimatedPoints: number;
  counts: { total: number; completed: number; failed: number; running: number };
  /** how far the batch is, its finished tasks whole */
  percent: number;
  /** file by file, language by language: the rows it opens to */
  children: Task[];
}

export type ListRow = Task | BatchGroup;

export const isBatchRow = (row: ListRow): row is BatchGroup => 'rowType' in row;

/** The batch's default name: "Show - ep1.srt (+2)" */
export function batchName(fileNames: readonly string[]): string {
  const names = [...new Set(fileNames)].sort(byFileName);
  return names.length > 1 ? `${names[0]} (+${names.length - 1})` : (names[0] ?? '');
}

function groupOf(id: string, tasks: Task[]): BatchGroup {
  const targets = [...new Set(tasks.map((t) => t.targetLanguage))].sort();
  const children = [...tasks].sort(
    (a, b) =>
      byFileName(a.fileName, b.fileName) ||
      targets.indexOf(a.targetLanguage) - targets.indexOf(b.targetLanguage),
  );
  const count = (...statuses: Task['status'][]) => tasks.filter((t) => statuses.includes(t.status)).length;
  const completed = count('completed');
  const failed = count('failed');
  const progress = tasks.reduce(
    (sum, t) => sum + (t.status === 'completed' || t.status === 'failed' ? 100 : t.translationProgress),
    0,
  );
  return {
    rowType: 'batch',
    id,
    name: batchName(tasks.map((t) => t.fileName)),
    files: new Set(tasks.map((t) => t.fileName)).size,
    sourceLanguages: [...new Set(children.map((t) => t.originalLanguage))],
    targetLanguages: targets,
    translationService: children[0]!.translationService,
    submitTime: tasks.map((t) => t.submitTime).sort()[0]!,
    estimatedPoints: tasks.reduce((sum, t) => sum + t.estimatedPoints, 0),
    counts: { total: tasks.length, completed, failed, running: tasks.length - completed - failed },
    percent: Math.floor(progress / tasks.length),
    children,
  };
}

/**
 * The list's rows: a task on its own as it is, the tasks of a batch as one row where its first
 * task is (the list is newest first).
 */
export function groupBatches(tasks: readonly Task[]): ListRow[] {
  const batches = new Map<string, Task[]>();
  for (const task of tasks) {
    if (task.batchId) batches.set(task.batchId, [...(batches.get(task.batchId) ?? []), task]);
  }
  const rows: ListRow[] = [];
  const placed = new Set<string>();
  for (const task of tasks) {
    if (!task.batchId) rows.push(task);
    else if (!placed.has(task.batchId)) {
      placed.add(task.batchId);
      rows.push(groupOf(task.batchId, batches.get(task.batchId)!));
    }
  }
  return rows;
}
