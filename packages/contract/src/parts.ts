import { z } from 'zod';

/**
 * Issue 34: a file whose price the balance does not cover is translated in parts. A part is a run
 * of lines from the first not yet translated; each is priced as the file's lines through its last
 * line would be at once, less what the earlier parts were charged (at least 10 points), so the
 * parts together cost what the whole file costs.
 */

/**
 * /task/start and /task/translate_rest: given, the server translates the part the caller's
 * balance covers (at most `maxPoints`, when named: what the dialog showed), cut at a line; left
 * out, all the lines left, or nothing (INSUFFICIENT_POINTS). The server decides the cut from its
 * own balance and the stored lines, never from a number of lines sent by the client.
 */
export const partRequestField = z
  .object({ maxPoints: z.number().int().min(1).max(100_000_000).optional() })
  .optional();

/**
 * A run of lines and its price: lines fromLine..toLine (from 1), the time from startMs to endMs.
 * An audio/video task's part is a stretch of its audio: its lines are known only once it is
 * transcribed, so toLine is null (fromLine: the number its first line will have).
 */
export const partPlanSchema = z.object({
  fromLine: z.number().int(),
  toLine: z.number().int().nullable(),
  /** where the lines before this part end (ms; 0 for the first part) */
  startMs: z.number(),
  /** where this part's lines end (ms) */
  endMs: z.number(),
  points: z.number().int(),
});
export type PartPlan = z.infer<typeof partPlanSchema>;

/**
 * /task/part_quote: what translating the lines a task has left costs, and what the caller's
 * balance covers of them now (null when it covers them all, or not even the next line).
 */
export const partQuoteSchema = z.object({
  balance: z.number().int(),
  /** every line left: the whole file for a task not started */
  rest: partPlanSchema,
  part: partPlanSchema.nullable(),
  /** what the next line alone costs: the least balance that buys a part */
  nextLinePoints: z.number().int(),
});
export type PartQuote = z.infer<typeof partQuoteSchema>;

/**
 * A completed task with lines left (translated in a part): what is done and what the rest costs.
 * Lines after `translatedThrough` have no translation (exported as their original text). An
 * audio/video task translated in part has every line it has translated: the rest of its audio is
 * not transcribed yet, so how many lines it holds is not known (remainingLines null).
 */
export const taskPartialSchema = z.object({
  translatedThrough: z.number().int(),
  remainingLines: z.number().int().nullable(),
  /** the time after the translated lines' end (ms); audio/video: the audio not transcribed yet */
  remainingMs: z.number(),
  /** what translating every remaining line costs now */
  restPoints: z.number().int(),
  /** what the parts done were charged */
  chargedPoints: z.number().int(),
});
export type TaskPartial = z.infer<typeof taskPartialSchema>;
