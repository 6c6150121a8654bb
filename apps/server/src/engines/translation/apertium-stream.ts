import { spawn, type ChildProcess } from 'node:child_process';
import { EngineError } from './engine.js';

/**
 * One long-running Apertium pipeline (a dozen programs with their dictionaries loaded) in
 * null-flush mode, as apertium-apy runs them: a request is a text in Apertium's stream format
 * ended by NUL, and every program flushes its answer at the NUL. Requests are written back to
 * back and answered in order, so the programs work on several at once.
 *
 * A pipeline that exits, or whose oldest request gets no answer within `timeoutMs`, fails every
 * request in it as an 'http' failure (the task pipeline retries them) and is killed as a whole;
 * the next request starts a new one. Idle for `idleMs`, it stops and gives its memory back.
 */
export interface NullFlushOptions {
  /** the program and its arguments (a bash script running the pair's mode) */
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** how long the oldest request may wait for its answer */
  timeoutMs: number;
  idleMs: number;
  /** a name for messages (the pair) */
  label: string;
}

export interface NullFlushPipeline {
  request(text: string, signal?: AbortSignal): Promise<string>;
  /** stops the pipeline; requests after this fail */
  close(): Promise<void>;
}

/** A request written to the pipeline, answered once: its answer, or why there is none. */
type Pending = (answer: string | EngineError) => void;

interface Running {
  child: ChildProcess;
  pending: Pending[];
  /** the answer being read, up to its NUL */
  partial: string;
  stderr: string;
  /** the oldest request's deadline */
  watchdog: NodeJS.Timeout | null;
  exited: Promise<void>;
}

const aborted = () => new EngineError('http', 'translation aborted');

/** Kills a whole process group: the bash running the mode and every program it started. */
function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Waits (a second at most) until no process of the group is left: SIGKILL is not instant. */
async function groupGone(pid: number | undefined) {
  for (let i = 0; pid && i < 50; i += 1) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An idle pipeline must not keep the server's process alive on its own. */
function unrefAll(child: ChildProcess) {
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) {
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }
}

export function nullFlushPipeline(opts: NullFlushOptions): NullFlushPipeline {
  let running: Running | null = null;
  let idle: NodeJS.Timeout | null = null;
  let closed = false;

  /** Fails every request of a pipeline and kills it; the next request starts another. */
  const stop = (r: Running, why: EngineError) => {
    if (running === r) running = null;
    if (r.watchdog) clearTimeout(r.watchdog);
    r.watchdog = null;
    killGroup(r.child);
    for (const settle of r.pending.splice(0)) settle(why);
  };

  /** The oldest request has `timeoutMs` to be answered; a later one's clock starts when it is oldest. */
  const arm = (r: Running) => {
    if (r.watchdog) clearTimeout(r.watchdog);
    r.watchdog = null;
    if (r.pending.length === 0) {
      // answers of a pipeline already stopped start no clock
      if (running !== r) return;
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => running === r && r.pending.length === 0 && stop(r, aborted()), opts.idleMs);
      idle.unref();
      return;
    }
    r.watchdog = setTimeout(() => {
      stop(
        r,
        new EngineError(
          'http',
          `Apertium (${opts.label}) gave no answer within ${opts.timeoutMs / 1000} s and was restarted`,
        ),
      );
    }, opts.timeoutMs);
  };

  const start = (): Running => {
    const child = spawn(opts.command, opts.args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      env: opts.env,
    });
    let exit: () => void = () => undefined;
    const r: Running = {
      child,
      pending: [],
      partial: '',
      stderr: '',
      watchdog: null,
      exited: new Promise<void>((resolve) => (exit = resolve)),
    };
    unrefAll(child);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      let text = r.partial + chunk;
      let nul = text.indexOf('\0');
      while (nul >= 0) {
        r.pending.shift()?.(text.slice(0, nul));
        text = text.slice(nul + 1);
        nul = text.indexOf('\0');
        arm(r);
      }
      r.partial = text;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      r.stderr = (r.stderr + c).slice(-2000);
    });
    const died = (why: string) => {
      const detail = r.stderr.trim().slice(-300);
      stop(
        r,
        new EngineError('http', `the Apertium pipeline (${opts.label}) ${why}${detail ? `: ${detail}` : ''}`),
      );
    };
    // a program in the middle that dies ends the output while those before it still run
    child.stdout.on('end', () => died('stopped'));
    // the pipeline closing its input (it died) is reported by the events around
    child.stdin.on('error', () => undefined);
    child.on('error', (e) => {
      died(`cannot be run: ${e.message}`);
      exit();
    });
    child.on('exit', (code, signal) => {
      died(code === null ? `was killed (${signal})` : `exited with ${code}`);
      exit();
    });
    return r;
  };

  return {
    request(text, signal) {
      return new Promise<string>((resolve, reject) => {
        if (closed) return reject(new EngineError('http', 'the Apertium engine is shut down'));
        if (signal?.aborted) return reject(aborted());
        if (idle) clearTimeout(idle);
        idle = null;
        const r = running ?? (running = start());
        // a caller that gives up is answered at once; its answer is still read, then dropped,
        // keeping the others in step
        let answered = false;
        const settle: Pending = (answer) => {
          signal?.removeEventListener('abort', onAbort);
          if (answered) return;
          answered = true;
          if (answer instanceof EngineError) reject(answer);
          else resolve(answer);
        };
        const onAbort = () => settle(aborted());
        signal?.addEventListener('abort', onAbort, { once: true });
        r.pending.push(settle);
        if (r.pending.length === 1) arm(r);
        // a NUL inside the text would end the request early and put every answer out of step
        r.child.stdin!.write(`${text.replaceAll('\0', '')}\0`);
      });
    },
    async close() {
      closed = true;
      if (idle) clearTimeout(idle);
      const r = running;
      if (!r) return;
      // waited for: an unreferenced child would let the process end before its exit is seen
      r.child.ref();
      stop(r, new EngineError('http', 'the Apertium engine is shut down'));
      await r.exited;
      await groupGone(r.child.pid);
    },
  };
}
