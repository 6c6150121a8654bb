import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { nameOf, pairsOfModeList, type Pair } from './apertium-pairs.js';
import { deformat, reformat } from './apertium-format.js';
import { nullFlushPipeline, type NullFlushPipeline } from './apertium-stream.js';
import { freshTaggerPerRequest } from './apertium-stateless.js';
import { EngineError } from './engine.js';

/**
 * The local `apertium` command. Where the pair's mode file is found (the data folder of the
 * command's installation), each pair runs as one long-running pipeline in null-flush mode
 * (apertium-stream.ts), the text deformatted and reformatted around it as apertium-destxt and
 * apertium-retxt do (apertium-format.ts); else one `apertium` process per batch, at most
 * `maxProcesses` at once, each killed as a whole on timeout or abort.
 */

/** How the engine reaches Apertium: the local command, or an apertium-apy server. */
export interface Transport {
  pairs(): Promise<Pair[]>;
  translate(pair: Pair, text: string, signal: AbortSignal | undefined): Promise<string>;
}

export const LIST_TIMEOUT_MS = 15_000;

/** Where a command runs from: its path, or the first of PATH's folders that has it; else null. */
function commandPath(command: string, pathEnv = process.env.PATH ?? ''): string | null {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/')) return executable(command) ? resolve(command) : null;
  const dir = pathEnv
    .split(delimiter)
    .filter(Boolean)
    .find((d) => executable(join(d, command)));
  return dir === undefined ? null : resolve(dir, command);
}

/** Whether a command can be run: a path that is executable, or a name found in one of PATH's folders. */
export function commandExists(command: string, pathEnv = process.env.PATH ?? ''): boolean {
  return commandPath(command, pathEnv) !== null;
}

/** A counting semaphore: at most `max` local processes, waiting callers can give up. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    if (running >= max) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', abort);
          resolve();
        };
        const abort = () => {
          const i = waiting.indexOf(go);
          if (i >= 0) waiting.splice(i, 1);
          reject(new EngineError('http', 'translation aborted'));
        };
        if (signal?.aborted) return abort();
        waiting.push(go);
        signal?.addEventListener('abort', abort, { once: true });
      });
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // the slot goes straight to the next caller, or is freed
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * Runs a command without a shell; answers stdout. The command runs in its own process group so a
 * timeout or an abort kills the whole pipeline `apertium` starts.
 */
