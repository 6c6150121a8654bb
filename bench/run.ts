/**
 * npm run bench: speed and memory figures, each compared with a baseline measured in the same
 * run, printed as a table and written to bench/results.json. Not part of npm test or CI.
 *
 * Needs PostgreSQL for the PostgreSQL figures (BENCH_DATABASE_URL; by default the local server,
 * reached the way psql reaches it: over its Unix socket when /var/run/postgresql has one, else
 * postgres://postgres@127.0.0.1:5432/postgres; a database subtrans_bench is created and dropped).
 * BENCH_ONLY picks parts (comma-separated): servers (HTTP, ledger, queue), subtitles (SRT parse and
 * serialise, bench/subtitles.ts), pipeline (a 1-hour SRT through the task pipeline, bench/pipeline.ts),
 * apertium (a 1,500-cue film into Spanish through a task with the apertium engine against the
 * `apertium` command on the same text, bench/apertium.ts),
 * editor (the editor with 10,000 segments in headless Chromium, virtualised or not, bench/editor.ts),
 * bundle (JavaScript gzip the home page loads against the dashboard, bench/bundle.ts), media (a
 * direct upload through the local-disk backend against cp, and audio extraction inside the job,
 * bench/media.ts), overview (issue 38: waveform peaks of a 2-hour film against its audio extraction,
 * shot changes on a 1080p film with known cuts against a plain decode, bench/media-overview.ts), load (the largest SRT a task takes: /healthz while 4 are uploaded, memory while 10
 * clients read it, per database, bench/load.ts), quality (subtitles that fit: the quality corpus
 * through the plain and the fitted translation pipeline on a simulated engine and on Apertium,
 * bench/quality.ts), voice (one voice: the voice corpus through the plain pipeline and a task's
 * brief, batch extras and terms pass on a simulated engine, bench/voice.ts), amplification (the
 * engine calls and prompt bytes a point buys: a normal task against the worst cases a user can
 * choose, through the real server, bench/amplification.ts), edits (saving a split or a merge in a
 * 10,000-line task against one text edit, per database, bench/segment-edit.ts), editor-structure
 * (a split, a merge, a shift, a frame rate and fix timing in the editor on a 10,000-line task against
 * a keystroke, with the saves they send, bench/editor-structure.ts), timeline (issue 38: frames
 * while dragging a line's edge on the timeline of a 2,000-line, 2-hour file, at the first zoom and
 * fully out, and a 2-hour audio task's waveform painted after its lines, bench/timeline.ts), formats
 * (issue 37: encoding detection on bench/encoding-corpus, ASS written back whole on bench/ass-corpus,
 * parse speed of WebVTT, ASS, SBV, TTML and MicroDVD against npm parsers, bench/subtitle-formats.ts), cjk (issue 36:
 * words split across lines on the labelled cues of bench/cjk-words, bench/cjk-breaks.ts), breaks (issue 36:
 * lines ending on a function word on the labelled cues of bench/break-rules, bench/break-rules.ts),
 * untranslated (issue 36: English words left in Apertium's Spanish, and planted in a language
 * model's Chinese, Japanese, Spanish, French, German, Portuguese and Italian, bench/untranslated.ts),
 * fairness (issue 39: one user's task beside another's 100-task batch against the idle server,
 * bench/fairness.ts), keys (issue 39: /task/list with an API key against the same call with a session,
 * per database, bench/api-keys.ts), batch (issue 39: 50 files into 2 languages as a batch against one
 * by one, and the batch's ZIP: first byte and memory, bench/batch.ts), render (issue 40: a 10-minute
 * 720p video's lines burned in through /task/render against the same ffmpeg command by hand, and
 * /healthz meanwhile, bench/render.ts), review (issue 40 §2: a review link to a 1,000-line task
 * opened in Chromium against the editor of the same task, bench/review.ts).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchAmplification } from './amplification.js';
import { benchApertium } from './apertium.js';
import { benchBundle } from './bundle.js';
import { benchBreakRules } from './break-rules.js';
import { benchCjkBreaks } from './cjk-breaks.js';
import { benchEditor } from './editor.js';
import { benchEditorStructure } from './editor-structure.js';
import { benchLedgerAndQueue, type Figure } from './ledger.js';
import { benchLoadOn } from './load.js';
import { benchMedia } from './media.js';
import { benchMediaOverview } from './media-overview.js';
import { benchPipeline } from './pipeline.js';
import { benchFairness } from './fairness.js';
import { benchApiKeys } from './api-keys.js';
import { benchBatch } from './batch.js';
import { benchRender } from './render.js';
import { benchReview } from './review.js';
import { benchQuality } from './quality.js';
import { benchSegmentEdits } from './segment-edit.js';
import { benchFormats } from './subtitle-formats.js';
import { benchSubtitles } from './subtitles.js';
import { benchTimeline } from './timeline.js';
import { benchUntranslated } from './untranslated.js';
import { benchVoice } from './voice.js';
import { ADMIN, ROOT, rssMb, signInAsAdmin, startProcess, stop, waitFor } from './support.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

const figures: Figure[] = [];

/**
 * The local PostgreSQL as a server on the same host would reach it: the Unix socket (libpq's and
 * psql's default) when there is one; loopback TCP costs each query a trip through the network stack.
 */
