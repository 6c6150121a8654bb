import type { TaskRow } from '../tasks.repository.js';

/**
 * A task's life as one state machine: its states, the events that move it, and what each move
 * does to the points it holds. task-life.service.ts performs the moves (the status change in the
 * repositories, the ledger effect read from this table) in the caller's transaction; nothing else
 * holds, captures or releases a task's points.
 */

/**
 * `awaiting-review` is a pending task with awaiting_review set (issue 26: paused for the review of
 * its names and terms, its points still held); `deleted` is any task with deleted_at set.
 */
export const LIFE_STATES = [
  'pending',
  'processing',
  'translating',
  'awaiting-review',
  'completed',
  'failed',
  'deleted',
] as const;
export type LifeState = (typeof LIFE_STATES)[number];

/** the states in which a run's price is held (nothing, for a free run: its hold_ref is null) */
export const HOLDING_STATES: readonly LifeState[] = ['processing', 'translating', 'awaiting-review'];

export type LedgerEffect = 'hold' | 'capture' | 'release' | 'none';

export type LifeEvent =
  | 'start'
  | 'startMedia'
  | 'continuePart'
  | 'continueMediaPart'
  | 'transcribe'
  | 'pauseForReview'
  | 'resumeReview'
  | 'complete'
  | 'fail'
  | 'failPart'
  | 'expireReview'
  | 'closeAccount'
  | 'delete';

export interface Transition {
  event: LifeEvent;
  from: readonly LifeState[];
  to: LifeState;
  ledger: LedgerEffect;
}

/**
 * Every move of a started task. An event may have several rows when its effect depends on where
 * it starts (deleting a running task gives its hold back; deleting a settled one books nothing).
 * Before its first run an audio/video task is detected (`processing` with nothing held, then
 * pending or failed: media.repository.ts) and an unexecuted file expires: neither books points.
 */
export const TRANSITIONS: readonly Transition[] = [
  // /task/start (SRT) and /file/submit_execute_task (audio/video): the run's price is held
  { event: 'start', from: ['pending', 'failed'], to: 'translating', ledger: 'hold' },
  { event: 'startMedia', from: ['pending', 'failed'], to: 'processing', ledger: 'hold' },
  // issue 34: a task translated in part goes on with its next part, under a hold of its own
  { event: 'continuePart', from: ['completed'], to: 'translating', ledger: 'hold' },
  { event: 'continueMediaPart', from: ['completed'], to: 'processing', ledger: 'hold' },
  // the hold carries over while the run goes on
  { event: 'transcribe', from: ['processing'], to: 'translating', ledger: 'none' },
  { event: 'pauseForReview', from: ['translating'], to: 'awaiting-review', ledger: 'none' },
  { event: 'resumeReview', from: ['awaiting-review'], to: 'translating', ledger: 'none' },
  // the run ends: charged when done, given back otherwise
  { event: 'complete', from: ['translating'], to: 'completed', ledger: 'capture' },
  { event: 'fail', from: ['translating', 'processing'], to: 'failed', ledger: 'release' },
  // a later part that fails leaves the task as its earlier parts made it (they stay charged)
  { event: 'failPart', from: ['translating', 'processing'], to: 'completed', ledger: 'release' },
  { event: 'expireReview', from: ['awaiting-review'], to: 'failed', ledger: 'release' },
  {
    event: 'closeAccount',
    from: ['processing', 'translating', 'awaiting-review'],
    to: 'failed',
    ledger: 'release',
  },
  {
    event: 'delete',
    from: ['processing', 'translating', 'awaiting-review'],
    to: 'deleted',
    ledger: 'release',
  },
  { event: 'delete', from: ['pending', 'failed', 'completed'], to: 'deleted', ledger: 'none' },
];

/** Where a task row is in its life, its deletion aside (what it was when it was deleted). */
export function liveStateOf(row: Pick<TaskRow, 'status' | 'awaiting_review'>): Exclude<LifeState, 'deleted'> {
  return row.awaiting_review ? 'awaiting-review' : row.status;
}

export function lifeStateOf(row: Pick<TaskRow, 'status' | 'awaiting_review' | 'deleted_at'>): LifeState {
  return row.deleted_at ? 'deleted' : liveStateOf(row);
}

/**
 * The ledger effect of `event` from `from`; without `from`, the effect all its rows share. A
 * move the table does not declare is a programming error, never a silent no-op.
 */
export function ledgerOf(event: LifeEvent, from?: LifeState): LedgerEffect {
  const rows = TRANSITIONS.filter((t) => t.event === event && (!from || t.from.includes(from)));
  const effects = new Set(rows.map((t) => t.ledger));
  if (effects.size !== 1)
    throw new Error(`task life: no single ledger effect for ${event}${from ? ` from ${from}` : ''}`);
  return rows[0]!.ledger;
}
