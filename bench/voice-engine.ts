/**
 * The voice bench's simulated engine, in a process of its own (as a provider is): an
 * OpenAI-compatible chat-completions server reading the JSON user message of openai-compatible.ts
 * (translate: "lines" with "terms", "brief"; the brief: "part", "lines", "known") and answering
 * after BENCH_ENGINE_LATENCY_MS with the rules of voice-sim.ts. Prints its URL; over IPC,
 * 'film:<file>' starts a run of that film (requests are counted per line and run), 'stats'
 * answers what it was sent.
 */
import {
  briefAnswer,
  loadVoiceCorpus,
  pairsOfRequest,
  RULES,
  translateLine,
  type Film,
} from './voice-sim.js';
import { serveSimulatedEngine } from './sim-server.js';

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

serveSimulatedEngine(RULES.latencyMs, (message) => {
  if (!film) throw new Error('no film: send film:<file> first');
  const user = message as TranslateMessage | BriefMessage;
  if ('part' in user) return brief(film, user);
  if (Object.values(user.lines).every((l) => typeof l === 'string')) return translate(film, user);
  throw new Error('the voice engine does not condense');
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