const SOCKET_DIR = '/var/run/postgresql';
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  (existsSync(path.join(SOCKET_DIR, '.s.PGSQL.5432'))
    ? `postgres://postgres@localhost/postgres?host=${SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/postgres');

/** The measured request; a warm-up (`warm`) sends the same, so the JIT warms the path measured. */
async function load(url: string, headers: Record<string, string>, warm = false) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: warm ? 10 : CONNECTIONS,
    duration: warm ? 2 : DURATION,
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
  const non2xx = result.non2xx + result.errors;
  if (non2xx > 0) throw new Error(`${url}: ${non2xx} failed requests during the load`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Answers the server's idle resident memory in MB. */
async function benchServer(
  label: string,
  env: Record<string, string>,
  port: number,
  bare: { rps: number },
): Promise<number> {
  const server = startProcess(['apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/readyz`);
    await new Promise((r) => setTimeout(r, 3000));
    const idleMb = Math.round(rssMb(server.pid!));
    figures.push({
      name: `server resident memory idle (${label})`,
      value: idleMb,
      unit: 'MB',
      baseline: null,
      baselineValue: null,
      ratio: null,
    });
    const headers = { cookie: await signInAsAdmin(base), origin: base };
    // warm up (JIT, connection pool), then measure
    await load(`${base}/user/profile`, headers, true);
    const r = await load(`${base}/user/profile`, headers);
    figures.push({
      name: `/user/profile authenticated, ${CONNECTIONS} connections (${label})`,
      value: Math.round(r.rps),
      unit: 'req/s',
      baseline: 'bare Fastify JSON route',
      baselineValue: Math.round(bare.rps),
      ratio: Number((r.rps / bare.rps).toFixed(3)),
      ...(label === 'PostgreSQL' ? { goal: '>= 0.2x' } : {}),
    });
    figures.push({
      name: `/user/profile p99 latency (${label})`,
      value: r.p99,
      unit: 'ms',
      baseline: null,
      baselineValue: null,
      ratio: null,
      ...(label === 'PostgreSQL' ? { goal: '< 25 ms' } : {}),
    });
    return idleMb;
  } finally {
    await stop(server);
  }
}

async function benchServers() {
  const bareServer = startProcess(['bench/bare-server.ts'], { PORT: '18901' });
  let bare: { rps: number; p99: number };
  try {
    await waitFor('http://127.0.0.1:18901/bare', { method: 'POST' });
    await load('http://127.0.0.1:18901/bare', {}, true);
    bare = await load('http://127.0.0.1:18901/bare', {});
  } finally {
    await stop(bareServer);
  }
  figures.push({
    name: `bare Fastify JSON route, ${CONNECTIONS} connections`,
    value: Math.round(bare.rps),
    unit: 'req/s',
    baseline: null,
    baselineValue: null,
    ratio: null,
  });
  figures.push({
    name: 'bare Fastify route p99 latency',
    value: bare.p99,
    unit: 'ms',
    baseline: null,
    baselineValue: null,
    ratio: null,
  });

  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
  let pgliteIdleMb: number;
  try {
    // a new data directory, as on a server's first start
    pgliteIdleMb = await benchServer('PGlite', { DATA_DIR: pgliteDir, DATABASE_URL: '' }, 18902, bare);
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }

  console.error(`PostgreSQL figures: ${PG_URL.replace(/\/\/[^@]*@/, '//')}`);
  const admin = new pg.Client({ connectionString: PG_URL });
  let connected = false;
  try {
    await admin.connect();
    connected = true;
  } catch (e) {
    console.error(`PostgreSQL figures not measured: cannot connect to ${PG_URL} (${String(e)})`);
  }
  if (connected) {
    await admin.query('DROP DATABASE IF EXISTS subtrans_bench');
    await admin.query('CREATE DATABASE subtrans_bench');
    const benchUrl = new URL(PG_URL);
    benchUrl.pathname = '/subtrans_bench';
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
    try {
      const pgIdleMb = await benchServer(
        'PostgreSQL',
        { DATABASE_URL: benchUrl.toString(), DATA_DIR: dataDir, DATABASE_POOL_SIZE: '10' },
        18903,
        bare,
      );
      figures.push({
        name: 'server resident memory idle, PGlite against PostgreSQL',
        value: pgliteIdleMb,
        unit: 'MB',
        baseline: 'the same server on PostgreSQL',
        baselineValue: pgIdleMb,
        ratio: Number((pgliteIdleMb / pgIdleMb).toFixed(2)),
        goal: '<= 2x',
      });
      await benchLedgerAndQueue(benchUrl.toString(), figures);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query('DROP DATABASE IF EXISTS subtrans_bench WITH (FORCE)');
      await admin.end();
    }
  }
}

