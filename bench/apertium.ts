/**
 * A 1,500-cue English film translated into Spanish with the `apertium` engine through the whole
 * task pipeline (/task/create, /task/start, the queue, the engine, saving each batch, completion),
 * against `apertium -u -f txt eng-spa` run on the same cue texts as one text, in the same run.
 * Needs `apertium` and `apertium-eng-spa`. Each side is run BENCH_APERTIUM_RUNS times (default 3)
 * and the medians are compared; the first task also pays for starting the pair's pipeline.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatSrtTime, parseSrt } from '@subtrans/subtitles';
import type { Task, TaskWithSegments } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../apps/server/test/harness.js';
import { grantPoints, uploadSrt } from '../apps/server/test/support/tasks.js';
import type { Figure } from './ledger.js';
import { benchApertiumEngine } from './apertium-engine.js';

const CUES = 1500;
const RUNS = Number(process.env.BENCH_APERTIUM_RUNS ?? 3);

/** Film dialogue: short lines, questions, names, two-speaker cues, italics, sentences across cues. */
const SAY = [
  'Where are you going?',
  "I don't know what you're talking about.",
  'The car is parked outside the house.',
  'We have to leave before the sun goes down.',
  'She said she would call me tomorrow morning.',
  'Can you help me with this box?',
  'I think we should go back to the city.',
  'Nobody knows where he is.',
  "It's been a long time since we last met.",
  'Thank you very much for everything.',
  'Get out of here!',
  'My father used to work in that factory.',
  "Why didn't you tell me the truth?",
  'The police are looking for the stolen money.',
  "Let's have dinner at the new restaurant.",
  "I'm sorry, I can't stay any longer.",
  'Do you remember the first time we met?',
  'He is the best doctor in town.',
  'What time does the train leave?',
  'We need more water and food.',
  'Listen to me carefully.',
  'The children are playing in the garden.',
  "Don't worry, everything will be fine.",
  'I have been waiting for you all night.',
  'How much does it cost?',
  'Close the door, please.',
  'They found the body near the river.',
  'Are you sure about this?',
  'I love you.',
  'Come on, we are late!',
];
const OPEN = [
  'If you want to find the answer',
  'When we arrived at the station',
  'I told him that',
  'After the war ended',
  'Before you say anything',
];

function filmSrt(): string {
  let seed = 7;
  const pick = <T>(list: T[]) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return list[seed % list.length]!;
  };
  const texts: string[] = [];
  while (texts.length < CUES) {
    const k = texts.length;
    if (k % 11 === 5 && texts.length + 1 < CUES) {
      // one sentence across two cues
      texts.push(`${pick(OPEN)},`, pick(SAY).toLowerCase());
    } else if (k % 7 === 3) texts.push(`- ${pick(SAY)}\n- ${pick(SAY)}`);
    else if (k % 5 === 2) texts.push(`${pick(SAY)}\n${pick(SAY)}`);
    else if (k % 13 === 4) texts.push(`<i>${pick(SAY)}</i>`);
    else texts.push(pick(SAY));
  }
  return texts
    .map((text, k) => {
      const start = k * 3000;
      return `${k + 1}\r\n${formatSrtTime(start)} --> ${formatSrtTime(start + 2500)}\r\n${text}\r\n`;
    })
    .join('\r\n');
}

/**
 * CPU time, which the machine's other load does not inflate the way it does wall time: a
 * process's own (utime, stime) and its waited-for children's (cutime, cstime), in ms.
 */
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
function cpuOf(pid: number | 'self'): { own: number; children: number; pgrp: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    return {
      own: (f[11]! + f[12]!) * TICK_MS,
      children: (f[13]! + f[14]!) * TICK_MS,
      pgrp: f[2]!,
      ppid: f[1]!,
    };
  } catch {
    return null;
  }
}
/** The Apertium pipelines the server runs: process groups led by a child of this process. */
function pipelinesCpu(): number {
  let sum = 0;
  for (const d of readdirSync('/proc')) {
    const p = /^\d+$/.test(d) ? cpuOf(Number(d)) : null;
    if (p && cpuOf(p.pgrp)?.ppid === process.pid) sum += p.own;
  }
  return sum;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `apertium -u -f txt eng-spa file`: wall time, and CPU time of all its programs, in ms. */
function apertiumOnce(file: string): Promise<{ ms: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const cpu = cpuOf('self')!.children;
    const child = spawn('apertium', ['-u', '-f', 'txt', 'eng-spa', file], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ ms: performance.now() - started, cpu: cpuOf('self')!.children - cpu })
        : reject(new Error(`apertium exited with ${code}`)),
    );
  });
}

