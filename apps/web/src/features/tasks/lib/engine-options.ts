import {
  ENGINE_OPTIONS,
  OPTION_NEEDS,
  type EngineCapabilities,
  type EngineOption,
  type EngineStatus,
} from '@subtrans/contract';

/** What the server says engine `name` honours (issue 34); null while unknown (none chosen, loading). */
export function capabilitiesOf(
  engines: readonly EngineStatus[] | undefined,
  name: string | undefined,
): EngineCapabilities | null {
  return (name && engines?.find((e) => e.name === name)?.capabilities) || null;
}

/** Whether an option can be given with the engine: offered while its capabilities are unknown. */
export const honours = (capabilities: EngineCapabilities | null, option: EngineOption): boolean =>
  !capabilities || capabilities[OPTION_NEEDS[option]];

/** The options the engine does not honour, in the upload's order. */
export const unhonoured = (capabilities: EngineCapabilities | null): EngineOption[] =>
  ENGINE_OPTIONS.filter((o) => !honours(capabilities, o));

/** The usable engines other than `name` that honour `option`, to suggest instead. */
export const enginesHonouring = (
  engines: readonly EngineStatus[] | undefined,
  option: EngineOption,
  name: string | undefined,
): string[] =>
  (engines ?? [])
    .filter((e) => e.enabled && e.name !== name && e.capabilities?.[OPTION_NEEDS[option]])
    .map((e) => e.name);

/** Sentences of one text: spaced in English, run together after a Chinese or Japanese full stop. */
export const sentences = (ui: string, ...parts: string[]): string =>
  parts.filter(Boolean).join(ui === 'en' ? ' ' : '');
