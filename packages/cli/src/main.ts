import { existsSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { Api, ApiError, CODES, KEY_REFUSALS } from './api.js';
import { findInputs, jobsOf, missingOutputs, UsageError, type Job } from './files.js';
import { runJob, StatusPoller, type RunContext } from './job.js';
import { translateOptions, type RawOptions, type TranslateOptions } from './options.js';
import { reporterFor, type Out } from './progress.js';
import { States } from './state.js';

/** How main() ends (the process's exit code). */
export const EXIT = {
  OK: 0,
  /** a file × language failed (or the server could not be reached) */
  FAILED: 1,
  /** the command cannot run as given (options, no key, no files) */
  USAGE: 2,
  /** the key itself was refused (invalid, revoked, read-only): nothing more was tried */
  KEY_REFUSED: 3,
} as const;

/** What main() talks to besides its arguments: tests pass their own. */
export interface Io {
  stdout: Out;
  stderr: Out;
  fetch?: (input: Request) => Promise<Response>;
  sleep?: (ms: number) => Promise<void>;
  /** how long a job waits between two reads of its task's state */
  pollMs?: number;
}

type Env = Record<string, string | undefined>;

const sleeper = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `items` through `run`, at most `size` at once, until `stop` says so. */
async function pool<T>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<void>,
  stop: () => boolean,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

const label = (job: Job) => `${job.name} → ${job.lang}`;
const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** `subtrans translate`: every file × language not done yet, then a summary. Answers the exit code. */
async function translate(opts: TranslateOptions, io: Io): Promise<number> {
  const inputs = await findInputs(opts.inputs);
  if (inputs.length === 0) throw new UsageError(`No subtitle files in ${opts.inputs.join(', ')}`);
  const all = jobsOf(inputs, opts.langs, opts.formats);
  const todo = all
    .map((job) => ({ job, missing: missingOutputs(job, existsSync) }))
    .filter((t) => t.missing.length);
  const skipped = all.length - todo.length;
  if (todo.length === 0) {
    io.stdout.write(`Nothing to do: all ${skipped} already translated (their files exist).\n`);
    return EXIT.OK;
  }

  const sleep = io.sleep ?? sleeper;
  const reporter = reporterFor(
    io.stdout,
    todo.map((t) => t.job),
  );
  const api = new Api({
    baseUrl: opts.apiUrl,
    key: opts.key,
    language: opts.language,
    ...(io.fetch ? { fetch: io.fetch } : {}),
    sleep,
    onRetry: (what, why, ms) => reporter.note(`${what}: ${why}; trying again in ${Math.ceil(ms / 1000)} s`),
  });
  const pollMs = io.pollMs ?? 2000;
  const ctx: RunContext = {
    api,
    poller: new StatusPoller(api, pollMs / 2),
    engine: opts.engine,
    from: opts.from,
    bilingual: opts.bilingual,
    pollMs,
    sleep,
  };

  let fatal: ApiError | null = null;
  const failed: { job: Job; reason: string; code: number }[] = [];
  let done = 0;
  try {
    // the key is checked before any file is read: a revoked key says so once, not per file
    const { point } = await api.balance();
    reporter.note(`${todo.length} to translate, ${skipped} already done; ${point} points on the account`);
    const states = new States();
    await pool(
      todo,
      opts.parallel,
      async ({ job, missing }) => {
        const bar = reporter.bar(job);
        try {
          await runJob(job, missing, ctx, await states.of(job.dir), bar);
          done += 1;
        } catch (e) {
          if (e instanceof ApiError && KEY_REFUSALS.has(e.code)) fatal ??= e;
          const code = e instanceof ApiError ? e.code : 0;
          // any error ends this job only (a file that cannot be written, a refusal): the others go on
          bar.failed(reasonOf(e));
          failed.push({ job, reason: reasonOf(e), code });
        }
      },
      () => fatal !== null,
    );
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (KEY_REFUSALS.has(e.code)) fatal = e;
    else {
      io.stderr.write(`Cannot go on: ${e.message}\n`);
      return EXIT.FAILED;
    }
  } finally {
    reporter.stop();
  }
  return summary(io, { done, skipped, failed, notRun: todo.length - done - failed.length, fatal });
}

function summary(
  io: Io,
  r: {
    done: number;
    skipped: number;
    failed: { job: Job; reason: string; code: number }[];
    notRun: number;
    fatal: ApiError | null;
  },
): number {
  const parts = [`${r.done} done`, `${r.skipped} skipped (already done)`, `${r.failed.length} failed`];
  if (r.notRun > 0) parts.push(`${r.notRun} not started`);
  io.stdout.write(`\nSummary: ${parts.join(', ')}\n`);
  for (const f of r.failed) io.stdout.write(`  failed: ${label(f.job)}: ${f.reason}\n`);
  if (r.fatal) {
    io.stderr.write(`The API key was refused: ${r.fatal.message}\n`);
    return EXIT.KEY_REFUSED;
  }
  if (r.failed.length === 0) return EXIT.OK;
  if (r.failed.some((f) => f.code === CODES.INSUFFICIENT_POINTS))
    io.stderr.write(
      'Not enough points for every file: buy points on the website, then run the same command again.\n',
    );
  io.stderr.write(
    'Run the same command again to retry: finished files are skipped and the tasks already made are reused.\n',
  );
  return EXIT.FAILED;
}

function program(env: Env, io: Io, ran: (code: number) => void): Command {
  const cli = new Command('subtrans')
    .description('Translate subtitle files with SubTrans, using an API key')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
  cli
    .command('translate')
    .description('Translate the subtitle files of folders (or the files named) into one or more languages')
    .argument('<inputs...>', 'folders (their subtitle files, by name) or subtitle files')
    .requiredOption('--to <langs>', 'target languages, comma-separated (en,ja)')
    .option('--format <formats>', 'output formats, comma-separated: srt, vtt, ass', 'srt')
    .option('--bilingual', 'write the original line above each translation')
    .option('--engine <name>', "translation engine (the server's default if not given)")
    .option('--from <lang>', "the files' language (detected if not given)")
    .option('--parallel <n>', 'how many tasks run at once', '4')
    .option('--api <url>', 'the server (default: $SUBTRANS_API_URL)')
    .addHelpText(
      'after',
      `
Environment:
  SUBTRANS_API_KEY  an API key of scope "translate" (stk_…), made on the dashboard's API keys page
  SUBTRANS_API_URL  the server, e.g. https://subtrans.example.com

Each translation is written beside its input as <name>.<lang>.<format>. A file whose outputs all
exist is skipped; .subtrans.json in each folder keeps the tasks made, so an interrupted run goes on.`,
    )
    .action(async (inputs: string[], raw: RawOptions) =>
      ran(await translate(translateOptions(inputs, raw, env), io)),
    );
  return cli;
}

/**
 * The command line: `main(['translate', './season', '--to', 'en,ja'], process.env)` answers the
 * exit code (0: everything done or skipped). Never exits the process itself.
 */
export async function main(
  argv: readonly string[],
  env: Env = process.env,
  io: Partial<Io> = {},
): Promise<number> {
  const full: Io = { stdout: process.stdout, stderr: process.stderr, ...io };
  let code: number = EXIT.OK;
  try {
    await program(env, full, (c) => (code = c)).parseAsync([...argv], { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    if (e instanceof UsageError) {
      full.stderr.write(`${e.message}\n`);
      return EXIT.USAGE;
    }
    full.stderr.write(`subtrans: ${reasonOf(e)}\n`);
    return EXIT.FAILED;
  }
}
