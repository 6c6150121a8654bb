import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { hasSubtitleExtension } from '@subtrans/subtitles/extensions';
import type { ExportFormat } from './api.js';

/** One input file into one language: a task on the server, and a file beside the input per format. */
export interface Job {
  /** absolute path of the input */
  input: string;
  /** its folder (where the outputs and the state file go) */
  dir: string;
  /** its file name */
  name: string;
  lang: string;
  outputs: { format: ExportFormat; path: string }[];
}

/** `ep1.srt` → `ep1`: what the outputs are named after. */
export function stemOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** Where the translation of `input` into `lang` is written in `format`: `<name>.<lang>.<format>` beside it. */
export function outputPath(input: string, lang: string, format: ExportFormat): string {
  return path.join(path.dirname(input), `${stemOf(path.basename(input))}.${lang}.${format}`);
}

/** `ep1.ja.srt`, `ep1.zh-CN.ass`: a name an output of ours has (the stem before the language). */
const OUTPUT_NAME = /^(.+)\.([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.(srt|vtt|ass)$/i;

/**
 * Whether `fileName` is an output of another subtitle file of the same folder (`ep1.ja.srt` beside
 * `ep1.srt`): a second run into another language must not take the first run's results as inputs.
 */
export function isOutputOf(fileName: string, stems: ReadonlySet<string>): boolean {
  const m = OUTPUT_NAME.exec(fileName);
  return m !== null && stems.has(m[1]!);
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The subtitle files of a folder (not its subfolders), outputs of earlier runs left out, by name. */
export async function subtitleFilesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isFile() && !e.name.startsWith('.') && hasSubtitleExtension(e.name))
    .map((e) => e.name);
  const stems = new Set(names.map(stemOf));
  return names
    .filter((n) => !isOutputOf(n, stems))
    .sort(byName)
    .map((n) => path.join(dir, n));
}

/** A usage error: the command cannot run as given (exit code 2). */
export class UsageError extends Error {}

/**
 * The inputs the arguments name: each folder's subtitle files by name, each file as given (in the
 * order of the arguments, each once).
 */
export async function findInputs(args: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const arg of args) {
    const abs = path.resolve(arg);
    const info = await stat(abs).catch(() => null);
    if (!info) throw new UsageError(`${arg}: no such file or folder`);
    if (info.isDirectory()) found.push(...(await subtitleFilesOf(abs)));
    else if (hasSubtitleExtension(abs)) found.push(abs);
    else
      throw new UsageError(
        `${arg}: not a subtitle file (.srt, .vtt, .ass, .ssa, .sbv, .ttml, .dfxp, .xml, .sub)`,
      );
  }
  return [...new Set(found)];
}

/** Every file × language, each with its outputs. */
export function jobsOf(
  inputs: readonly string[],
  langs: readonly string[],
  formats: readonly ExportFormat[],
): Job[] {
  return inputs.flatMap((input) =>
    langs.map((lang) => ({
      input,
      dir: path.dirname(input),
      name: path.basename(input),
      lang,
      outputs: formats.map((format) => ({ format, path: outputPath(input, lang, format) })),
    })),
  );
}

/** The skip decision: a job is done when every output exists; else the formats still to write. */
export function missingOutputs(job: Job, exists: (file: string) => boolean): Job['outputs'] {
  return job.outputs.filter((o) => !exists(o.path));
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The upload's Idempotency-Key: the file's bytes, the language and the engine (and the source
 * language when one is named: another `--from` is another request, which the server would refuse
 * under the same key). A retry of the same upload, in this run or the next, answers the first
 * task instead of making a second.
 */
export function createKey(sha256: string, lang: string, engine: string | undefined, from?: string): string {
  return `${sha256}-${lang}-${engine ?? 'default'}${from ? `-from-${from}` : ''}`;
}

/**
 * The start's Idempotency-Key: `start-<id>`, then `start-<id>-<n>` after n refusals or failures.
 * The server keeps a refusal's answer for 24 hours under its key, so a start refused for want of
 * points, or of a task that failed, must come back under a new key once points were bought.
 */
export function startKey(taskId: string, starts: number): string {
  return starts === 0 ? `start-${taskId}` : `start-${taskId}-${starts}`;
}
