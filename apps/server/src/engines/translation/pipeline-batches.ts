import { AllowanceSpent, type Work } from './allowance.js';
import { planBatches, type BatchPlan } from './batch-plan.js';
import type { CondensePool } from './condense.js';
import { EngineError, unknownWordsOf, type TranslateRequest, type TranslationEngine } from './engine.js';
import type { BatchExtras } from './extras-fit.js';
import type { EngineCaller } from './pipeline-call.js';
import type { PipelineOptions } from './pipeline-options.js';
import type { PersistedAnswers } from './pipeline-persist.js';
import { closesSentence, groupsOf } from './sentence-groups.js';

/**
 * ASS override blocks that open a line (`{\an8}`, `{\pos(960,100)\fs40}`): a position or a style,
 * not words. They are kept off the engine (which may drop or mangle them) and put back on its
 * answer, where they stood (issue 37: a sign of an ASS file keeps its place).
 */
const LEADING_OVERRIDES = /^(?:\{[^}]*\})+/;
export const leadingOverrides = (text: string): string => LEADING_OVERRIDES.exec(text)?.[0] ?? '';
const withoutLead = (text: string): string => text.slice(leadingOverrides(text).length);

/** line i continues into line i + 1 (one sentence across cues); never when not `grouped` */
export const joinsNextOf =
  (lines: readonly string[], grouped: boolean) =>
  (i: number): boolean =>
    grouped && i + 1 < lines.length && !closesSentence(lines[i]!);

/** What a run's batches work with. */
export interface BatchParts {
  engine: TranslationEngine;
  lines: readonly string[];
  languages: { source: string; target: string };
  /** the line indices the run translates */
  todo: readonly number[];
  opts: PipelineOptions;
  caller: EngineCaller;
  answers: PersistedAnswers;
  /** where lines over budget wait to be condensed (none without budgets or a condensing engine) */
  pool: CondensePool | null;
}

/** A run's planned batches, and each batch's call, halved on wrong answers. */
export class Batches {
  readonly plan: BatchPlan;
  private readonly joinsNext: (i: number) => boolean;

  /** Plans the batches (holding them against the allowance, when there is one). */
  constructor(private readonly p: BatchParts) {
    const { opts } = p;
    this.joinsNext = joinsNextOf(p.lines, opts.sentenceGroups ?? true);
    this.plan = planBatches({
      engine: p.engine,
      todo: p.todo,
      batchSize: opts.batchSize,
      ...(opts.maxBatches !== undefined ? { maxBatches: opts.maxBatches } : {}),
      joinsNext: this.joinsNext,
      requestOf: (from, to, extras, size) => this.requestOf(from, to, extras, size),
      ...(opts.extrasFor ? { extrasFor: opts.extrasFor } : {}),
      ...(opts.allowance && !opts.extraWork ? { allowance: opts.allowance } : {}),
    });
  }

  /**
   * One batch [from, to): its call, then on a wrong answer its halves (held first: without the
   * allowance for them its lines keep their original text); `held` is what was held for it.
   */
  async run(from: number, to: number, held: Work | undefined = this.plan.heldFor(from, to)): Promise<void> {
    const { engine, lines, answers, opts } = this.p;
    const allowance = opts.allowance;
    const req = this.requestOf(from, to, this.plan.extrasOf(from, to), this.plan.batchSize);
    const bytes = engine.prompt?.translate(req) ?? 0;
    const split = to - from > 1;
    let values: string[];
    try {
      values = await this.p.caller.send(() => engine.translate(req), {
        bytes,
        split,
        ...(held ? { held } : {}),
      });
    } catch (err) {
      // the allowance is spent: these lines keep their original text, as a line that kept failing
      if (err instanceof AllowanceSpent) {
        answers.finish(from, lines.slice(from, to), to - from);
        return;
      }
      const wrongLines = err instanceof EngineError && (err.kind === 'count' || err.kind === 'format');
      if (!wrongLines) throw err;
      if (to - from > 1) {
        if (allowance && !allowance.reserve({ calls: 2, bytes })) {
          answers.finish(from, lines.slice(from, to), to - from);
          return;
        }
        const half = allowance ? { calls: 1, bytes: Math.ceil(bytes / 2) } : undefined;
        const mid = from + Math.ceil((to - from) / 2);
        await this.run(from, mid, half);
        await this.run(mid, to, half);
        return;
      }
      answers.finish(from, [lines[from]!], 1);
      return;
    }
    // saved as the engine answered it; lines over budget wait to be condensed, then saved again
    // the words the engine marked as not translated: taken out of the text, kept for its flags
    const marked = values.map((v, i) => {
      const m = unknownWordsOf(v);
      return { ...m, text: leadingOverrides(lines[from + i]!) + m.text };
    });
    const texts = marked.map((m) => m.text);
    answers.finish(
      from,
      texts,
      0,
      marked.map((m) => m.words),
    );
    this.p.pool?.add(from, texts);
  }

  private requestOf(from: number, to: number, extras: BatchExtras, size: number): TranslateRequest {
    const { lines, languages, opts } = this.p;
    const context = opts.contextLines ?? 2;
    // the groups of this call, as [first, last] indices into its lines
    const groups = groupsOf(from, to, size, this.joinsNext)
      .filter(([a, b]) => b - a > 1)
      .map(([a, b]): [number, number] => [a - from, b - 1 - from]);
    return {
      lines: lines.slice(from, to).map(withoutLead),
      context: {
        before: lines.slice(Math.max(0, from - context), from).map(withoutLead),
        after: lines.slice(to, to + context).map(withoutLead),
      },
      source: languages.source,
      target: languages.target,
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.fit ? { budgets: opts.fit.budgets.slice(from, to), counting: opts.fit.counting } : {}),
      ...(groups.length ? { groups } : {}),
      ...extras,
    };
  }
}
