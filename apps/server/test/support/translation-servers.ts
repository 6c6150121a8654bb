import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { layoutText, normsFor } from '@subtrans/subtitles';

/** How the next answer misbehaves (consumed in order; then answers are correct). */
export type Misbehaviour =
  | 'wrong-count'
  | 'merged'
  | 'echo-missing'
  | 'garbage'
  | 'error-object'
  | 'http500'
  | 'http429'
  | 'fenced'
  | 'entities'
  | 'slow'
  /** the numbered map wrapped in one key: {"lines": {…}} */
  | 'wrap-lines'
  /** the same under "translations" */
  | 'wrap-translations'
  /** a JSON array of the translations, in order */
  | 'array'
  /** two keys around the map: {"lines": {…}, "note": "…"} */
  | 'wrap-two-keys'
  /** prose instead of JSON (a model that never translates) */
  | 'refuse';

/** The "translation" both fake providers give: recognisable and reversible in tests. */
export const fakeTranslate = (text: string, target: string) => `[${target}] ${text}`;

/**
 * A translation as a task stores it: laid out for the target language with its default norms
 * (tasks lay out each translated line unless they keep the engine's breaks).
 */
export const laidOut = (text: string, target: string) => layoutText(text, target, normsFor(target));

/** A task's line as stored from fakeTranslate. */
export const fakeTranslatedLine = (text: string, target: string) =>
  laidOut(fakeTranslate(text, target), target);

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

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
  const server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.url !== '/chat/completions' || req.method !== 'POST')
        return send(404, { error: { message: 'not found' } });
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return send(401, { error: { message: 'Authentication Fails', type: 'authentication_error' } });
      const body = (await bodyOf(req)) as { messages: { role: string; content: string }[] };
      const user = JSON.parse(body.messages.at(-1)!.content) as ReceivedTranslation;
      // a part of a film's brief: its lines are a list, not numbered
      if (Array.isArray(user.lines)) {
        const asked = user as unknown as ReceivedBrief;
        briefRequests.push(asked);
        const fault = briefScript.shift();
        if (fault === 'http500') return send(500, { error: { message: 'internal' } });
        const answer = fault === 'garbage' ? 'no brief today' : briefer(asked);
        const content = typeof answer === 'string' ? answer : JSON.stringify(answer);
        return send(200, { choices: [{ index: 0, message: { role: 'assistant', content } }] });
      }
      const first: unknown = Object.values(user.lines)[0];
      if (typeof first === 'object' && first !== null) {
        const items = user.lines as unknown as Record<string, ReceivedCondenseItem>;
        condenseRequests.push(items);
        const shorter = Object.fromEntries(
          Object.entries(items).map(([k, item]) => [k, condenser ? condenser(item) : item.text]),
        );
        return send(200, {
          choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(shorter) } }],
        });
      }
      requests.push(user);
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
            : renderTerms
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
      send(200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: 'test-model',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    })();
  });
  const url = await listen(server);
  return {
    url,
    requests,
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
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Google Cloud Translation v2: POST /language/translate/v2?key=… with q[], target, source, format. */
export async function startGoogleV2Server(apiKey: string) {
  const script: Misbehaviour[] = [];
  let translateCalls = 0;
  /** each translate call's JSON body, as received */
  const requests: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/language/translate/v2') return send(404, {});
      if (url.searchParams.get('key') !== apiKey)
        return send(400, {
          error: { code: 400, message: 'API key not valid. Please pass a valid API key.' },
        });
      translateCalls += 1;
      const body = (await bodyOf(req)) as { q: string[]; target: string };
      requests.push(body);
      const mode = script.shift();
      if (mode === 'http500') return send(500, { error: { code: 500, message: 'backend error' } });
      if (mode === 'garbage') return send(200, 'not json');
      let translations = body.q.map((q) => ({
        translatedText: fakeTranslate(q, body.target),
        detectedSourceLanguage: 'en',
      }));
      if (mode === 'wrong-count') translations = translations.slice(1);
      if (mode === 'entities')
        translations = translations.map(() => ({
          translatedText: 'it&#39;s &quot;ok&quot;',
          detectedSourceLanguage: 'en',
        }));
      send(200, { data: { translations } });
    })();
  });
  const url = await listen(server);
  return {
    url,
    misbehave: (...modes: Misbehaviour[]) => script.push(...modes),
    /** how many translate calls it has answered (with a valid key) */
    calls: () => translateCalls,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * apertium-apy: GET /listPairs, GET|POST /translate (langpair=eng|spa, q, markUnknown, format;
 * query string or form body). "Translates" each paragraph that holds a letter with
 * fakeTranslate(paragraph, target code) and keeps the others (blank lines, separators) as they are,
 * like Apertium keeps format. Misbehaves on demand: http500, garbage, wrong-count (drops the last
 * two paragraphs), slow.
 */
export async function startApertiumApyServer(pairs: [string, string][] = [['eng', 'spa']]) {
  const script: Misbehaviour[] = [];
  const requests: { method: string; contentType: string; params: Record<string, string> }[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const error = (code: number, explanation: string) =>
        send(code, { status: 'error', code, message: code === 400 ? 'Bad Request' : 'Error', explanation });
      const url = new URL(req.url ?? '/', 'http://x');
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const params = Object.fromEntries(url.searchParams);
      if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
        Object.assign(
          params,
          Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
        );
      if (url.pathname === '/listPairs') {
        return send(200, {
          responseData: pairs.map(([s, t]) => ({ sourceLanguage: s, targetLanguage: t })),
          responseDetails: null,
          responseStatus: 200,
        });
      }
      if (url.pathname !== '/translate') return error(404, 'not found');
      requests.push({ method: req.method ?? '', contentType: req.headers['content-type'] ?? '', params });
      const [source, target] = (params.langpair ?? '').split('|');
      if (params.q === undefined || !pairs.some(([s, t]) => s === source && t === target))
        return error(400, 'That pair is not installed');
      const mode = script.shift();
      if (mode === 'http500') return error(500, 'internal error');
      if (mode === 'garbage') return send(200, '<html>oops</html>');
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 3000));
      let paragraphs = params.q.split('\n\n');
      if (mode === 'wrong-count') paragraphs = paragraphs.slice(0, -2);
      const translatedText = paragraphs
        .map((p) => (/\p{L}/u.test(p) ? fakeTranslate(p, target!) : p))
        .join('\n\n');
      send(200, { responseData: { translatedText }, responseDetails: null, responseStatus: 200 });
    })();
  });
  const url = await listen(server);
  return {
    url,
    requests,
    misbehave: (...modes: Misbehaviour[]) => script.push(...modes),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
