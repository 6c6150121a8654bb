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

export interface LedgerEntry {
  id: number;
  kind: LedgerKind;
  /** change of the available points */
  amount: number;
  heldChange: number;
  balanceAfter: number;
  referenceType: string | null;
  referenceId: string | null;
  byManager: boolean;
  note: string | null;
  createdAt: string;
}

export interface PointLot {
  id: number;
  amount: number;
  remaining: number;
  expiresAt: string;
  source: 'credit' | 'grant';
  createdAt: string;
}

/** /user/point_lots: spendable lots and the points held by running tasks */
export interface PointSummary {
  point: number;
  held: number;
  lots: PointLot[];
}
