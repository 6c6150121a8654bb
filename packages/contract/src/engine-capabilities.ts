import { z } from 'zod';

/**
 * Issue 34: what an engine does with a task beyond its lines, as the server's engine registry
 * derives it from each adapter (apps/server engines/translation/capabilities.ts). The upload
 * offers only the options the chosen engine honours, and the server refuses the others.
 */

/**
 * How an engine translates: a language model (reads context, follows instructions), a machine
 * translation service (line by line), or offline rule-based translation (a draft to edit).
 */
export const ENGINE_KINDS = ['language-model', 'machine-translation', 'rule-based'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

export const engineCapabilitiesSchema = z.object({
  kind: z.enum(ENGINE_KINDS),
  /** glossaries, a series' names and terms, the brief's terms: sent with each batch and followed */
  terms: z.boolean(),
  /** the formality asked and the note for the translator */
  instructions: z.boolean(),
  /** reads the whole file first and writes a brief, so its names and terms can be reviewed */
  brief: z.boolean(),
  /** lines too long for their time on screen are asked again, shorter */
  condense: z.boolean(),
});
export type EngineCapabilities = z.infer<typeof engineCapabilitiesSchema>;

/** The capabilities a task option needs of its engine. */
export type OptionCapability = 'terms' | 'instructions' | 'brief';

/** Which capability each task option (issue 26's voice) needs; their order is the upload's. */
export const OPTION_NEEDS = {
  glossaryIds: 'terms',
  seriesId: 'terms',
  formality: 'instructions',
  translatorNote: 'instructions',
  reviewTerms: 'brief',
} as const satisfies Record<string, OptionCapability>;
export type EngineOption = keyof typeof OPTION_NEEDS;
export const ENGINE_OPTIONS = Object.keys(OPTION_NEEDS) as EngineOption[];

/** The options as a task or a call holds them (any of them may be absent). */
export interface OptionValues {
  glossaryIds?: readonly string[] | undefined;
  seriesId?: string | null | undefined;
  formality?: string | undefined;
  translatorNote?: string | undefined;
  reviewTerms?: boolean | undefined;
}

/** Whether an option asks anything of the engine (its default asks nothing). */
export function optionIsSet(values: OptionValues, option: EngineOption): boolean {
  switch (option) {
    case 'glossaryIds':
      return (values.glossaryIds?.length ?? 0) > 0;
    case 'seriesId':
      return Boolean(values.seriesId);
    case 'formality':
      return values.formality !== undefined && values.formality !== 'source';
    case 'translatorNote':
      return (values.translatorNote ?? '').trim() !== '';
    case 'reviewTerms':
      return values.reviewTerms === true;
  }
}

/** The options set in `values` that an engine with `capabilities` would ignore, in upload order. */
export function ignoredOptions(values: OptionValues, capabilities: EngineCapabilities): EngineOption[] {
  return ENGINE_OPTIONS.filter((o) => optionIsSet(values, o) && !capabilities[OPTION_NEEDS[o]]);
}
