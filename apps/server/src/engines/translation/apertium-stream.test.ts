import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { apertiumEngine, commandExists } from './apertium.js';
import { EngineError, type TranslateRequest, type TranslationEngine } from './engine.js';
import { translateAll } from './pipeline.js';
import { buildEngineRegistry } from './registry.js';

/** The long-running null-flush pipelines (apertium-stream.ts): restarts, timeouts, shutdown. */

const req = (lines: string[], signal?: AbortSignal): TranslateRequest => ({
  lines,
  context: { before: [], after: [] },
  source: 'en',
  target: 'es',
  ...(signal ? { signal } : {}),
});

/** `lines` through the task pipeline at the server's defaults; `sleeps` records its retry waits */
const taskRun = (engine: TranslationEngine, lines: string[], sleeps?: number[]) =>
  translateAll(
    engine,
    lines,
    { source: 'en', target: 'es' },
    {
      batchSize: 10,
      concurrency: 10,
      retries: 3,
      retryDelayMs: 1000,
      ...(sleeps ? { sleep: async (ms: number) => void sleeps.push(ms) } : {}),
    },
  );

const failureOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError;
};

/** A process's parent and process group, or null when it is gone or a zombie (killed, not reaped). */
function statOf(pid: number): { ppid: number; pgrp: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' ? null : { ppid: Number(ppid), pgrp: Number(pgrp) };
  } catch {
    return null;
  }
}

const allPids = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/**
 * The pipelines this test process runs: its children that lead a process group of their own (the
 * bash running a mode; one-shot programs are gone between calls).
 */
function pipelines(): number[] {
  return allPids().filter((pid) => {
    const stat = statOf(pid);
    return stat?.ppid === process.pid && stat.pgrp === pid;
  });
}

/** Every live process of a pipeline's group (the bash and the programs it started). */
const groupOf = (pgid: number) => allPids().filter((pid) => statOf(pid)?.pgrp === pgid);

describe('Apertium engine, a long-running pipeline per pair (the real eng-spa)', () => {
  let engine: TranslationEngine;
  beforeAll(() => {
    const modes = commandExists('apertium') ? spawnSync('apertium', ['-l'], { encoding: 'utf8' }).stdout : '';
    if (!/^\s*eng-spa\s*$/m.test(modes ?? ''))
      throw new Error('these tests need apt-get install apertium apertium-eng-spa (CI installs them)');
  });
  beforeEach(() => {
    engine = apertiumEngine();
  });
  afterEach(() => engine.close?.());

  it('keeps one pipeline for the pair, answering calls in step, and asks for large batches', async () => {
    const [a, b] = await Promise.all([
      engine.translate(req(['The cat is black.', 'Good morning'])),
      engine.translate(req(['Where is the house?'])),
    ]);
    expect(a[0]).toMatch(/gato/);
    expect(a[1]).toMatch(/buenos/i);
    expect(b[0]).toMatch(/casa/);
    expect(await engine.translate(req(['I have two dogs.']))).toEqual([expect.stringMatching(/perros/)]);
    expect(pipelines()).toHaveLength(1);
    expect(engine.batching).toMatchObject({ deterministic: true });
    expect(engine.batching!.batchSize).toBeGreaterThanOrEqual(100);
  }, 30_000);

  it('starts another pipeline after it was killed', async () => {
    await engine.translate(req(['Hello world']));
    const [first] = pipelines();
    process.kill(-first!, 'SIGKILL');
    await expect.poll(() => groupOf(first!)).toEqual([]);
    // reaped: the engine has seen it exit (a call racing the exit fails as http and is retried)
    await expect.poll(() => existsSync(`/proc/${first}`)).toBe(false);
    expect(await engine.translate(req(['The cat is black.']))).toEqual([expect.stringMatching(/gato/)]);
    const [second] = pipelines();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  }, 30_000);

  it('translates a task of 300 lines in large batches, every line in its place', async () => {
    const lines = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? `The cat number ${i} is black.`
        : i % 3 === 1
          ? `I have ${i} dogs.`
          : `- Where is house ${i}?\n- Here.`,
    );
    const result = await taskRun(engine, lines);
    expect(result.keptOriginal).toBe(0);
    expect(result.calls).toBe(Math.ceil(300 / engine.batching!.batchSize));
    result.translations.forEach((t, i) => {
      expect(t).toContain(String(i));
      expect(t).toMatch(i % 3 === 0 ? /gato/ : i % 3 === 1 ? /perros/ : /casa/);
    });
  }, 60_000);

  it('leaves no process behind once closed, as at shutdown, and refuses calls after', async () => {
    const registry = buildEngineRegistry(parseEnv({}));
    const apertium = registry.get('apertium');
    await apertium.translate(req(['Hello world']));
    const [pgid] = pipelines();
    expect(groupOf(pgid!).length).toBeGreaterThan(10);
    await registry.close();
    expect(groupOf(pgid!)).toEqual([]);
    expect(pipelines()).toEqual([]);
    expect((await failureOf(apertium.translate(req(['Hello'])))).message).toMatch(/shut down/);
  }, 30_000);
});