async function benchLoad() {
  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  try {
    figures.push(...(await benchLoadOn('PGlite', { DATA_DIR: pgliteDir, DATABASE_URL: '' })));
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (e) {
    console.error(`PostgreSQL load figures not measured: cannot connect to ${PG_URL} (${String(e)})`);
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-load-pg-'));
  try {
    await admin.query('DROP DATABASE IF EXISTS subtrans_bench_load');
    await admin.query('CREATE DATABASE subtrans_bench_load');
    const url = new URL(PG_URL);
    url.pathname = '/subtrans_bench_load';
    figures.push(...(await benchLoadOn('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query('DROP DATABASE IF EXISTS subtrans_bench_load WITH (FORCE)');
    await admin.end();
  }
}

async function main() {
  const only = new Set(
    (
      process.env.BENCH_ONLY ??
      'servers,subtitles,formats,cjk,breaks,untranslated,pipeline,apertium,editor,bundle,media,overview,load,quality,voice,amplification,edits,editor-structure,timeline,fairness,keys,batch,render,review'
    )
      .split(',')
      .map((p) => p.trim()),
  );
  if (only.has('servers')) await benchServers();
  if (only.has('subtitles')) figures.push(...(await benchSubtitles()));
  if (only.has('formats')) figures.push(...benchFormats());
  if (only.has('cjk')) figures.push(...benchCjkBreaks());
  if (only.has('breaks')) figures.push(...benchBreakRules());
  if (only.has('untranslated')) figures.push(...benchUntranslated());
  if (only.has('pipeline')) figures.push(...(await benchPipeline(PG_URL)));
  if (only.has('apertium')) figures.push(...(await benchApertium()));
  if (only.has('editor')) figures.push(...(await benchEditor()));
  if (only.has('bundle')) figures.push(...benchBundle());
  if (only.has('media')) figures.push(...(await benchMedia()));
  if (only.has('overview')) figures.push(...(await benchMediaOverview()));
  if (only.has('load')) await benchLoad();
  if (only.has('quality')) figures.push(...(await benchQuality()));
  if (only.has('voice')) figures.push(...(await benchVoice()));
  if (only.has('amplification')) figures.push(...(await benchAmplification()));
  if (only.has('edits')) figures.push(...(await benchSegmentEdits(PG_URL)));
  if (only.has('editor-structure')) figures.push(...(await benchEditorStructure()));
  if (only.has('timeline')) figures.push(...(await benchTimeline()));
  if (only.has('fairness')) figures.push(...(await benchFairness()));
  if (only.has('keys')) figures.push(...(await benchApiKeys(PG_URL)));
  if (only.has('batch')) figures.push(...(await benchBatch()));
  if (only.has('render')) figures.push(...(await benchRender()));
  if (only.has('review')) figures.push(...(await benchReview()));
  console.table(
    figures.map((f) => ({
      figure: f.name,
      value: `${f.value} ${f.unit}`,
      baseline: f.baselineValue === null ? '' : `${f.baselineValue} ${f.unit} (${f.baseline})`,
      ratio: f.ratio ?? '',
      goal: f.goal ?? '',
    })),
  );
  writeFileSync(
    path.join(ROOT, 'bench/results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), figures }, null, 2)}\n`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
