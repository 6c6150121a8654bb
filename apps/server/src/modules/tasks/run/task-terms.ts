import type { Brief, GlossaryEntry, SeriesMemory } from '@subtrans/contract';
import { renderingOf, termKey, TermMatcher, type TermEntry } from '@subtrans/subtitles';
import type { Queryable } from '../../../db/client.js';
import type { BatchExtras } from '../../../engines/translation/pipeline.js';
import { requestTermOf } from '../../../engines/translation/terms-pass.js';
import { taskGlossaryEntries } from '../../glossary/index.js';
import { seriesMemoryOf } from '../../series/index.js';
import { taskGlossaryIds } from './task-terms.repository.js';
import type { TaskRow } from '../tasks.repository.js';
import { readBrief } from '../brief/voice.repository.js';

/**
 * A task's terms (issue 26): what its translation must render one way, matched in its lines
 * (packages/subtitles terms.ts). Each batch carries the terms its lines hold; after translation
 * the lines still lacking a term's rendering are asked once more (terms-retry.ts), then flagged
 * 'term-missing' (line-quality.ts); /task/reapply translates them again (reapply.service.ts).
 */
export interface TaskTerm extends TermEntry {
  note?: string;
  /** a glossary's entry, the brief's term or character ('name'), or the series memory's */
  from: 'glossary' | 'brief' | 'name' | 'series';
}
export type TaskTerms = TermMatcher<TaskTerm>;

/**
 * The terms and characters of a brief or a series memory that have a rendering (a proposal the
 * user left empty asks nothing); sources read as NFKC, so a model's "ＫＥＮＪＩ" is Kenji.
 */
function renderedTerms(of: Brief | SeriesMemory | null, from: 'brief' | 'series'): TaskTerm[] {
  if (!of) return [];
  const terms = of.terms
    .filter((t) => t.target)
    .map((t) => ({
      source: t.source.normalize('NFKC'),
      target: t.target,
      ...(t.note ? { note: t.note } : {}),
      from,
    }));
  const names = of.characters
    .filter((c) => c.target)
    .map((c) => ({
      source: c.name.normalize('NFKC'),
      target: c.target,
      from: from === 'brief' ? 'name' : from,
    }));
  return [...terms, ...(names as TaskTerm[])];
}

/** The series' memory, or null (none, or the series was deleted). */
async function memoryOf(q: Queryable, task: TaskRow): Promise<SeriesMemory | null> {
  if (!task.series_id) return null;
  return seriesMemoryOf(q, task.user_id, task.series_id).catch(() => null);
}

/**
 * The task's terms, or null when it has none: its glossaries' entries (the first glossary's of
 * two with one source), then the brief's terms and characters as the user left them, then the
 * series memory's (which the brief usually holds already). Of two entries with one source the
 * first wins: a glossary over the brief, the brief the user corrected over the memory.
 */
export async function taskTermsOf(q: Queryable, task: TaskRow): Promise<TaskTerms | null> {
  const ids = await taskGlossaryIds(q, task.id);
  const pair = { source: task.original_language, target: task.target_language };
  const glossary = ids.length ? await taskGlossaryEntries(q, task.user_id, ids, pair) : [];
  return termsOfTask(glossary, await readBrief(q, task.id), await memoryOf(q, task));
}

/** The same from what a task holds: its glossaries' entries, its brief, its series' memory. */
export function termsOfTask(
  glossary: readonly GlossaryEntry[],
  brief: Brief | null,
  memory: SeriesMemory | null,
): TaskTerms | null {
  const entries: TaskTerm[] = [
    ...glossary.map((e) => ({ ...e, from: 'glossary' as const })),
    ...renderedTerms(brief, 'brief'),
    ...renderedTerms(memory, 'series'),
  ];
  return entries.length ? new TermMatcher(entries) : null;
}

/**
 * What each batch of `lines` carries: the terms found in its lines, then those of `base` (the
 * brief's part and the instructions, batch-extras.ts) whose source none of them has. The brief's
 * characters go in its part, not as terms; a character a glossary also names gets the glossary's
 * rendering there. Each line is searched once, however many batches and attempts ask.
 */
export function termExtrasFor(
  terms: TaskTerms | null | undefined,
  lines: readonly string[],
  base?: (from: number, to: number) => BatchExtras,
): ((from: number, to: number) => BatchExtras) | undefined {
  if (!terms) return base;
  const found = new Map<number, TaskTerm[]>();
  const termsAt = (i: number) => found.get(i) ?? found.set(i, terms.termsIn(lines[i]!)).get(i)!;
  const glossary = new Map(terms.entries.filter((e) => e.from === 'glossary').map((e) => [termKey(e), e]));
  const glossaryFor = (name: string) =>
    glossary.get(termKey({ source: name, caseSensitive: true })) ?? glossary.get(termKey({ source: name }));
  return (from, to) => {
    const entries = new Set<TaskTerm>();
    for (let i = from; i < to; i++) for (const e of termsAt(i)) if (e.from !== 'name') entries.add(e);
    const own = [...entries].map(requestTermOf);
    const extras = base?.(from, to) ?? {};
    const mine = new Set(own.map((t) => termKey({ source: t.source })));
    const all = [...own, ...(extras.terms ?? []).filter((t) => !mine.has(termKey({ source: t.source })))];
    const brief = extras.brief && {
      ...extras.brief,
      characters: extras.brief.characters.map((c) => {
        const e = glossaryFor(c.name.normalize('NFKC'));
        return e ? { ...c, target: renderingOf(e) } : c;
      }),
    };
    return { ...extras, ...(brief ? { brief } : {}), ...(all.length ? { terms: all } : {}) };
  };
}
