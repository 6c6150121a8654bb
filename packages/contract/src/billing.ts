import { z } from 'zod';
import { INPUT_RULES } from './input.js';

const MAX_POINTS = 1_000_000_000;

/** SPEC §7 /user/get_point → data.point (available points) */
export const pointBalanceSchema = z.object({ point: z.number().int() });
export type PointBalance = z.infer<typeof pointBalanceSchema>;

/** SPEC §7 /user/decr_point {points} */
export const decrPointBody = z.object({ points: z.number().int().min(1).max(MAX_POINTS) });

/** Manager: add (positive) or remove (negative) points for a user. */
export const grantPointsBody = z.object({
  userId: z.number().int().positive(),
  points: z
    .number()
    .int()
    .min(-MAX_POINTS)
    .max(MAX_POINTS)
    .refine((n) => n !== 0, INPUT_RULES.notZero),
  note: z.string().trim().max(200).optional(),
  /** expiry of granted points (ISO date-time, in the future); default one year */
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((s) => Date.parse(s) > Date.now(), INPUT_RULES.inFuture)
    .optional(),
});

/**
 * The kinds of line of the points history: the ledger's own kinds, except that a task's hold and
 * its settlement (capture or release) make one `task` line.
 */
export const POINT_HISTORY_KINDS = ['credit', 'grant', 'adjustment', 'debit', 'expiry', 'task'] as const;
export type PointHistoryKind = (typeof POINT_HISTORY_KINDS)[number];

/** Where a task's points are: held while it runs, then charged (what it used) or released (all back). */
export const TASK_CHARGE_STATES = ['held', 'charged', 'released'] as const;
export type TaskChargeState = (typeof TASK_CHARGE_STATES)[number];

/**
 * /user/point_history: a line of the history as a customer reads it. The ledger stays as written
 * (append-only); this is its presentation: a task's run is one line whose amount is what it
 * costs in the end, and the balances after each line add up over these lines.
 */
export const pointHistoryEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(POINT_HISTORY_KINDS),
  /** change of the available points; for a task, its net effect so far (held, charged or 0) */
  amount: z.number().int(),
  /** the available points after this line, counting every earlier line as it stands now */
  balanceAfter: z.number().int(),
  /** the order a top-up paid for */
  orderId: z.string().nullable(),
  byManager: z.boolean(),
  note: z.string().nullable(),
  task: z
    .object({
      /** null once the task is deleted */
      fileName: z.string().nullable(),
      /** what the points paid for: the task's translation, or its video with the lines (issue 40) */
      purpose: z.enum(['translation', 'render']),
      state: z.enum(TASK_CHARGE_STATES),
      /** what was held when it started */
      held: z.number().int(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type PointHistoryEntry = z.infer<typeof pointHistoryEntrySchema>;

export const pointLotSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  remaining: z.number().int(),
  expiresAt: z.string(),
  source: z.enum(['credit', 'grant']),
  createdAt: z.string(),
});
export type PointLot = z.infer<typeof pointLotSchema>;

/** /user/point_lots: spendable lots and the points held by running tasks */
export const pointSummarySchema = z.object({
  point: z.number().int(),
  held: z.number().int(),
  lots: z.array(pointLotSchema),
});
export type PointSummary = z.infer<typeof pointSummarySchema>;
