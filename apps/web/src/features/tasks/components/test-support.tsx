import type { EngineCapabilities, EngineStatus } from '@subtrans/contract';

// the component tests' server and providers are shared by every feature
export * from '../../../lib/test-support';

/** What the server says of each kind of engine (registry.test.ts checks the real ones). */
export const CAPABILITIES = {
  model: { kind: 'language-model', terms: true, instructions: true, brief: true, condense: true },
  machine: { kind: 'machine-translation', terms: false, instructions: false, brief: false, condense: false },
  rules: { kind: 'rule-based', terms: false, instructions: false, brief: false, condense: false },
} as const satisfies Record<string, EngineCapabilities>;

/** A usable engine as /translation/engines lists it. */
export const usableEngine = (name: EngineStatus['name'], capabilities: EngineCapabilities): EngineStatus => ({
  name,
  enabled: true,
  reason: null,
  capabilities,
});
