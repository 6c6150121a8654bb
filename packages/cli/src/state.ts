import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const STATE_FILE = '.subtrans.json';

/** What a folder remembers of one file × language: the task made for it, and what it was made from. */
export interface StateEntry {
  taskId: string;
  /** the input's bytes when the task was made: a changed file is uploaded again */
  sha256: string;
  engine: string | null;
  from: string | null;
  /** how many of the task's starts were refused or ended failed (names the next start's key) */
  starts: number;
}

interface StateDoc {
  version: 1;
  /** file name → language → entry */
  tasks: Record<string, Record<string, StateEntry>>;
}

/**
 * Whether a remembered task is the one this run would make (same bytes, engine and source
 * language): else it is forgotten and the file uploaded anew.
 */
export function entryFits(
  entry: StateEntry | undefined,
  want: { sha256: string; engine: string | null; from: string | null },
): entry is StateEntry {
  return (
    entry !== undefined &&
    entry.sha256 === want.sha256 &&
    entry.engine === want.engine &&
    entry.from === want.from
  );
}

function parse(text: string, file: string): StateDoc {
  const doc = JSON.parse(text) as Partial<StateDoc>;
  if (doc.version !== 1 || typeof doc.tasks !== 'object' || doc.tasks === null)
    throw new Error(`${file} is not a state file of this version of subtrans: move it away to start afresh`);
  return doc as StateDoc;
}

/**
 * `.subtrans.json` of one folder: the task of each file × language once it is created, so an
 * interrupted run goes on with the same tasks instead of uploading again. Written whole after each
 * change (to a temporary file, then renamed: an interruption leaves the old or the new one), one
 * write at a time.
 */
export class FolderState {
  private doc: StateDoc = { version: 1, tasks: {} };
  private writing: Promise<void> = Promise.resolve();
  readonly file: string;

  private constructor(dir: string) {
    this.file = path.join(dir, STATE_FILE);
  }

  static async load(dir: string): Promise<FolderState> {
    const state = new FolderState(dir);
    const text = await readFile(state.file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (text !== null) state.doc = parse(text, state.file);
    return state;
  }

  get(name: string, lang: string): StateEntry | undefined {
    return this.doc.tasks[name]?.[lang];
  }

  async set(name: string, lang: string, entry: StateEntry): Promise<void> {
    (this.doc.tasks[name] ??= {})[lang] = entry;
    await this.save();
  }

  private save(): Promise<void> {
    const text = `${JSON.stringify(this.doc, null, 2)}\n`;
    const next = this.writing.then(async () => {
      const tmp = `${this.file}.${process.pid}.tmp`;
      await writeFile(tmp, text);
      await rename(tmp, this.file);
    });
    // a failed write is reported to its caller; the next one still runs
    this.writing = next.catch(() => undefined);
    return next;
  }
}

/** The state of each folder, loaded once. */
export class States {
  private readonly folders = new Map<string, Promise<FolderState>>();

  of(dir: string): Promise<FolderState> {
    let state = this.folders.get(dir);
    if (!state) {
      state = FolderState.load(dir);
      this.folders.set(dir, state);
    }
    return state;
  }
}
