import { decodeHTML } from 'entities';
import { callJson } from '../http-json.js';
import { EngineError, engineFailure, type TranslateRequest, type TranslationEngine } from './engine.js';
import { linesOfReply } from './reply.js';

export interface OpenAiCompatibleOptions {
  name: string;
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs?: number;
}

const SYSTEM_PROMPT = [
  'You translate subtitle lines.',
  'The user sends JSON: {"source": language, "target": language, "context_before": [...], "context_after": [...], "lines": {"1": text, "2": text, ...}}.',
  'Translate every entry of "lines" into the target language; use the context lines only to understand the scene, never translate or return them.',
  'Answer with one JSON object and nothing else: the same keys as "lines", each mapped to its translation. Never merge, split, skip or add keys.',
  'Keep inline markup such as <i>, </i>, {\\an8} where it belongs. Do not add explanations.',
].join('\n');

/**
 * Any OpenAI-compatible chat-completions API (DeepSeek, OpenAI, Ollama, vLLM): numbered lines go
 * out as JSON, the same numbers must come back, one translation each.
 */
export function openAiCompatibleEngine(opts: OpenAiCompatibleOptions): TranslationEngine {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: opts.name,
    async translate(req: TranslateRequest) {
      const lines = Object.fromEntries(req.lines.map((l, i) => [String(i + 1), l]));
      const body = {
        model: opts.model,
        temperature: 0.3,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          {
            role: 'user',
            content: JSON.stringify({
              source: req.source,
              target: req.target,
              context_before: req.context.before,
              context_after: req.context.after,
              lines,
            }),
          },
        ],
      };
      const payload = await callJson(
        {
          url,
          method: 'POST',
          headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
          json: body,
          timeoutMs: opts.timeoutMs ?? 120_000,
          signal: req.signal,
        },
        engineFailure,
      );
      const p = payload as { error?: { message?: string }; choices?: { message?: { content?: unknown } }[] };
      if (p.error) throw new EngineError('api', p.error.message ?? 'the provider answered an error');
      const content = p.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new EngineError('format', 'the answer has no message content');
      const result = linesOfReply(content, req.lines.length).map((l) => decodeHTML(l.trim()));
      // a line that comes back empty while its source was not is a lost line
      if (result.some((r, i) => r === '' && req.lines[i]!.trim() !== '')) {
        throw new EngineError('count', 'a line came back empty');
      }
      return result;
    },
  };
}
