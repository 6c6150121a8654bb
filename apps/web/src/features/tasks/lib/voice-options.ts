import {
  FORMALITIES,
  ignoredOptions,
  type EngineCapabilities,
  type Formality,
  type TaskVoice,
} from '@subtrans/contract';

/** What the user asks of a task's translation (issue 26): sent with its creation or execution. */
export interface VoiceOptions {
  glossaryIds: string[];
  seriesId: string | null;
  formality: Formality;
  translatorNote: string;
  reviewTerms: boolean;
}

export const DEFAULT_VOICE: VoiceOptions = {
  glossaryIds: [],
  seriesId: null,
  formality: 'source',
  translatorNote: '',
  reviewTerms: false,
};

/**
 * The upload form's values as options (a field never shown has no value: its default). With the
 * chosen engine's capabilities, an option it would ignore goes at its default (issue 34: the
 * server refuses it; the form shows it disabled).
 */
export function voiceOf(
  v: {
    glossaryIds?: string[];
    seriesId?: string | null;
    formality?: string;
    translatorNote?: string;
    reviewTerms?: boolean;
  },
  capabilities?: EngineCapabilities | null,
): VoiceOptions {
  const voice: VoiceOptions = {
    glossaryIds: v.glossaryIds ?? [],
    seriesId: v.seriesId || null,
    formality: (FORMALITIES as readonly string[]).includes(v.formality ?? '')
      ? (v.formality as Formality)
      : 'source',
    translatorNote: (v.translatorNote ?? '').trim(),
    reviewTerms: Boolean(v.reviewTerms),
  };
  if (!capabilities) return voice;
  const ignored = Object.fromEntries(ignoredOptions(voice, capabilities).map((o) => [o, DEFAULT_VOICE[o]]));
  return { ...voice, ...ignored };
}

/** A task's stored options (a failed audio/video task executed again keeps them). */
export const voiceOfTask = (voice: TaskVoice): VoiceOptions => voiceOf(voice);

/** The options as /task/create's multipart fields: the glossaries comma-separated, no series ''. */
export function setVoiceFields(form: FormData, v: VoiceOptions) {
  form.set('glossaryIds', v.glossaryIds.join(','));
  form.set('seriesId', v.seriesId ?? '');
  form.set('formality', v.formality);
  form.set('translatorNote', v.translatorNote);
  form.set('reviewTerms', String(v.reviewTerms));
}
