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

export const LEDGER_KINDS = [
  'credit',
  'hold',
  'capture',
  'release',
  'expiry',
  'grant',
  'adjustment',
  'debit',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** change of the available points */
  amount: z.number().int(),
  heldChange: z.number().int(),
  balanceAfter: z.number().int(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  byManager: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

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
