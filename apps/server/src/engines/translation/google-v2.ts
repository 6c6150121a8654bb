import { decodeHTML } from 'entities';
import { callJson } from '../http-json.js';
import { EngineError, engineFailure, type TranslateRequest, type TranslationEngine } from './engine.js';

/** SPEC codes → Cloud Translation v2 codes */
const GOOGLE_CODES: Record<string, string> = {
  'zh-CN': 'zh-CN',
  'zh-HK': 'zh-TW',
  no: 'no',
  he: 'iw',
  tl: 'tl',
};

/**
 * Google Cloud Translation v2 (REST, API key): POST {base}/language/translate/v2 with
 * `q` (one per line), `target`, `source` and `format: text`; one translation per `q`, in order.
 */
export function googleV2Engine(opts: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}): TranslationEngine {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/language/translate/v2?key=${encodeURIComponent(opts.apiKey)}`;
  return {
    name: 'google',
    kind: 'machine-translation',
    // v2 takes the lines and the languages only: no glossary (v3's), no formality, no note
    honours: { terms: false, instructions: false },
    async translate(req: TranslateRequest) {
      const body: Record<string, unknown> = {
        q: req.lines,
        target: GOOGLE_CODES[req.target] ?? req.target,
        format: 'text',
      };
      if (req.source !== 'auto') body.source = GOOGLE_CODES[req.source] ?? req.source;
      const payload = await callJson(
        { url, method: 'POST', json: body, timeoutMs: opts.timeoutMs ?? 60_000, signal: req.signal },
        engineFailure,
      );
      const p = payload as {
        error?: { message?: string };
        data?: { translations?: { translatedText?: unknown }[] };
      };
      if (p.error) throw new EngineError('api', p.error.message ?? 'the provider answered an error');
      const list = p.data?.translations;
      if (!Array.isArray(list)) throw new EngineError('format', 'the answer has no translations');
      if (list.length !== req.lines.length) {
        throw new EngineError('count', `expected ${req.lines.length} lines, got ${list.length}`);
      }
      return list.map((t) => {
        if (typeof t.translatedText !== 'string')
          throw new EngineError('format', 'a translation is not text');
        return decodeHTML(t.translatedText);
      });
    },
  };
}
