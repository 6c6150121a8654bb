import type { GlossaryEntry } from '@subtrans/contract';
import { termKey, TermMatcher } from '@subtrans/subtitles';
import type { Queryable } from '../../db/client.js';
import type { BatchExtras } from '../../engines/translation/pipeline.js';
import { requestTermOf } from '../../engines/translation/terms-pass.js';
import { taskGlossaryEntries } from '../glossary/index.js';
import { taskGlossaryIds } from './task-terms.repository.js';
import type { TaskRow } from './tasks.repository.js';

/**
 * A task's terms (issue 26): the entries of its glossaries, matched in its lines (packages/subtitles
 * terms.ts). Each batch carries the terms its lines hold; after translation the lines still
 * lacking a term's rendering are asked once more (terms-retry.ts), then flagged 'term-missing'
 * (line-quality.ts).
 */
export type TaskTerms = TermMatcher<GlossaryEntry>;

/** The task's terms, or null when it has none. */
export async function taskTermsOf(q: Queryable, task: TaskRow): Promise<TaskTerms | null> {
  const ids = await taskGlossaryIds(q, task.id);
  if (!ids.length) return null;
  const pair = { source: task.original_language, target: task.target_language };
  const entries = await taskGlossaryEntries(q, task.user_id, ids, pair);
  return entries.length ? new TermMatcher(entries) : null;
}

/**
 * What each batch of `lines` carries: the terms found in its lines (of two entries of one source,
 * the first glossary's), then those of `base` (other extras, such as the film brief's) whose source no glossary term has.
 * Each line is searched once, however many batches and attempts ask.
 */
export function termExtrasFor(
  terms: TaskTerms | null | undefined,
  lines: readonly string[],
  base?: (from: number, to: number) => BatchExtras,
): ((from: number, to: number) => BatchExtras) | undefined {
  if (!terms) return base;
  const found = new Map<number, GlossaryEntry[]>();
  const termsAt = (i: number) => found.get(i) ?? found.set(i, terms.termsIn(lines[i]!)).get(i)!;
  return (from, to) => {
    const entries = new Set<GlossaryEntry>();
    for (let i = from; i < to; i++) for (const e of termsAt(i)) entries.add(e);
    const own = [...entries].map(requestTermOf);
    const extras = base?.(from, to) ?? {};
    const mine = new Set(own.map((t) => termKey({ source: t.source })));
    const all = [...own, ...(extras.terms ?? []).filter((t) => !mine.has(termKey({ source: t.source })))];
    return { ...extras, ...(all.length ? { terms: all } : {}) };
  };
}
