/**
 * Issue 40's goals for a task's lines burned into its video, through the real server (a child
 * process, PGlite, local-disk storage, the shipped RENDER_PRESET and RENDER_NICE):
 * - a 10-minute 1280×720 video (25 fps, AAC) rendered through /task/render, from the call until
 *   /task/render_state says completed (the job's pickup, probe, script, ffmpeg niced, the MP4
 *   stored, the database), against the same ffmpeg command run by hand on the same file (the same
 *   ASS script, written by the same writer, the same output options; not niced), alternating
 *   (hand, product, hand, product); the medians compared as speeds (goal ≥ 0.9×);
 * - `/healthz` polled every 50 ms from this process while the product renders (goal p99 ≤ 100 ms),
 *   against the same polling on the idle server.
 * The ffmpeg processes' CPU time (each parent's reaped children) and the product's ffmpeg's own
 * lifetime (sampled) go to stderr, to tell the encode's speed from the job around it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { RENDER_LIMITS, type Render, type RenderState } from '@subtrans/contract';
import { envSchema } from '../apps/server/src/config/env.js';
import { toolArgs } from '../apps/server/src/tools/ffmpeg/args.js';
import {
  burnOutputOptions,
  outputCanvas,
  probeMedia,
  SCRIPT_NAME,
  UPLOAD_DEMUXERS,
} from '../apps/server/src/tools/ffmpeg/index.js';
import { startOpenAiServer } from '../apps/server/test/support/translation-servers.js';
import { stopServer } from './editor-server.js';
import type { Figure } from './ledger.js';
import { cachedVideo, ENGINE_KEY, handScript, runFfmpeg, SECONDS, setUp, type Setup } from './render-task.js';

/** renders of each kind (hand, product, alternating); the medians are compared */
const RUNS = Math.max(1, Number(process.env.BENCH_RENDER_RUNS ?? 2));
const HEALTH_EVERY_MS = 50;
const IDLE_HEALTH_MS = 10_000;
const STATE_EVERY_MS = 250;
/**
 * /healthz is polled during the hand runs too (not counted), so both encodes share the machine
 * with the same client: the speed figure is what the product costs, not what the health goal's
 * own probe takes from a niced encode. BENCH_RENDER_PROBE_HAND=0: the hand runs alone, as before.
 */
const PROBE_HAND = process.env.BENCH_RENDER_PROBE_HAND !== '0';

/** the server's settings as it reads them from this environment (it inherits it) */
const PRESET = envSchema.shape.RENDER_PRESET.parse(process.env.RENDER_PRESET);
const NICE = envSchema.shape.RENDER_NICE.parse(process.env.RENDER_NICE);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const round = (x: number, places = 2) => Math.round(x * 10 ** places) / 10 ** places;
const lengthName = (seconds: number) =>
  seconds % 60 === 0 ? `${seconds / 60}-minute` : `${round(seconds / 60, 1)}-minute`;

/** CPU time (user + system) of a process's children that have ended and been reaped, in ms */
function reapedChildrenCpuMs(pid: number | 'self'): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** CPU time (user + system, every thread) a process has used itself, in ms */
function ownCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time the server and this process use from now on, in ms: what the encode shares a run with */
function besideCpu(server: number) {
  const serverAt = ownCpuMs(server);
  const benchAt = process.cpuUsage();
  return () => {
    const bench = process.cpuUsage(benchAt);
    return { serverMs: ownCpuMs(server) - serverAt, benchMs: Math.round((bench.user + bench.system) / 1000) };
  };
}

/** The pids of a process's children (every thread's). */
function childrenOf(pid: number): number[] {
  const pids: number[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
    if (text) pids.push(...text.split(' ').map(Number));
  }
  return pids;
}

/**
 * Watches `server` for an ffmpeg child every 100 ms: when it was first and last seen (its
 * lifetime, to 100 ms) and its niceness.
 */
function watchFfmpeg(server: number) {
  let first = 0;
  let last = 0;
  let nice: number | null = null;
  const timer = setInterval(() => {
    try {
      for (const pid of childrenOf(server)) {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(ffmpeg)')) continue;
        const now = performance.now();
        if (!first) first = now;
        last = now;
        nice = Number(stat.split(') ')[1]!.split(' ')[16]);
      }
    } catch {
      // the child ended between the reads
    }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return { first, last, nice };
    },
  };
}

