import { createServer } from 'node:http';
import { bodyOf, listen } from './http-server.js';
import { fakeTranslate, type Misbehaviour } from './fake-translation.js';

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
