import { createServer } from 'node:http';
import { fakeTranslate, type Misbehaviour } from './fake-translation.js';
import { bodyOf, listen } from './http-server.js';

export { fakeTranslate, fakeTranslatedLine, laidOut, type Misbehaviour } from './fake-translation.js';

/**
 * A line "translated" as a model that follows its terms would: each term's source (and each
 * character's name) written as its target, then fakeTranslate.
 */
export function fakeTranslateWithTerms(
  text: string,
  target: string,
  req: Pick<ReceivedTranslation, 'terms' | 'brief'>,
): string {
  const pairs = [
    ...(req.terms ?? []).map((t) => [t.source, t.keep ? t.source : t.target] as const),
    ...(req.brief?.characters ?? []).map((c) => [c.name ?? '', c.target ?? ''] as const),
  ].filter(([from, to]) => from && to);
  let out = text;
  for (const [from, to] of pairs) out = out.split(from).join(to);
  return fakeTranslate(out, target);
}

/** A translation request as the fake provider received it (the last user message). */
export interface ReceivedTranslation {
  source: string;
  target: string;
  lines: Record<string, string>;
  context_before: string[];
  context_after: string[];
  /** each line's budget, by key, when sent */
  budgets?: Record<string, number>;
  counting?: string;
  /** sentence groups as [first key, last key] */
  groups?: [string, string][];
  /** issue 26: the film brief's part for this batch */
  brief?: { synopsis: string; register: string; characters: Record<string, string>[] };
  /** issue 26: the user's formality and note */
  instructions?: { formality: string; note: string };
  /** issue 26: the terms of this batch */
  terms?: { source: string; target: string; note?: string; keep?: boolean }[];
}

/** A request for one part of a film's brief (openai-compatible's brief). */
export interface ReceivedBrief {
  source: string;
  target: string;
  /** "2 of 4" */
  part: string;
  max_synopsis: number;
  lines: string[];
  known?: { characters: Record<string, string>[]; terms: Record<string, string>[] };
}

/**
 * An answer the fake provider sent to a client still waiting for it (a client that hung up first,
 * such as a stopped worker, is not answered): what it answered and when.
 */
export interface SentAnswer {
  kind: 'translate' | 'condense' | 'brief';
  /** the source lines it answered (a condensing call: each item's original) */
  lines: string[];
  /** the text answered for each of `lines` (a brief: none) */
  texts: string[];
  /** Date.now() once the answer was written */
  at: number;
}

/** A brief that says nothing: what the fake provider answers unless told otherwise. */
export const EMPTY_BRIEF = { synopsis: '', register: '', characters: [], terms: [] };

/** One line of a condensing request (openai-compatible's condense). */
export interface ReceivedCondenseItem {
  text: string;
  max: number;
  original: string;
  before: string;
  after: string;
}

/**
 * An OpenAI-compatible chat-completions server (POST /chat/completions with Bearer auth) that
 * translates the numbered JSON lines of the last user message, and misbehaves on demand. Requests
 * to shorten lines (the lines are objects with a "max") are recorded apart, in `condenseRequests`,
 * and answered by the condenser (by default the text as it was: a model that cannot shorten).
 */
