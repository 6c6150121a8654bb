import path from 'node:path';
import { MultiBar, Presets } from 'cli-progress';
import type { Job } from './files.js';

/** Where the CLI writes (process.stdout, or a test's collector). */
export interface Out {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** One file × language as the user sees it. */
export interface JobBar {
  /** a step (`uploading`, `translating`…) and, when known, how far the task is (0–100) */
  step(state: string, percent?: number): void;
  done(): void;
  failed(reason: string): void;
}

export interface Reporter {
  bar(job: Job): JobBar;
  /** a line for the user (a retry, a warning), above the bars on a terminal */
  note(text: string): void;
  stop(): void;
}

const label = (job: Job) => `${job.name} → ${job.lang}`;
const outputNames = (job: Job) => job.outputs.map((o) => path.basename(o.path)).join(', ');

/**
 * A bar per file × language on a terminal (cli-progress MultiBar): name, language, percent and
 * step. A bar is made when its job starts and leaves as a line above the bars when it ends: with
 * `--parallel 4`, four bars at most, however many files (a screen of bars would scroll).
 */
class Bars implements Reporter {
  private readonly multi: MultiBar;
  private readonly nameWidth: number;

  constructor(out: Out, jobs: readonly Job[]) {
    this.nameWidth = Math.min(40, Math.max(0, ...jobs.map((j) => j.name.length)));
    const langWidth = Math.max(0, ...jobs.map((j) => j.lang.length));
    this.multi = new MultiBar(
      {
        stream: out as NodeJS.WritableStream,
        format: (options, params, payload: { name: string; lang: string; state: string }) => {
          const bar = Presets.shades_classic.barCompleteChar.repeat(Math.round(params.progress * 24));
          const rest = Presets.shades_classic.barIncompleteChar.repeat(24 - bar.length);
          const pct = `${Math.round(params.progress * 100)}%`.padStart(4);
          return ` ${payload.name.padEnd(this.nameWidth)}  ${payload.lang.padEnd(langWidth)}  ${bar}${rest} ${pct}  ${payload.state}`;
        },
        fps: 5,
        hideCursor: null,
        clearOnComplete: false,
        linewrap: false,
      },
      Presets.shades_classic,
    );
  }

  bar(job: Job): JobBar {
    const name = job.name.length > this.nameWidth ? `…${job.name.slice(-this.nameWidth + 1)}` : job.name;
    const bar = this.multi.create(100, 0, { name, lang: job.lang, state: 'queued' });
    const end = (text: string) => {
      this.multi.remove(bar);
      this.multi.log(`${label(job)}: ${text}\n`);
    };
    return {
      step: (state, percent) => bar.update(percent ?? bar.getProgress() * 100, { state }),
      done: () => end(`done: ${outputNames(job)}`),
      failed: (reason) => end(`failed: ${reason}`),
    };
  }

  note(text: string): void {
    this.multi.log(`${text}\n`);
  }

  stop(): void {
    this.multi.stop();
  }
}

/**
 * Plain lines when the output is not a terminal (a log, CI, a pipe): each step once, and the
 * translation's progress by quarters.
 */
class Lines implements Reporter {
  constructor(private readonly out: Out) {}

  bar(job: Job): JobBar {
    let last = '';
    let quarter = -1;
    const line = (text: string) => this.out.write(`${label(job)}: ${text}\n`);
    return {
      step: (state, percent) => {
        const q = percent === undefined ? -1 : Math.floor(percent / 25);
        if (state === last && q <= quarter) return;
        if (state !== last) quarter = -1;
        last = state;
        quarter = Math.max(quarter, q);
        line(percent === undefined ? state : `${state} ${Math.round(percent)}%`);
      },
      done: () => line(`done: ${outputNames(job)}`),
      failed: (reason) => line(`failed: ${reason}`),
    };
  }

  note(text: string): void {
    this.out.write(`${text}\n`);
  }

  stop(): void {}
}

export function reporterFor(out: Out, jobs: readonly Job[]): Reporter {
  return out.isTTY ? new Bars(out, jobs) : new Lines(out);
}
