import type { CondensedLine } from './condense.js';
import type { PipelineOptions } from './pipeline-options.js';

type Hooks = Pick<PipelineOptions, 'onLines' | 'onCondensed' | 'onProgress'>;

/**
 * A run's answers, persisted in the order they came. Persisting a finished run (onLines) overlaps
 * the next engine call instead of delaying it; a run counts as done only once persisted, and a
 * failed persist stops the whole run (`fail`).
 */
export class PersistedAnswers {
  /** lines that kept their original text */
  keptOriginal = 0;
  private done = 0;
  private readonly out: (string | undefined)[];
  private readonly persisting = new Set<Promise<unknown>>();
  /** by line index: its last persist (true once it succeeded), which a condensed text waits for */
  private readonly savedOf = new Map<number, Promise<boolean>>();

  /** `total`: the lines this run translates (for onProgress) */
  constructor(
    private readonly lines: readonly string[],
    private readonly total: number,
    private readonly hooks: Hooks,
    private readonly fail: (err: unknown) => void,
  ) {
    this.out = new Array<string | undefined>(lines.length);
  }

  /**
   * A run of lines as the engine answered it (`kept` of them with their original text), with the
   * words it could not translate in each.
   */
  finish(
    from: number,
    values: string[],
    kept = 0,
    unknown: readonly string[][] = values.map(() => []),
  ): void {
    const saved = this.track(
      (async () => {
        // the worker that finished this run sends its next engine call first (in this same turn of
        // the event loop); an embedded database would otherwise hold that request back while it writes
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.hooks.onLines) await this.hooks.onLines(from, values, kept, unknown);
        values.forEach((v, i) => (this.out[from + i] = v));
        this.keptOriginal += kept;
        this.done += values.length;
        this.hooks.onProgress?.(this.done, this.total);
        return true;
      })().catch((err: unknown) => {
        this.fail(err);
        return false;
      }),
    );
    values.forEach((_, i) => this.savedOf.set(from + i, saved));
  }

  /** Condensed lines, persisted once their run (and their previous condensing) was. */
  revise(changed: CondensedLine[]): void {
    const after = changed.map((c) => this.savedOf.get(c.index) ?? Promise.resolve(true));
    const saved = this.track(
      (async () => {
        const ok = await Promise.all(after);
        const lines = changed.filter((_, k) => ok[k]);
        if (!lines.length) return false;
        if (this.hooks.onCondensed) await this.hooks.onCondensed(lines);
        for (const c of lines) this.out[c.index] = c.text;
        return true;
      })().catch((err: unknown) => {
        this.fail(err);
        return false;
      }),
    );
    for (const c of changed) this.savedOf.set(c.index, saved);
  }

  /** Every persist started, ended (those started meanwhile included). */
  async settled(): Promise<void> {
    while (this.persisting.size) await Promise.all(this.persisting);
  }

  /** Each line as persisted, or its original text. */
  translations(): string[] {
    return this.out.map((v, i) => v ?? this.lines[i]!);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.persisting.add(p);
    void p.finally(() => this.persisting.delete(p));
    return p;
  }
}