function runCommand(
  command: string,
  args: string[],
  opts: {
    timeoutMs: number;
    signal?: AbortSignal | undefined;
    env?: NodeJS.ProcessEnv;
  },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new EngineError('http', 'translation aborted'));
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      ...(opts.env ? { env: opts.env } : {}),
    });
    const out: Buffer[] = [];
    let err = '';
    let settled = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const settle = (fail: EngineError | null, stdout = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (fail) reject(fail);
      else resolve({ stdout, stderr: err.trim() });
    };
    const onAbort = () => {
      kill();
      settle(new EngineError('http', 'translation aborted'));
    };
    const timer = setTimeout(() => {
      kill();
      settle(
        new EngineError('http', `${command} took longer than ${opts.timeoutMs / 1000} s and was stopped`),
      );
    }, opts.timeoutMs);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 2000) err += c.toString('utf8');
    });
    child.on('error', (e) => settle(new EngineError('http', `cannot run ${command}: ${e.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) return settle(null, Buffer.concat(out).toString('utf8'));
      const why = code === null ? `was killed (${signal})` : `exited with ${code}`;
      settle(new EngineError('http', `${command} ${why}: ${err.trim().slice(0, 300)}`.replace(/: $/, '')));
    });
  });
}

export interface CommandOptions {
  timeoutMs: number;
  /** one-shot processes running at once */
  maxProcesses: number;
  /** a pair's pipeline stops after this long without a request */
  idleMs: number;
  /** the installation's data folder (modes/*.mode); by default <prefix>/share/apertium */
  dataDir?: string | undefined;
}

export function commandTransport(
  command: string,
  opts: CommandOptions,
): Transport & { close(): Promise<void> } {
  const { timeoutMs } = opts;
  const limit = limiter(opts.maxProcesses);
  /** per pair: its long-running pipeline, or null where the mode file is not found (one-shot runs) */
  const streams = new Map<string, Promise<NullFlushPipeline | null>>();
  let closed = false;

  /**
   * The command's installation (looked up when a pair is first used: it may be installed after the
   * start): its programs are found in its folder first, as `apertium` does, its modes beside it.
   */
  function installation() {
    let binDir: string | null = null;
    try {
      const located = commandPath(command);
      binDir = located ? dirname(realpathSync(located)) : null;
    } catch {
      // removed meanwhile: the one-shot runs report it
    }
    const env = binDir
      ? { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` }
      : process.env;
    return { env, dataDir: opts.dataDir ?? (binDir ? join(binDir, '..', 'share', 'apertium') : null) };
  }

  /** The pair's mode as a bash script with null-flush options (apertium-wblank-mode -z), or null. */
  async function modeScript(pair: Pair, env: NodeJS.ProcessEnv, dataDir: string | null) {
    const mode = dataDir && join(dataDir, 'modes', `${nameOf(pair)}.mode`);
    if (!mode || !existsSync(mode)) return null;
    try {
      const { stdout } = await runCommand('apertium-wblank-mode', ['-z', mode], {
        timeoutMs: LIST_TIMEOUT_MS,
        env,
      });
      if (stdout.trim() === '') return null;
      // the tagger keeps state between requests: each request gets a fresh one (issue 36)
      return freshTaggerPerRequest(stdout, { perl: commandExists('perl', env.PATH ?? '') });
    } catch {
      // an Apertium older than wblank-mode: one process per batch still works
      return null;
    }
  }

  function streamFor(pair: Pair): Promise<NullFlushPipeline | null> {
    const name = nameOf(pair);
    let stream = streams.get(name);
    if (!stream) {
      const { env, dataDir } = installation();
      stream = modeScript(pair, env, dataDir).then((script) =>
        script === null
          ? null
          : nullFlushPipeline({
              command: 'bash',
              // $1 and $2 as `apertium` gives them: -g (unknown words marked, issue 36), no tagger option
              args: ['-c', script, `apertium-${name}`, '-g', ''],
              env,
              timeoutMs,
              idleMs: opts.idleMs,
              label: name,
            }),
      );
      streams.set(name, stream);
    }
    return stream;
  }

  return {
    async pairs() {
      return pairsOfModeList((await runCommand(command, ['-l'], { timeoutMs: LIST_TIMEOUT_MS })).stdout);
    },
    async translate(pair, text, signal) {
      if (closed) throw new EngineError('http', 'the Apertium engine is shut down');
      const stream = await streamFor(pair);
      if (stream) {
        // an empty answer is an answer (the NUL came): its lines are lost ones, not a failed run
        return reformat(await stream.request(deformat(text), signal));
      }
      return limit(signal, async () => {
        // the text goes in a file: `apertium` opens /dev/stdin, which fails on the socket Node
        // gives a child as stdin
        const dir = await mkdtemp(join(tmpdir(), 'apertium-'));
        try {
          const input = join(dir, 'input.txt');
          await writeFile(input, text, 'utf8');
          // unknown words marked '*' (issue 36); txt: markup such as <i> passes as text, paragraphs kept
          const { stdout, stderr } = await runCommand(command, ['-f', 'txt', nameOf(pair), input], {
            timeoutMs,
            signal,
          });
          // the text is never blank, so neither is a translation: `apertium` can fail with status 0
          if (stdout.trim() === '')
            throw new EngineError('http', `${command} gave no output: ${stderr.slice(0, 300)}`.trim());
          return stdout;
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
    },
    async close() {
      closed = true;
      const all = await Promise.all([...streams.values()].map((s) => s.catch(() => null)));
      await Promise.all(all.flatMap((s) => (s ? [s.close()] : [])));
    },
  };
}
