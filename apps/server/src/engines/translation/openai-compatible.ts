import { decodeHTML } from 'entities';
import type { Counting } from '@subtrans/subtitles';
import { callJson } from '../http-json.js';
import {
  EngineError,
  engineFailure,
  type BriefRequest,
  type CondenseRequest,
  type TranslateRequest,
  type TranslationEngine,
} from './engine.js';
import { linesOfReply } from './reply.js';
import { BRIEF_PROMPT, briefMessage, briefOfReply, EXTRAS_PROMPT, extrasMessage } from './openai-brief.js';

export interface OpenAiCompatibleOptions {
  name: string;
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs?: number;
}

const SYSTEM_PROMPT = [
  'You translate subtitle lines.',
  'The user sends JSON: {"source": language, "target": language, "context_before": [...], "context_after": [...], "lines": {"1": text, "2": text, ...}}, and may add "budgets", "counting", "groups" and "terms".',
  'Translate every entry of "lines" into the target language; use the context lines only to understand the scene, never translate or return them.',
  'Answer with one JSON object and nothing else: the same keys as "lines", each mapped to its translation. Never merge, split, skip or add keys.',
  'Keep inline markup such as <i>, </i>, {\\an8} where it belongs. Do not add explanations.',
  '"budgets" maps a line\'s key to the most characters its translation may use, since a subtitle is on screen only so long ("counting" says how characters count); stay within it, shortening the wording but never the meaning.',
  '"groups" lists runs of keys [first, last] that form one sentence across subtitles: you may move words between the lines of a group so it reads naturally in the target language, but every line must keep some text.',
  '"terms" lists [{"source", "target", "note", "keep"}]: wherever a source term occurs, translate it as its target (with "keep", leave it as written); "note" says why.',
].join('\n');

const CONDENSE_PROMPT = [
  'You shorten translated subtitle lines.',
  'The user sends JSON: {"source": language, "target": language, "counting": how characters count, "lines": {"1": {"text": translation, "max": characters, "original": source line, "before": previous line, "after": next line}, ...}}.',
  'Rewrite each "text" in the target language with the same meaning in at most "max" characters; the other fields are only context, never return them.',
  'Answer with one JSON object and nothing else: the same keys as "lines", each mapped to its shorter text. Never merge, split, skip or add keys, and never answer an empty text.',
  'Keep inline markup such as <i>, </i>, {\\an8} and every number.',
].join('\n');

/** What "counting" means, in words a model reads. */
const COUNTING_WORDS: Record<Counting, string> = {
  chars: 'every character counts 1, spaces and punctuation too',
  fullwidth:
    'a full-width character (Chinese, Japanese, Korean, full-width punctuation) counts 1; a half-width one (Latin letters, digits, spaces, ASCII punctuation) counts 0.5',
  width: 'a wide (CJK) character counts 2, any other 1',
};

const numbered = <T>(items: readonly T[]) => Object.fromEntries(items.map((v, i) => [String(i + 1), v]));

/**
 * Any OpenAI-compatible chat-completions API (DeepSeek, OpenAI, Ollama, vLLM): numbered lines go
 * out as JSON, the same numbers must come back, one translation each. Each line's budget and the
 * sentence groups go with them; lines over budget can be asked again to be shorter (condense).
 */
/** A call's two messages: the system prompt and the user's JSON, as sent. */
interface Message {
  system: string;
  user: string;
}

/** The prompt bytes of a call (issue 41): the UTF-8 of its messages. */
const bytesOf = (m: Message) => Buffer.byteLength(m.system) + Buffer.byteLength(m.user);

function translateMessage(req: TranslateRequest): Message {
  const user: Record<string, unknown> = {
    source: req.source,
    target: req.target,
    context_before: req.context.before,
    context_after: req.context.after,
    lines: numbered(req.lines),
  };
  if (req.budgets && req.counting) {
    user.budgets = numbered(req.budgets);
    user.counting = COUNTING_WORDS[req.counting];
  }
  if (req.groups?.length) user.groups = req.groups.map(([a, b]) => [String(a + 1), String(b + 1)]);
  // issue 26: the film brief's part, the user's instructions, the batch's terms
  const extras = extrasMessage(req);
  const system = Object.keys(extras).length ? `${SYSTEM_PROMPT}\n${EXTRAS_PROMPT}` : SYSTEM_PROMPT;
  return { system, user: JSON.stringify({ ...user, ...extras }) };
}

function condenseMessage(req: CondenseRequest): Message {
  const user = {
    source: req.source,
    target: req.target,
    counting: COUNTING_WORDS[req.counting],
    lines: numbered(
      req.items.map((it) => ({
        text: it.text,
        max: it.budget,
        original: it.original,
        before: it.before,
        after: it.after,
      })),
    ),
  };
  return { system: CONDENSE_PROMPT, user: JSON.stringify(user) };
}

const briefPrompt = (req: BriefRequest): Message => ({
  system: BRIEF_PROMPT,
  user: JSON.stringify(briefMessage(req)),
});

export function openAiCompatibleEngine(opts: OpenAiCompatibleOptions): TranslationEngine {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  /** one chat call; the reply's text */
  async function chat(message: Message, signal?: AbortSignal): Promise<string> {
    const body = {
      model: opts.model,
      temperature: 0.3,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: message.system },
        { role: 'user', content: message.user },
      ],
    };
    const payload = await callJson(
      {
        url,
        method: 'POST',
        headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
        json: body,
        timeoutMs: opts.timeoutMs ?? 120_000,
        signal,
      },
      engineFailure,
    );
    const p = payload as { error?: { message?: string }; choices?: { message?: { content?: unknown } }[] };
    if (p.error) throw new EngineError('api', p.error.message ?? 'the provider answered an error');
    const content = p.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new EngineError('format', 'the answer has no message content');
    return content;
  }
  /** one chat call; the reply's `count` numbered lines, trimmed and decoded */
  async function ask(message: Message, count: number, signal?: AbortSignal) {
    const content = await chat(message, signal);
    return linesOfReply(content, count).map((l) => decodeHTML(l.trim()));
  }
  return {
    name: opts.name,
    kind: 'language-model',
    // extrasMessage puts a batch's terms and the user's instructions in the prompt
    honours: { terms: true, instructions: true },
    prompt: {
      translate: (req) => bytesOf(translateMessage(req)),
      condense: (req) => bytesOf(condenseMessage(req)),
      brief: (req) => bytesOf(briefPrompt(req)),
    },
    async translate(req: TranslateRequest) {
      const result = await ask(translateMessage(req), req.lines.length, req.signal);
      // a line that comes back empty while its source was not is a lost line (in a group too:
      // words may move between its lines, but none may be emptied)
      if (result.some((r, i) => r === '' && req.lines[i]!.trim() !== '')) {
        throw new EngineError('count', 'a line came back empty');
      }
      return result;
    },
    async condense(req: CondenseRequest) {
      return ask(condenseMessage(req), req.items.length, req.signal);
    },
    async brief(req: BriefRequest) {
      return briefOfReply(await chat(briefPrompt(req), req.signal));
    },
  };
}
