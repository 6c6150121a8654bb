import type { Formality, TaskVoice } from '@subtrans/contract';

/** The task's columns of issue 26 (migration 0027): its voice, the brief's state, engine calls. */
export interface TaskVoiceRow {
  glossary_ids: string[];
  series_id: string | null;
  formality: Formality;
  translator_note: string;
  review_terms: boolean;
  awaiting_review: boolean;
  review_expires_at: Date | null;
  /** whether a brief is stored (the brief itself is read only where it is used) */
  has_brief: boolean;
  engine_calls: number;
  brief_calls: number;
  batch_size: number | null;
  /** issue 41: the engine work this start of the task took (calls, prompt bytes), against its allowance */
  work_calls: number;
  work_bytes: string | number;
}

/** TaskVoiceRow's select-list items (part of TASK_COLUMNS; valid in RETURNING lists too) */
export const VOICE_COLUMNS = `glossary_ids, series_id, formality, translator_note, review_terms, awaiting_review, review_expires_at, (brief IS NOT NULL) AS has_brief, engine_calls, brief_calls, batch_size, work_calls, work_bytes`;

export function toVoice(r: TaskVoiceRow): TaskVoice {
  return {
    glossaryIds: r.glossary_ids ?? [],
    seriesId: r.series_id,
    formality: r.formality,
    translatorNote: r.translator_note,
    reviewTerms: r.review_terms,
    awaitingReview: r.awaiting_review,
    reviewExpiresAt: r.review_expires_at ? new Date(r.review_expires_at).toISOString() : null,
    hasBrief: r.has_brief,
    engineCalls: r.engine_calls,
    briefCalls: r.brief_calls,
  };
}