describe('Apertium engine, a long-running pipeline against a fake stage', () => {
  let root: string;
  let bin: string;
  let engine: TranslationEngine;
  const sleepPid = () => Number(readFileSync(path.join(bin, 'sleep.pid'), 'utf8'));

  beforeAll(() => {
    // an installation of its own: <root>/bin/apertium and <root>/share/apertium/modes/eng-spa.mode
    root = mkdtempSync(path.join(tmpdir(), 'fake-apertium-stream-'));
    bin = path.join(root, 'bin');
    mkdirSync(bin);
    mkdirSync(path.join(root, 'share/apertium/modes'), { recursive: true });
    writeFileSync(
      path.join(bin, 'apertium'),
      '#!/bin/sh\nif [ "$1" = "-l" ]; then printf "  eng-spa\\n"; exit 0; fi\necho "not expected" >&2; exit 1\n',
    );
    // one stage: each NUL-ended request answered at once, as Apertium's programs do with -z
    writeFileSync(
      path.join(bin, 'fake-stage'),
      [
        '#!/bin/bash',
        'dir=$(dirname "$0")',
        "merged=$'⟦⁂⟧.[][\\n\\n]merged'",
        "while IFS= read -r -d '' rec; do",
        '  if [ -f "$dir/die-once" ]; then rm "$dir/die-once"; exit 4; fi',
        '  case "$rec" in',
        '    *hang\\ up*) sleep 30 & echo $! > "$dir/sleep.pid"; wait; continue ;;',
        '    *die\\ now*) echo "fake stage: dying" >&2; exit 3 ;;',
        '    *slow*) sleep 1.5 ;;',
        '  esac',
        '  rec=${rec//lose this/}',
        '  rec=${rec//"$merged"/merged}',
        '  printf \'%s\\0\' "$rec"',
        'done',
        '',
      ].join('\n'),
    );
    chmodSync(path.join(bin, 'apertium'), 0o755);
    chmodSync(path.join(bin, 'fake-stage'), 0o755);
    writeFileSync(path.join(root, 'share/apertium/modes/eng-spa.mode'), 'fake-stage\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeEach(() => {
    rmSync(path.join(bin, 'sleep.pid'), { force: true });
    engine = apertiumEngine({ command: path.join(bin, 'apertium'), timeoutMs: 500 });
  });
  afterEach(() => engine.close?.());

  it('runs the mode found beside the command, the text deformatted and reformatted around it', async () => {
    expect(await engine.translate(req(['a [b] <i>c</i>', '', 'd\ne', 'x\0y']))).toEqual([
      'a [b] <i>c</i>',
      '',
      'd\ne',
      'xy',
    ]);
    expect(pipelines()).toHaveLength(1);
  });

  it('fails a hung pipeline as http at the timeout, kills it, and the next call starts another', async () => {
    await engine.translate(req(['warm up']));
    const [first] = pipelines();
    const started = Date.now();
    const hung = engine.translate(req(['hang up']));
    await expect.poll(() => existsSync(path.join(bin, 'sleep.pid'))).toBe(true);
    const waiting = engine.translate(req(['after the hang']));
    const err = await failureOf(hung);
    expect(err.kind).toBe('http');
    expect(err.message).toMatch(/no answer within 0.5 s and was restarted/);
    expect(Date.now() - started).toBeLessThan(5000);
    // the call written after it was in the same pipeline: it fails too, and is retried by the task
    expect((await failureOf(waiting)).kind).toBe('http');
    await expect.poll(() => statOf(sleepPid())).toBeNull();
    await expect.poll(() => groupOf(first!)).toEqual([]);
    expect(await engine.translate(req(['again']))).toEqual(['again']);
    expect(pipelines()).not.toContain(first);
  });

  it('fails the calls of a pipeline that dies as http, with what it said', async () => {
    const err = await failureOf(engine.translate(req(['die now'])));
    expect(err.kind).toBe('http');
    expect(err.message).toMatch(/pipeline \(eng-spa\) (stopped|exited with 3)/);
    expect(await engine.translate(req(['back']))).toEqual(['back']);
  });

  it('a task whose pipeline dies mid-run retries the calls it had and finishes', async () => {
    const lines = Array.from({ length: 250 }, (_, i) => `line ${i}`);
    await engine.translate(req(['warm up']));
    writeFileSync(path.join(bin, 'die-once'), '');
    const sleeps: number[] = [];
    const result = await taskRun(engine, lines, sleeps);
    expect(result.translations).toEqual(lines);
    expect(result.keptOriginal).toBe(0);
    // every call in the pipeline when it died waited once, then went to the new one
    expect(sleeps.length).toBeGreaterThan(0);
    expect(new Set(sleeps)).toEqual(new Set([1000]));
    expect(pipelines()).toHaveLength(1);
  });

  it('answers an aborted call at once and keeps the next ones in step', async () => {
    // a timeout beyond the slow line's 1.5 s in the stage
    await engine.close?.();
    engine = apertiumEngine({ command: path.join(bin, 'apertium'), timeoutMs: 5000 });
    await engine.translate(req(['warm up']));
    const ac = new AbortController();
    const slow = engine.translate(req(['slow one'], ac.signal));
    // in the stage, which answers after 1.5 s
    await new Promise((r) => setTimeout(r, 150));
    const started = Date.now();
    ac.abort();
    expect((await failureOf(slow)).message).toMatch(/aborted/);
    // well before the stage's answer, however busy the machine
    expect(Date.now() - started).toBeLessThan(700);
    expect(await engine.translate(req(['second']))).toEqual(['second']);
  });

  it('keeps a large batch aligned: a merged and a lost line fall back alone, without asking again', async () => {
    const lines = Array.from({ length: 250 }, (_, i) => `line ${i}`);
    lines[37] = 'merged here';
    lines[180] = 'lose this';
    const sleeps: number[] = [];
    const result = await taskRun(engine, lines, sleeps);
    // the merged line comes back right once it is alone; the lost one keeps its text
    expect(result.translations).toEqual(lines);
    expect(result.keptOriginal).toBe(1);
    // a wrong reply from a deterministic engine is halved at once, never waited for and asked again
    expect(sleeps).toEqual([]);
    expect(result.calls).toBeLessThan(40);
  });

  it('stops an idle pipeline and starts one again when needed', async () => {
    const idle = apertiumEngine({ command: path.join(bin, 'apertium'), idleMs: 200 });
    try {
      await idle.translate(req(['one']));
      const [first] = pipelines();
      await expect.poll(() => groupOf(first!), { timeout: 3000 }).toEqual([]);
      expect(await idle.translate(req(['two']))).toEqual(['two']);
    } finally {
      await idle.close?.();
    }
    expect(pipelines()).toEqual([]);
    expect(existsSync(root)).toBe(true);
  });
});
