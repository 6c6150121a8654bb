/**
 * The quality bench's simulated engine, in a process of its own (as a provider is): an
 * OpenAI-compatible chat-completions server that reads the JSON user message openai-compatible.ts
 * sends (translate: "lines", "budgets", "groups"; condense: "lines" of {text, max, original}) and
 * answers after BENCH_ENGINE_LATENCY_MS with the seeded rules of quality-sim.ts. Prints its URL;
 * over IPC, 'stats' answers what it was sent and 'reset' starts a new run (condensing attempts
 * are counted per line and run).
 */
import {
  budgetOf,
  condensedSize,
  loadCorpus,
  plantedFaults,
  render,
  simOf,
  translationSize,
  RULES,
} from './quality-sim.js';
import { serveSimulatedEngine } from './sim-server.js';

const sim = simOf(loadCorpus());

interface TranslateMessage {
  target: string;
  lines: Record<string, string>;
  budgets?: Record<string, number>;
  groups?: [string, string][];
}
interface CondenseMessage {
  target: string;
  lines: Record<string, { text: string; max: number; original: string }>;
}

const fresh = () => ({
  translateCalls: 0,
  condenseCalls: 0,
  linesTranslated: 0,
  linesCondensed: 0,
  /** lines sent with a budget, and of those, budgets other than the one the corpus gives */
  budgetsSent: 0,
  budgetsDiffering: 0,
  groups: 0,
  linesInGroups: 0,
});
let stats = fresh();
/** condensing requests per line in this run */
let attempts = new Map<string, number>();

function translate(msg: TranslateMessage): Record<string, string> {
  stats.translateCalls += 1;
  for (const [a, b] of msg.groups ?? []) {
    stats.groups += 1;
    stats.linesInGroups += Number(b) - Number(a) + 1;
  }
  return Object.fromEntries(
    Object.entries(msg.lines).map(([k, source]) => {
      stats.linesTranslated += 1;
      const sent = msg.budgets?.[k];
      if (sent !== undefined) {
        stats.budgetsSent += 1;
        if (sent !== budgetOf(source, msg.target, sim)) stats.budgetsDiffering += 1;
      }
      const size = translationSize(source, msg.target, sim, sent !== undefined);
      return [k, render(source, msg.target, size, plantedFaults(source, msg.target, sim))];
    }),
  );
}

function condense(msg: CondenseMessage): Record<string, string> {
  stats.condenseCalls += 1;
  return Object.fromEntries(
    Object.entries(msg.lines).map(([k, item]) => {
      stats.linesCondensed += 1;
      const attempt = (attempts.get(item.original) ?? 0) + 1;
      attempts.set(item.original, attempt);
      const size = condensedSize(item.original, msg.target, item.max, attempt);
      return [k, render(item.original, msg.target, size, plantedFaults(item.original, msg.target, sim))];
    }),
  );
}

serveSimulatedEngine(RULES.latencyMs, (message) => {
  const user = message as TranslateMessage | CondenseMessage;
  const first: unknown = Object.values(user.lines)[0];
  return typeof first === 'object' && first !== null
    ? condense(user as CondenseMessage)
    : translate(user as TranslateMessage);
});
process.on('message', (m) => {
  if (m === 'stats') process.send?.(stats);
  if (m === 'reset') {
    stats = fresh();
    attempts = new Map();
    process.send?.('ok');
  }
});
