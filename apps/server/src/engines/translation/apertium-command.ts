import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { nameOf, pairsOfModeList, type Pair } from './apertium-pairs.js';
import { EngineError } from './engine.js';

/**
 * The local `apertium` command: one process (a pipeline of a dozen programs) per batch, at most
 * `maxProcesses` at once, each killed as a whole on timeout or abort.
 */

/** How the engine reaches Apertium: the local command, or an apertium-apy server. */
export interface Transport {
  pairs(): Promise<Pair[]>;
  translate(pair: Pair, text: string, signal: AbortSignal | undefined): Promise<string>;
}

export const LIST_TIMEOUT_MS = 15_000;

/** Whether a command can be run: a path that is executable, or a name found in one of PATH's folders. */
export function commandExists(command: string, pathEnv = process.env.PATH ?? ''): boolean {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/')) return executable(command);
  return pathEnv
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => executable(join(dir, command)));
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
  opts: { timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new EngineError('http', 'translation aborted'));
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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

export function commandTransport(command: string, timeoutMs: number, maxProcesses: number): Transport {
  const limit = limiter(maxProcesses);
  return {
    async pairs() {
      return pairsOfModeList((await runCommand(command, ['-l'], { timeoutMs: LIST_TIMEOUT_MS })).stdout);
    },
    translate(pair, text, signal) {
      return limit(signal, async () => {
        // the text goes in a file: `apertium` opens /dev/stdin, which fails on the socket Node
        // gives a child as stdin
        const dir = await mkdtemp(join(tmpdir(), 'apertium-'));
        try {
          const input = join(dir, 'input.txt');
          await writeFile(input, text, 'utf8');
          // -u: no '*' before unknown words; txt: markup such as <i> passes as text, paragraphs are kept
          const { stdout, stderr } = await runCommand(command, ['-u', '-f', 'txt', nameOf(pair), input], {
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
  };
}