/** GET /healthz every `everyMs` (one at a time, over one kept-alive connection); the latencies */
function pollHealth(base: string, everyMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let running = true;
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const at = performance.now();
      const req = get(`${base}/healthz`, { agent }, (res) => {
        res.resume();
        res.once('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - at)
            : reject(new Error(`/healthz: HTTP ${res.statusCode}`)),
        );
      });
      req.once('error', reject);
    });
  const done = (async () => {
    let next = performance.now();
    while (running) {
      latencies.push(await once());
      next += everyMs;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      else next = performance.now();
    }
  })();
  return {
    async stop(): Promise<number[]> {
      running = false;
      await done;
      agent.destroy();
      return latencies;
    },
  };
}

interface Run {
  ms: number;
  cpuMs: number;
  bytes: number;
  /** CPU the server and the bench process used meanwhile */
  beside: { serverMs: number; benchMs: number };
}

export async function benchRender(): Promise<Figure[]> {
  const video = await cachedVideo();
  const work = await mkdtemp(path.join(tmpdir(), 'bench-render-'));
  const engine = await startOpenAiServer(ENGINE_KEY);
  engine.setDelay(0);
  let s: Setup | null = null;
  try {
    const setupAt = performance.now();
    s = await setUp(path.join(work, 'data'), engine.url, video);
    console.error(
      `render bench: task ready, video attached in ${Math.round((performance.now() - setupAt) / 1000)} s`,
    );
    const setup = s;
    const serverPid = setup.server.pid!;

    // the hand-run command: the same input file, script, output options; plain ffmpeg
    const info = await probeMedia(video);
    // resolution 'source': the source's picture up to 1080p (render-job.ts renderCanvas)
    const canvas = outputCanvas(info, RENDER_LIMITS.maxShortSide);
    const { lines, script } = await handScript(setup, canvas);
    const hand = path.join(work, 'hand');
    await mkdir(hand);
    await writeFile(path.join(hand, SCRIPT_NAME), script);
    const out = path.join(hand, 'out.mp4');
    const argv = toolArgs('ffmpeg', {
      input: video,
      formats: UPLOAD_DEMUXERS,
      inputOptions: ['-y'],
      outputOptions: [
        ...burnOutputOptions({
          canvas,
          hasVideo: info.hasVideo,
          audioCodec: info.audioCodec,
          preset: PRESET,
        }),
        out,
      ],
    });
    console.error(
      `render bench: ${lines} lines, ${canvas.width}×${canvas.height}, preset ${PRESET}, server nice ${NICE}; by hand: ffmpeg ${argv.join(' ')}`,
    );

    const byHand = async (): Promise<Run> => {
      const cpu = reapedChildrenCpuMs('self');
      const beside = besideCpu(serverPid);
      const probe = PROBE_HAND ? pollHealth(setup.base, HEALTH_EVERY_MS) : null;
      const at = performance.now();
      let ms = 0;
      try {
        await runFfmpeg(argv, hand);
        ms = performance.now() - at;
      } finally {
        await probe?.stop();
      }
      const bytes = (await stat(out)).size;
      await rm(out);
      return { ms, cpuMs: reapedChildrenCpuMs('self') - cpu, bytes, beside: beside() };
    };
    const health: number[] = [];
    const throughProduct = async (): Promise<Run> => {
      const cpu = reapedChildrenCpuMs(serverPid);
      const beside = besideCpu(serverPid);
      const probe = pollHealth(setup.base, HEALTH_EVERY_MS);
      const watch = watchFfmpeg(serverPid);
      const at = performance.now();
      let render: Render;
      let ms = 0;
      try {
        await setup.call.post<Render>('/task/render', { id: setup.taskId, resolution: 'source' });
        for (;;) {
          const state = await setup.call.post<RenderState>('/task/render_state', { id: setup.taskId });
          render = state.render!;
          if (render.status === 'completed') break;
          if (render.status === 'failed') throw new Error(`the render failed: ${render.error}`);
          await sleep(STATE_EVERY_MS);
        }
        ms = performance.now() - at;
      } finally {
        const latencies = await probe.stop();
        health.push(...latencies);
        const ff = watch.stop();
        console.error(
          `render bench: product ${Math.round(ms || performance.now() - at)} ms, its ffmpeg seen for ${Math.round(ff.last - ff.first)} ms ` +
            `(from ${Math.round(ff.first - at)} ms, nice ${ff.nice}); /healthz ${latencies.length} calls, ` +
            `p99 ${round(percentile(latencies, 99), 1)} ms, max ${round(Math.max(...latencies), 1)} ms`,
        );
      }
      const cpuMs = reapedChildrenCpuMs(serverPid) - cpu;
      return { ms, cpuMs, bytes: render.sizeBytes ?? 0, beside: beside() };
    };

    // the server settles after the setup's work (its last writes, a collection), then idles
    await sleep(3000);
    const idleProbe = pollHealth(setup.base, HEALTH_EVERY_MS);
    await sleep(IDLE_HEALTH_MS);
    const idle = await idleProbe.stop();

    const hands: Run[] = [];
    const products: Run[] = [];
    for (let r = 0; r < RUNS; r += 1) {
      const load = loadavg()[0]!.toFixed(1);
      hands.push(await byHand());
      products.push(await throughProduct());
      const [h, p] = [hands.at(-1)!, products.at(-1)!];
      console.error(
        `render bench run ${r + 1} (load ${load}): by hand ${Math.round(h.ms)} ms (ffmpeg CPU ${h.cpuMs} ms, ` +
          `${round(h.cpuMs / h.ms)} cores, ${h.bytes} B; meanwhile server ${h.beside.serverMs} ms, bench ` +
          `${h.beside.benchMs} ms); product ${Math.round(p.ms)} ms (children's CPU ${p.cpuMs} ms, ` +
          `${round(p.cpuMs / p.ms)} cores, ${p.bytes} B; meanwhile server ${p.beside.serverMs} ms, bench ` +
          `${p.beside.benchMs} ms): ${round(h.ms / p.ms)}×`,
      );
      // the same command on the same input writes the same file (x264 is deterministic here)
      if (Math.abs(h.bytes - p.bytes) > 0.01 * h.bytes)
        console.error('render bench: the outputs differ in size by over 1 %: not the same command?');
    }

    const handMs = median(hands.map((r) => r.ms));
    const productMs = median(products.map((r) => r.ms));
    const handCpu = median(hands.map((r) => r.cpuMs));
    const productCpu = median(products.map((r) => r.cpuMs));
    const what = `a ${lengthName(SECONDS)} ${canvas.width}×${canvas.height} video, ${lines} lines (${PRESET}, nice ${NICE})`;
    const realTime = (ms: number) => round((SECONDS * 1000) / ms);
    return [
      {
        name: `render: ${what}, /task/render to completed, median of ${RUNS}`,
        value: realTime(productMs),
        unit: '× real time',
        baseline: `the same ffmpeg command by hand, not niced (${Math.round(handMs)} ms against ${Math.round(productMs)} ms)`,
        baselineValue: realTime(handMs),
        ratio: round(handMs / productMs),
        goal: '≥ 0.9× the hand-run speed',
      },
      {
        name: `render: ffmpeg's CPU time for ${what}, median of ${RUNS}`,
        value: round(productCpu / 1000, 1),
        unit: 's',
        baseline: 'the hand-run ffmpeg',
        baselineValue: round(handCpu / 1000, 1),
        ratio: round(productCpu / handCpu),
      },
      {
        name: `render: /healthz p99 while rendering (every ${HEALTH_EVERY_MS} ms, ${health.length} calls; p50 ${round(percentile(health, 50), 1)} ms, max ${round(Math.max(...health), 1)} ms)`,
        value: round(percentile(health, 99), 1),
        unit: 'ms',
        baseline: `/healthz p99 idle (${idle.length} calls; p50 ${round(percentile(idle, 50), 1)} ms)`,
        baselineValue: round(percentile(idle, 99), 1),
        ratio: round(percentile(health, 99) / Math.max(0.1, percentile(idle, 99))),
        goal: '≤ 100 ms',
      },
    ];
  } finally {
    if (s) await stopServer(s.server);
    await engine.close();
    await rm(work, { recursive: true, force: true });
  }
}
