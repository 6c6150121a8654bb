/**
 * The quality bench's simulated engine, in a process of its own (as a provider is): an
 * OpenAI-compatible chat-completions server that reads the JSON user message openai-compatible.ts
 * sends (translate: "lines", "budgets", "groups"; condense: "lines" of {text, max, original}) and
 * answers after BENCH_ENGINE_LATENCY_MS with the seeded rules of quality-sim.ts. Prints its URL;
 * over IPC, 'stats' answers what it was sent and 'reset' starts a new run (condensing attempts
 * are counted per line and run).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

const KEY = process.env.BENCH_ENGINE_KEY ?? 'bench-key';
const LATENCY_MS = Number(process.env.BENCH_ENGINE_LATENCY_MS ?? RULES.latencyMs);
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

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url !== '/chat/completions' || req.method !== 'POST')
      return send(404, { error: { message: 'not found' } });
    if (req.headers.authorization !== `Bearer ${KEY}`) return send(401, { error: { message: 'bad key' } });
    let answer: Record<string, string>;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { content: string }[] };
      const user = JSON.parse(body.messages.at(-1)!.content) as TranslateMessage | CondenseMessage;
      const first: unknown = Object.values(user.lines)[0];
      answer =
        typeof first === 'object' && first !== null
          ? condense(user as CondenseMessage)
          : translate(user as TranslateMessage);
    } catch (e) {
      return send(500, { error: { message: String(e) } });
    }
    setTimeout(
      () =>
        send(200, {
          choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer) } }],
        }),
      LATENCY_MS,
    );
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on('message', (m) => {
  if (m === 'stats') process.send?.(stats);
  if (m === 'reset') {
    stats = fresh();
    attempts = new Map();
    process.send?.('ok');
  }
});
process.on('disconnect', () => process.exit(0));