export async function startOpenAiServer(apiKey: string) {
  const script: Misbehaviour[] = [];
  const requests: ReceivedTranslation[] = [];
  /** the system prompt of each translation request, beside `requests` */
  const systemPrompts: string[] = [];
  const briefRequests: ReceivedBrief[] = [];
  /** how a brief request is answered (a JSON value, or a text sent as is) */
  let briefer: (req: ReceivedBrief) => unknown = () => EMPTY_BRIEF;
  /** how the next brief answers misbehave (consumed in order) */
  const briefScript: ('http500' | 'garbage')[] = [];
  const condenseRequests: Record<string, ReceivedCondenseItem>[] = [];
  /** the "translation" of one line (fakeTranslate unless set): faults are played here */
  let translator: ((line: string, target: string) => string) | null = null;
  let condenser: ((item: ReceivedCondenseItem) => string) | null = null;
  /** every answer waits this long (a provider's latency) */
  let delayMs = 0;
  /** every answer misbehaves so until reset (a provider that is down, a model that wraps its answers) */
  let always: Misbehaviour | null = null;
  /** a batch holding a line that matches is never translated (answered with prose) */
  let untranslatable: RegExp | null = null;
  /** lines are rendered with the request's terms (fakeTranslateWithTerms) */
  let renderTerms = false;
  /** issue 41: every chat call with a valid key (translate, condense, brief), and its prompt bytes */
  let calls = 0;
  let promptBytes = 0;
  /** a line is rendered with its request's terms from its second asking on (a terms pass) */
  let renderTermsAgain = false;
  /** how often each source line was asked to be translated */
  const askedLines = new Map<string, number>();
  /** every answer sent, in order (see SentAnswer) */
  const answered: SentAnswer[] = [];
  /** brief answers wait this long */
  let briefDelayMs = 0;
  /** while closed, answers wait (a provider that stopped answering); null: open */
  let gate: { opened: Promise<void>; open: () => void } | null = null;
  /** called as each request arrives (before its answer waits) */
  let onRequest: ((kind: SentAnswer['kind']) => void) | null = null;
  /** called after each answer sent; answering true closes the gate before the next one */
  let afterAnswer: ((sent: readonly SentAnswer[]) => boolean) | null = null;
  const closeGate = () => {
    if (gate) return;
    let open = () => {};
    const opened = new Promise<void>((r) => (open = r));
    gate = { opened, open };
  };
  const server = createServer((req, res) => {
    void (async () => {
      // the client hung up before its answer (a stopped worker aborting its call)
      let gone = false;
      const hungUp = new Promise<void>((resolve) =>
        res.once('close', () => {
          if (!res.writableFinished) gone = true;
          resolve();
        }),
      );
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      /** an answer: held while the gate is closed, dropped when the client is gone, recorded when sent */
      const answer = async (sent: Omit<SentAnswer, 'at'>, body: unknown) => {
        while (gate && !gone) await Promise.race([gate.opened, hungUp]);
        if (gone || res.destroyed) return;
        send(200, body);
        answered.push({ ...sent, at: Date.now() });
        if (afterAnswer?.(answered)) closeGate();
      };
      if (req.url !== '/chat/completions' || req.method !== 'POST')
        return send(404, { error: { message: 'not found' } });
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return send(401, { error: { message: 'Authentication Fails', type: 'authentication_error' } });
      const body = (await bodyOf(req)) as { messages: { role: string; content: string }[] };
      calls += 1;
      promptBytes += body.messages.reduce((n, m) => n + Buffer.byteLength(m.content), 0);
      const user = JSON.parse(body.messages.at(-1)!.content) as ReceivedTranslation;
      // a part of a film's brief: its lines are a list, not numbered
      if (Array.isArray(user.lines)) {
        const asked = user as unknown as ReceivedBrief;
        briefRequests.push(asked);
        onRequest?.('brief');
        if (briefDelayMs) await new Promise((r) => setTimeout(r, briefDelayMs));
        const fault = briefScript.shift();
        if (fault === 'http500') return send(500, { error: { message: 'internal' } });
        const reply = fault === 'garbage' ? 'no brief today' : briefer(asked);
        const content = typeof reply === 'string' ? reply : JSON.stringify(reply);
        if (fault) return send(200, { choices: [{ index: 0, message: { role: 'assistant', content } }] });
        return answer(
          { kind: 'brief', lines: asked.lines, texts: [] },
          {
            choices: [{ index: 0, message: { role: 'assistant', content } }],
          },
        );
      }
      const first: unknown = Object.values(user.lines)[0];
      if (typeof first === 'object' && first !== null) {
        const items = user.lines as unknown as Record<string, ReceivedCondenseItem>;
        condenseRequests.push(items);
        onRequest?.('condense');
        const shorter = Object.fromEntries(
          Object.entries(items).map(([k, item]) => [k, condenser ? condenser(item) : item.text]),
        );
        const sent = { kind: 'condense' as const, lines: Object.values(items).map((i) => i.original) };
        return answer(
          { ...sent, texts: Object.values(shorter) },
          {
            choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(shorter) } }],
          },
        );
      }
      requests.push(user);
      onRequest?.('translate');
      const again = new Set(Object.values(user.lines).filter((l) => askedLines.has(l)));
      for (const l of Object.values(user.lines)) askedLines.set(l, (askedLines.get(l) ?? 0) + 1);
      systemPrompts.push(body.messages[0]!.content);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const pattern = untranslatable;
      const refused = pattern !== null && Object.values(user.lines).some((l) => pattern.test(l));
      const mode = refused ? 'refuse' : (always ?? script.shift());
      const translated = Object.fromEntries(
        Object.entries(user.lines).map(([k, v]) => [
          k,
          translator
            ? translator(v, user.target)
            : renderTerms || (renderTermsAgain && again.has(v))
              ? fakeTranslateWithTerms(v, user.target, user)
              : fakeTranslate(v, user.target),
        ]),
      );
      const keys = Object.keys(translated);
      let content = JSON.stringify(translated);
      switch (mode) {
        case 'http500':
          return send(500, { error: { message: 'internal' } });
        case 'http429':
          return send(429, { error: { message: 'rate limited' } }, { 'retry-after': '0' });
        case 'garbage':
          return send(200, '<html>oops</html>');
        case 'error-object':
          return send(200, { error: { message: 'model overloaded' } });
        case 'wrong-count':
          content = JSON.stringify(Object.fromEntries(Object.entries(translated).slice(0, -1)));
          break;
        case 'merged':
          if (keys.length > 1) {
            const merged = { ...translated };
            merged[keys[0]!] = `${translated[keys[0]!]} ${translated[keys[1]!]}`;
            delete merged[keys[1]!];
            content = JSON.stringify(merged);
          }
          break;
        case 'echo-missing':
          content = JSON.stringify({ ...translated, [keys[0]!]: '' });
          break;
        case 'fenced':
          content = `Here you go:\n\`\`\`json\n${content}\n\`\`\``;
          break;
        case 'entities':
          content = JSON.stringify(
            Object.fromEntries(keys.map((k) => [k, `Tom &amp; Jerry &#39;${k}&#39;`])),
          );
          break;
        case 'slow':
          await new Promise((r) => setTimeout(r, 3000));
          break;
        case 'wrap-lines':
          content = JSON.stringify({ lines: translated });
          break;
        case 'wrap-translations':
          content = JSON.stringify({ translations: translated });
          break;
        case 'array':
          content = JSON.stringify(Object.values(translated));
          break;
        case 'wrap-two-keys':
          content = JSON.stringify({ lines: translated, note: 'translated faithfully' });
          break;
        case 'refuse':
          content = 'I am sorry, but I cannot help with translating these lines.';
          break;
        case undefined:
          break;
      }
      const reply = {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: 'test-model',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      };
      // only a correct answer is recorded as answered: a wrong one is rightly asked again
      if (mode !== undefined) return send(200, reply);
      const sent = { kind: 'translate' as const, lines: Object.values(user.lines) };
      await answer({ ...sent, texts: Object.values(translated) }, reply);
    })();
  });
  const url = await listen(server);
  return {
    url,
    requests,
    answered,
    /** brief answers wait `ms` */
    setBriefDelay: (ms: number) => (briefDelayMs = ms),
    /** answers wait from now on (requests still arrive and are recorded) until openGate */
    closeGate,
    /** `fn` runs as each request arrives, with its kind (null: none) */
    onRequest: (fn: ((kind: SentAnswer['kind']) => void) | null) => (onRequest = fn),
    /** `fn` runs after each answer sent (every answer so far); true closes the gate (null: none) */
    afterAnswer: (fn: ((sent: readonly SentAnswer[]) => boolean) | null) => (afterAnswer = fn),
    /** answers held behind the gate go out, and answers no longer wait */
    openGate: () => {
      const g = gate;
      gate = null;
      g?.open();
    },
    /** each line is rendered with its request's terms when asked a second time (a terms pass) */
    setTermRenderingAgain: (on: boolean) => (renderTermsAgain = on),
    systemPrompts,
    condenseRequests,
    briefRequests,
    /** how brief requests are answered (null: a brief that says nothing) */
    setBriefer: (fn: ((req: ReceivedBrief) => unknown) | null) => (briefer = fn ?? (() => EMPTY_BRIEF)),
    misbehaveBrief: (...modes: ('http500' | 'garbage')[]) => briefScript.push(...modes),
    /** how each line is "translated" (null: fakeTranslate) */
    setTranslator: (fn: ((line: string, target: string) => string) | null) => (translator = fn),
    /** how a line asked to be shorter is answered (null: unchanged) */
    setCondenser: (fn: ((item: ReceivedCondenseItem) => string) | null) => (condenser = fn),
    misbehave: (...modes: Misbehaviour[]) => script.push(...modes),
    setDelay: (ms: number) => (delayMs = ms),
    setDown: (failure: 'http500' | null) => (always = failure),
    /** every answer misbehaves so until reset with null */
    setAlways: (mode: Misbehaviour | null) => (always = mode),
    /** lines matching `pattern` are never translated (null: every line is again) */
    neverTranslate: (pattern: RegExp | null) => (untranslatable = pattern),
    /** lines are written with the terms and names the request carries (a model that follows them) */
    setTermRendering: (on: boolean) => (renderTerms = on),
    /** chat calls answered so far (translate, condense, brief; failed attempts too) */
    calls: () => calls,
    /** the UTF-8 bytes of every message of those calls */
    promptBytes: () => promptBytes,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export { startApertiumApyServer, startGoogleV2Server } from './rule-engine-servers.js';
