import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  HOLDING_STATES,
  LIFE_STATES,
  ledgerOf,
  lifeStateOf,
  TRANSITIONS,
  type LifeEvent,
  type LifeState,
} from './task-life.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const holding = (s: LifeState) => HOLDING_STATES.includes(s);
const eventsOf = () => [...new Set(TRANSITIONS.map((t) => t.event))];
const fromOf = (event: LifeEvent) =>
  new Set(TRANSITIONS.filter((t) => t.event === event).flatMap((t) => t.from));

describe('the task life table', () => {
  it('settles the hold on every move out of a holding state, and holds on every move into one', () => {
    for (const t of TRANSITIONS)
      for (const from of t.from) {
        const move = `${t.event}: ${from} → ${t.to}`;
        if (holding(from) && !holding(t.to)) expect(['capture', 'release'], move).toContain(t.ledger);
        else if (!holding(from) && holding(t.to)) expect(t.ledger, move).toBe('hold');
        // within the holding states the hold carries over; outside them there is nothing to book
        else expect(t.ledger, move).toBe('none');
      }
  });

  it('captures only on completion', () => {
    expect(TRANSITIONS.filter((t) => t.ledger === 'capture').map((t) => t.event)).toEqual(['complete']);
  });

  it('leaves a deleted task as it is, and a completed one only for its next part or its deletion', () => {
    const out = (s: LifeState) => TRANSITIONS.filter((t) => t.from.includes(s)).map((t) => t.event);
    expect(out('deleted')).toEqual([]);
    expect(out('completed').sort()).toEqual(['continueMediaPart', 'continuePart', 'delete']);
    expect(TRANSITIONS.filter((t) => t.to === 'deleted').map((t) => t.event)).toEqual(['delete', 'delete']);
  });

  it('gives each event one move from each state (its rows do not overlap)', () => {
    for (const event of eventsOf()) {
      const rows = TRANSITIONS.filter((t) => t.event === event);
      const all = rows.flatMap((t) => t.from);
      expect(new Set(all).size, event).toBe(all.length);
    }
    expect([...fromOf('delete')].sort()).toEqual(LIFE_STATES.filter((s) => s !== 'deleted').sort());
  });

  it('answers the declared effect, and refuses a move the table does not declare', () => {
    expect(ledgerOf('delete', 'translating')).toBe('release');
    expect(ledgerOf('delete', 'completed')).toBe('none');
    expect(ledgerOf('fail')).toBe('release');
    expect(() => ledgerOf('delete')).toThrow(/no single ledger effect/);
    expect(() => ledgerOf('complete', 'failed')).toThrow(/no single ledger effect/);
  });

  it('reads a row’s state: deletion first, then the review flag, then the status', () => {
    const row = { status: 'pending' as const, awaiting_review: true, deleted_at: null };
    expect(lifeStateOf(row)).toBe('awaiting-review');
    expect(lifeStateOf({ ...row, awaiting_review: false })).toBe('pending');
    expect(lifeStateOf({ ...row, deleted_at: new Date() })).toBe('deleted');
  });

  it('books every event that moves points in task-life.service.ts', () => {
    const service = readFileSync(path.join(HERE, 'task-life.service.ts'), 'utf8');
    for (const event of eventsOf().filter((e) =>
      TRANSITIONS.some((t) => t.event === e && t.ledger !== 'none'),
    ))
      expect(service, event).toMatch(new RegExp(`\\(ctx, q, '${event}'`));
  });
});

/** where each event's status change is written: file (from here), function, which UPDATE in it */
const SQL_OF: Record<LifeEvent, { file: string; fn: string; nth?: number }> = {
  start: { file: '../tasks.repository.ts', fn: 'claimForRun' },
  startMedia: { file: '../../media/media.repository.ts', fn: 'claimMediaRun' },
  continuePart: { file: '../parts/task-parts.repository.ts', fn: 'claimRest' },
  continueMediaPart: { file: '../parts/task-parts.repository.ts', fn: 'claimMediaRest' },
  transcribe: { file: '../../media/media.repository.ts', fn: 'saveTranscript' },
  pauseForReview: { file: '../brief/voice.repository.ts', fn: 'recordBrief' },
  resumeReview: { file: '../brief/voice.repository.ts', fn: 'resumeAfterReview' },
  complete: { file: '../tasks.repository.ts', fn: 'finishRun', nth: 0 },
  fail: { file: '../tasks.repository.ts', fn: 'finishRun', nth: 1 },
  failPart: { file: '../parts/task-parts.repository.ts', fn: 'failLaterPart' },
  expireReview: { file: '../brief/voice.repository.ts', fn: 'cancelReview' },
  closeAccount: { file: '../task-deletion.repository.ts', fn: 'failRunningTasksOf' },
  delete: { file: '../tasks.repository.ts', fn: 'softDeleteTask' },
};

