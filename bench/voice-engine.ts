/**
 * The voice bench's simulated engine, in a process of its own (as a provider is): an
 * OpenAI-compatible chat-completions server reading the JSON user message of openai-compatible.ts
 * (translate: "lines" with "terms", "brief"; the brief: "part", "lines", "known") and answering
 * after BENCH_ENGINE_LATENCY_MS with the rules of voice-sim.ts. Prints its URL; over IPC,
 * 'film:<file>' starts a run of that film (requests are counted per line and run), 'stats'
 * answers what it was sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  briefAnswer,
  loadVoiceCorpus,
  pairsOfRequest,
  RULES,
  translateLine,
  type Film,
} from './voice-sim.js';

const KEY = process.env.BENCH_ENGINE_KEY ?? 'bench-key';
const LATENCY_MS = Number(process.env.BENCH_ENGINE_LATENCY_MS ?? RULES.latencyMs);
const films = new Map(loadVoiceCorpus().map((f) => [f.spec.file, f]));

interface TranslateMessage {
  lines: Record<string, string>;
  terms?: { source: string; target: string }[];
  brief?: { characters?: { name: string; target: string }[] };
}
interface BriefMessage {
  part: string;
  max_synopsis: number;
  lines: string[];
  known?: { characters: { name: string; target: string }[]; terms: { source: string; target: string }[] };
}

const fresh = () => ({
  translateCalls: 0,
  briefCalls: 0,
  linesTranslated: 0,
  /** lines sent again (the terms pass) */
  linesAgain: 0,
  termsSent: 0,
  briefCharactersSent: 0,
  knownSent: 0,
});
let stats = fresh();
let film: Film | null = null;
/** requests per line in this run */
let attempts = new Map<string, number>();

function translate(f: Film, msg: TranslateMessage): Record<string, string> {
  stats.translateCalls += 1;
  stats.termsSent += msg.terms?.length ?? 0;
  stats.briefCharactersSent += msg.brief?.characters?.length ?? 0;
  const pairOf = pairsOfRequest(f, msg);
  return Object.fromEntries(
    Object.entries(msg.lines).map(([k, line]) => {
      const attempt = (attempts.get(line) ?? 0) + 1;
      attempts.set(line, attempt);
      stats.linesTranslated += 1;
      if (attempt > 1) stats.linesAgain += 1;
      return [k, translateLine(f, line, pairOf, attempt)];
    }),
  );
}

function brief(f: Film, msg: BriefMessage) {
  stats.briefCalls += 1;
  if (msg.known) stats.knownSent += msg.known.characters.length + msg.known.terms.length;
  return briefAnswer(f, msg.lines, msg.part, msg.max_synopsis, msg.known);
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
    let answer: unknown;
    try {
      if (!film) throw new Error('no film: send film:<file> first');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { content: string }[] };
      const user = JSON.parse(body.messages.at(-1)!.content) as TranslateMessage | BriefMessage;
      if ('part' in user) answer = brief(film, user);
      else if (Object.values(user.lines).every((l) => typeof l === 'string')) answer = translate(film, user);
      else throw new Error('the voice engine does not condense');
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
  if (typeof m === 'string' && m.startsWith('film:')) {
    film = films.get(m.slice('film:'.length)) ?? null;
    stats = fresh();
    attempts = new Map();
    process.send?.(film ? 'ok' : 'unknown film');
  }
});
process.on('disconnect', () => process.exit(0));