/**
 * One task from /task/start to completion, by the server's own timestamps; its CPU time is the
 * server's (this process), the Apertium pipeline's and that of any program it ran meanwhile.
 */
async function taskOnce(
  t: TestApp,
  token: string,
  srt: string,
): Promise<{ ms: number; cpu: number; ok: boolean }> {
  const created = (
    await uploadSrt(
      t,
      token,
      { name: 'film.srt', data: srt },
      { originalLanguage: 'en', targetLanguage: 'es', translationService: 'apertium' },
    )
  ).json<{ data: Task }>().data;
  const cpu = process.cpuUsage();
  const pipelines = pipelinesCpu();
  const reaped = cpuOf('self')!.children;
  const started = await t.post('/task/start', { id: created.id }, { as: token });
  if (started.json<{ code: number }>().code !== 20000) throw new Error(`start failed: ${started.body}`);
  for (;;) {
    const [row] = await t.ctx.db.query<{ status: string; job_id: string; finished_at: Date }>(
      `SELECT status, job_id, finished_at FROM tasks WHERE id = $1`,
      [created.id],
    );
    if (row?.status === 'completed' || row?.status === 'failed') {
      const server = process.cpuUsage(cpu);
      // programs run per call and gone (an `apertium` process per batch) count as reaped children
      const used =
        (server.user + server.system) / 1000 + pipelinesCpu() - pipelines + cpuOf('self')!.children - reaped;
      const task = (await t.post('/task/get', { id: created.id }, { as: token })).json<{
        data: TaskWithSegments;
      }>().data;
      if (task.status === 'failed') throw new Error(`task failed: ${task.error}`);
      const job = await t.ctx.queue!.findJob('tasks.translate', row.job_id);
      const ms = new Date(row.finished_at).getTime() - new Date(job!.startedOn).getTime();
      const ok =
        task.segments.length === CUES &&
        task.keptOriginal === 0 &&
        task.segments.every((s) => s.translatedText && s.translatedText !== s.originalText);
      return { ms, cpu: used, ok };
    }
    // the time is the server's own; looking seldom keeps the bench off the server's thread
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function benchApertium(): Promise<Figure[]> {
  delete process.env.TEST_DB;
  const srt = filmSrt();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-apertium-'));
  const file = path.join(dir, 'film.txt');
  writeFileSync(
    file,
    `${parseSrt(srt)
      .map((c) => c.text)
      .join('\n')}\n`,
  );
  const t = await startTestApp({ queue: true, env: { APERTIUM_COMMAND: 'apertium' } });
  try {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100_000);
    const tasks: { ms: number; cpu: number }[] = [];
    const plain: { ms: number; cpu: number }[] = [];
    let allOk = true;
    // alternated, so both sides see the same load from whatever else runs on the machine
    for (let run = 0; run < RUNS; run += 1) {
      const { ok, ...times } = await taskOnce(t, u.token, srt);
      tasks.push(times);
      allOk &&= ok;
      plain.push(await apertiumOnce(file));
    }
    const list = (xs: { ms: number; cpu: number }[]) =>
      xs.map((x) => `${Math.round(x.ms)} (CPU ${Math.round(x.cpu)})`).join(', ');
    console.error(`apertium bench, ms: tasks ${list(tasks)}; apertium ${list(plain)}`);
    const task = median(tasks.map((x) => x.ms));
    const base = median(plain.map((x) => x.ms));
    const taskCpu = median(tasks.map((x) => x.cpu));
    const baseCpu = median(plain.map((x) => x.cpu));
    const engineFigures = await benchApertiumEngine(srt);
    return [
      {
        name: `${CUES}-cue English SRT into Spanish through the task pipeline, apertium engine${allOk ? '' : ' (OUTPUT WRONG)'}`,
        value: Math.round(task),
        unit: 'ms',
        baseline: `apertium eng-spa on the same ${CUES} lines as one text`,
        baselineValue: Math.round(base),
        ratio: Math.round((task / base) * 100) / 100,
        goal: '≤ 1.5×',
      },
      {
        name: 'CPU time of that task: the server and the Apertium pipeline',
        value: Math.round(taskCpu),
        unit: 'ms',
        baseline: 'CPU time of apertium eng-spa',
        baselineValue: Math.round(baseCpu),
        ratio: Math.round((taskCpu / baseCpu) * 100) / 100,
      },
      ...engineFigures,
    ];
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