/** The WHERE clause of the nth `UPDATE tasks` in the exported function `fn` of `file`. */
function whereOf(file: string, fn: string, nth = 0): string {
  const source = readFileSync(path.join(HERE, file), 'utf8');
  const start = source.indexOf(`export async function ${fn}(`);
  if (start < 0) throw new Error(`${fn} is not in ${file}`);
  const end = source.indexOf('\nexport ', start + 1);
  const body = source.slice(start, end < 0 ? undefined : end);
  const update = [...body.matchAll(/`(UPDATE tasks[^`]*)`/g)][nth]?.[1];
  if (!update) throw new Error(`no UPDATE tasks #${nth} in ${fn}`);
  return update.slice(update.lastIndexOf('WHERE')).split('RETURNING')[0]!;
}

/**
 * The life states a WHERE clause admits, read from its conditions on status, awaiting_review and
 * deleted_at (awaiting-review is a pending row with the flag set; others, such as kind or
 * detect_status, narrow the rows but not the states).
 */
function statesOf(where: string): Set<LifeState> {
  const listed = /(?<![\w.])status\s*(?:=\s*'(\w+)'|IN\s*\(([^)]*)\))/.exec(where);
  const statuses = listed
    ? listed[1]
      ? [listed[1]]
      : [...listed[2]!.matchAll(/'(\w+)'/g)].map((m) => m[1]!)
    : ['pending', 'processing', 'translating', 'completed', 'failed'];
  const states = new Set<LifeState>(statuses as LifeState[]);
  const flag = /NOT awaiting_review/.test(where)
    ? 'unset'
    : /OR awaiting_review\b/.test(where)
      ? 'or'
      : /\bawaiting_review\b/.test(where)
        ? 'set'
        : 'any';
  if (flag === 'set') {
    const paused = states.has('pending');
    states.clear();
    if (paused) states.add('awaiting-review');
  }
  if ((flag === 'any' && states.has('pending')) || flag === 'or') states.add('awaiting-review');
  if (!/deleted_at IS NULL/.test(where)) states.add('deleted');
  return states;
}

describe('the task life table against the repositories', () => {
  it('declares for each event the states its SQL moves from', () => {
    for (const event of eventsOf()) {
      const { file, fn, nth } = SQL_OF[event];
      const admitted = statesOf(whereOf(file, fn, nth));
      admitted.delete('deleted');
      expect([...admitted].sort(), `${event} (${fn})`).toEqual([...fromOf(event)].sort());
    }
  });

  it('only gives back on a move whose SQL would also touch a deleted task (a no-op: deletion released it)', () => {
    const unguarded = eventsOf().filter((e) => {
      const { file, fn, nth } = SQL_OF[e];
      return statesOf(whereOf(file, fn, nth)).has('deleted');
    });
    expect(unguarded.sort()).toEqual(['fail', 'failPart']);
    for (const event of unguarded) expect(ledgerOf(event), event).toBe('release');
  });

  it('reads the conditions it relies on (a check of the reader itself)', () => {
    const where = (s: string) => [...statesOf(s)].sort();
    expect(
      where(
        `WHERE id = $1 AND status IN ('pending', 'failed') AND NOT awaiting_review AND deleted_at IS NULL`,
      ),
    ).toEqual(['failed', 'pending']);
    expect(where(`WHERE status = 'pending' AND awaiting_review AND deleted_at IS NULL`)).toEqual([
      'awaiting-review',
    ]);
    expect(where(`WHERE execute_status = 4 AND deleted_at IS NULL AND status = 'completed'`)).toEqual([
      'completed',
    ]);
    expect(where(`WHERE (status IN ('translating') OR awaiting_review)`)).toEqual([
      'awaiting-review',
      'deleted',
      'translating',
    ]);
  });
});
