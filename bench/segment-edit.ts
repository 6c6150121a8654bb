/**
 * Issue 35: saving a split or a merge in a 10,000-line task against saving one text edit, through
 * /task/update_segments on each database. A split writes the changed line, the new line and the
 * task (O(1) rows), a merge the kept line and the deletion: each should cost about what a text
 * edit does, not what the task's size does.
 */
import type { SavedSegments, Task } from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles';
import { startTestApp, type TestApp } from '../apps/server/test/harness.js';
import { grantPoints, uploadSrt } from '../apps/server/test/support/tasks.js';
import type { Figure } from './ledger.js';

const CUES = 10_000;
const ROUNDS = Number(process.env.BENCH_EDIT_ROUNDS ?? 150);
const LINE = 9000;

function longSrt(): string {
  return Array.from({ length: CUES }, (_, k) => {
    const start = k * 3000;
    return `${k + 1}\r\n${formatSrtTime(start)} --> ${formatSrtTime(start + 2800)}\r\nLine ${k + 1} of a long film.\r\n`;
  }).join('\r\n');
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function timed(t: TestApp, token: string, body: Record<string, unknown>) {
  const started = performance.now();
  const res = await t.post('/task/update_segments', body, { as: token });
  const ms = performance.now() - started;
  const answer = res.json<{ code: number; data: SavedSegments; msg: string }>();
  if (answer.code !== 20000) throw new Error(`save refused: ${answer.msg}`);
  return { ms, data: answer.data };
}

async function runOn(database: 'pglite' | 'postgres') {
  if (database === 'postgres') process.env.TEST_DB = 'postgres';
  else delete process.env.TEST_DB;
  const t = await startTestApp({});
  try {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100_000);
    const task = (await uploadSrt(t, u.token, { name: 'long.srt', data: longSrt() })).json<{ data: Task }>()
      .data;
    // as translated: the edit path is what is measured, not a translation
    await t.ctx.db.query(`UPDATE task_segments SET translated_text = 'Ligne ' || id WHERE task_id = $1`, [
      task.id,
    ]);
    await t.ctx.db.query(`UPDATE tasks SET status = 'completed', progress = 100 WHERE id = $1`, [task.id]);
    let version = 0;
    const edits: number[] = [];
    const structure: number[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      // a text edit of one line
      const text = await timed(t, u.token, {
        taskId: task.id,
        baseVersion: version,
        segments: [{ id: LINE, translatedText: `Ligne ${LINE} (${r})` }],
      });
      edits.push(text.ms);
      version = text.data.version;
      // a split of the line after it, then the merge that undoes it
      const start = (LINE + 1 - 1) * 3000;
      const split = await timed(t, u.token, {
        taskId: task.id,
        baseVersion: version,
        segments: [{ id: LINE + 1, endTime: formatSrtTime(start + 1400), originalText: 'Line' }],
        insert: [
          {
            key: -1,
            after: LINE + 1,
            startTime: formatSrtTime(start + 1400),
            endTime: formatSrtTime(start + 2800),
            originalText: 'of a long film.',
          },
        ],
      });
      version = split.data.version;
      const merge = await timed(t, u.token, {
        taskId: task.id,
        baseVersion: version,
        segments: [
          { id: LINE + 1, endTime: formatSrtTime(start + 2800), originalText: 'Line of a long film.' },
        ],
        remove: [split.data.created[0]!.id],
      });
      version = merge.data.version;
      structure.push(split.ms, merge.ms);
    }
    // the first rounds warm the statements and the JIT: the median of the rest
    return { edit: median(edits.slice(10)), structure: median(structure.slice(20)) };
  } finally {
    await t.close();
  }
}

export async function benchSegmentEdits(databaseUrl: string | null): Promise<Figure[]> {
  const figures: Figure[] = [];
  const targets: ('pglite' | 'postgres')[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
  for (const db of targets) {
    if (db === 'postgres') process.env.DATABASE_URL = databaseUrl!;
    const { edit, structure } = await runOn(db);
    figures.push({
      name: `save of a split or a merge at line ${LINE} of a ${CUES.toLocaleString('en')}-line task, ${db} (median)`,
      value: Math.round(structure * 100) / 100,
      unit: 'ms',
      baseline: 'one text edit, same task and run',
      baselineValue: Math.round(edit * 100) / 100,
      ratio: Math.round((structure / edit) * 100) / 100,
      goal: '≤ 2×',
    });
  }
  return figures;
}
