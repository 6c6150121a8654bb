import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { languageCode, whisperLanguageName } from '../../src/engines/speech/engine.js';
import { parseMultipart, wavDurationMs } from './transcription-inputs.js';
import { seconds, timeline, type WordsShape } from './transcription-timeline.js';

// the tests that make audio for this server take it from here
export { silentWav } from './transcription-inputs.js';
export type { WordsShape } from './transcription-timeline.js';

/**
 * A local speech-to-text provider speaking the OpenAI transcription protocol:
 * POST /v1/audio/transcriptions, multipart/form-data with `file` (a WAV here: the only format this
 * server decodes), `model`, `response_format` (json, text, srt, vtt, verbose_json),
 * `timestamp_granularities[]` (segment, word), `language` (ISO 639-1), `prompt`, `temperature`.
 * It "hears" its script: the sentences, repeated as needed, spread evenly over the audio's duration,
 * one segment per sentence. Misbehaves on demand.
 */

export const DEFAULT_SCRIPT = [
  'Hello there, how are you today?',
  'The quick brown fox jumps over the lazy dog.',
  'We should leave before it starts to rain.',
  'Thank you for watching.',
];

/** OpenAI's upload limit */
export const OPENAI_MAX_BYTES = 25 * 1024 * 1024;

const SUPPORTED_EXTENSIONS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];
const RESPONSE_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'];

/** OpenAI refuses shorter audio */
const MIN_AUDIO_MS = 100;

export interface TranscriptionRequest {
  model: string;
  language?: string;
  prompt?: string;
  responseFormat: string;
  granularities: string[];
  fileName: string;
  contentType?: string;
  bytes: number;
  /** from the WAV header; 0 when the file is not a WAV */
  durationMs: number;
  authorization?: string;
}

export interface TranscriptionServerOptions {
  script?: string[];
  /** when set, requests must carry `Authorization: Bearer <apiKey>` */
  apiKey?: string;
  wordsShape?: WordsShape;
  /** the largest request body accepted (413 above); default OpenAI's 25 MB */
  maxBytes?: number;
}

const clock = (s: number, sep: ',' | '.') => {
  const ms = Math.round(s * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${sep}${pad(ms % 1000, 3)}`;
};

function openAiError(
  message: string,
  type = 'invalid_request_error',
  param: string | null = null,
  code: string | null = null,
) {
  return { error: { message, type, param, code } };
}

function defaultErrorBody(status: number) {
  if (status === 429)
    return openAiError(
      'Rate limit reached for requests. Please try again in 1s.',
      'requests',
      null,
      'rate_limit_exceeded',
    );
  if (status === 401)
    return openAiError('Incorrect API key provided.', 'invalid_request_error', null, 'invalid_api_key');
  if (status >= 500)
    return openAiError(
      'The server had an error while processing your request. Sorry about that!',
      'server_error',
    );
  return openAiError(`HTTP ${status}`);
}

interface Failure {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startTranscriptionServer(opts: TranscriptionServerOptions = {}) {
  let script = opts.script ?? DEFAULT_SCRIPT;
  let language = 'english';
  let wordsShape: WordsShape = opts.wordsShape ?? 'top-level';
  let delayMs = 0;
  const maxBytes = opts.maxBytes ?? OPENAI_MAX_BYTES;
  const failures: Failure[] = [];
  let garbage: ('html' | 'shape')[] = [];
  const requests: TranscriptionRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (typeof body === 'string') {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
        res.end(body);
      } else {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      }
    };
    const url = new URL(req.url ?? '/', 'http://x');
    // read the body (keep at most maxBytes; count the rest)
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const c of req) {
      total += (c as Buffer).length;
      if (total <= maxBytes) chunks.push(c as Buffer);
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/audio/transcriptions')
      return send(404, openAiError(`Invalid URL (${req.method} ${url.pathname})`));
    if (total > maxBytes)
      return send(
        413,
        openAiError(`Maximum content size limit (${maxBytes}) exceeded (${total} bytes read)`),
      );
    const contentType = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data/i.test(contentType))
      return send(400, openAiError("Invalid Content-Type header, expected 'multipart/form-data'"));
    const parts = parseMultipart(Buffer.concat(chunks), contentType);
    if (!parts) return send(400, openAiError('Could not parse multipart form'));

    const field = (name: string) => {
      const p = parts.find((x) => x.name === name && x.fileName === undefined);
      return p?.data.toString('utf8');
    };
    const file = parts.find((p) => p.name === 'file' && p.fileName !== undefined);
    const model = field('model');
    const responseFormat = field('response_format') ?? 'json';
    const granularities = parts
      .filter((p) => p.name === 'timestamp_granularities[]' || p.name === 'timestamp_granularities')
      .map((p) => p.data.toString('utf8'));
    const requestedLanguage = field('language');
    const prompt = field('prompt');
    const durationMs = file ? (wavDurationMs(file.data) ?? 0) : 0;
    requests.push({
      model: model ?? '',
      ...(requestedLanguage !== undefined ? { language: requestedLanguage } : {}),
      ...(prompt !== undefined ? { prompt } : {}),
      responseFormat,
      granularities,
      fileName: file?.fileName ?? '',
      ...(file?.contentType !== undefined ? { contentType: file.contentType } : {}),
      bytes: file?.data.length ?? 0,
      durationMs,
      ...(req.headers.authorization !== undefined ? { authorization: req.headers.authorization } : {}),
    });

    // decided on arrival: a request still waiting out a delay does not take a failure set after it came
    const failure = failures.shift();
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (failure) return send(failure.status, failure.body, failure.headers);
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`)
      return send(401, defaultErrorBody(401));

    if (!file) {
      const notAFile = parts.some((p) => p.name === 'file');
      return send(
        400,
        openAiError(
          notAFile
            ? "Expected UploadFile, received: <class 'str'>"
            : '1 validation error for Request\nbody -> file\n  field required (type=value_error.missing)',
          'invalid_request_error',
          'file',
        ),
      );
    }
    if (!model)
      return send(400, openAiError('you must provide a model parameter', 'invalid_request_error', 'model'));
    if (!RESPONSE_FORMATS.includes(responseFormat))
      return send(
        400,
        openAiError(
          `'${responseFormat}' is not one of ${JSON.stringify(RESPONSE_FORMATS)} - 'response_format'`,
          'invalid_request_error',
          'response_format',
        ),
      );
    const badGranularity = granularities.find((g) => g !== 'word' && g !== 'segment');
    if (badGranularity !== undefined)
      return send(
        400,
        openAiError(
          `'${badGranularity}' is not one of ['word', 'segment'] - 'timestamp_granularities.0'`,
          'invalid_request_error',
          'timestamp_granularities',
        ),
      );
    if (
      requestedLanguage !== undefined &&
      (!/^[a-z]{2,3}$/.test(requestedLanguage) || !whisperLanguageName(requestedLanguage))
    )
      return send(
        400,
        openAiError(
          `Invalid language '${requestedLanguage}'. Language parameter must be specified in ISO-639-1 format.`,
          'invalid_request_error',
          'language',
        ),
      );
    const extension = /\.([^./\\]+)$/.exec(file.fileName ?? '')?.[1]?.toLowerCase();
    if (!extension || !SUPPORTED_EXTENSIONS.includes(extension) || wavDurationMs(file.data) === null)
      return send(
        400,
        openAiError(
          `Invalid file format. Supported formats: ${JSON.stringify(SUPPORTED_EXTENSIONS)}`,
          'invalid_request_error',
          'file',
        ),
      );
    if (durationMs < MIN_AUDIO_MS)
      return send(
        400,
        openAiError(
          'Audio file is too short. Minimum audio length is 0.1 seconds.',
          'invalid_request_error',
          'file',
          'audio_too_short',
        ),
      );

    const mode = garbage.shift();
    if (mode === 'html')
      return send(200, '<html><body>502 Bad Gateway</body></html>', { 'content-type': 'text/html' });
    if (mode === 'shape') return send(200, { result: 'ok', transcript: 42 });

    // the answer names the language the way the configured one is written (a name or a code)
    let answerLanguage = language;
    if (requestedLanguage !== undefined) {
      answerLanguage = /^[a-z]{2,3}$/.test(language)
        ? languageCode(requestedLanguage)!
        : whisperLanguageName(requestedLanguage)!;
    }
    const sentences = timeline(script, durationMs, wordsShape);
    const text = sentences.map((s) => s.text.trim()).join(' ');
    const duration = seconds(durationMs);
    switch (responseFormat) {
      case 'json':
        return send(200, { text, usage: { type: 'duration', seconds: Math.ceil(duration) } });
      case 'text':
        return send(200, `${text}\n`);
      case 'srt':
        return send(
          200,
          sentences
            .map((s, i) => `${i + 1}\n${clock(s.start, ',')} --> ${clock(s.end, ',')}\n${s.text.trim()}\n`)
            .join('\n'),
        );
      case 'vtt':
        return send(
          200,
          `WEBVTT\n\n${sentences.map((s) => `${clock(s.start, '.')} --> ${clock(s.end, '.')}\n${s.text.trim()}\n`).join('\n')}`,
        );
    }
    // verbose_json; no granularity asked means segments only
    const wantWords = granularities.includes('word');
    const wantSegments = granularities.length === 0 || granularities.includes('segment');
    const nested = wordsShape === 'in-segments';
    let seek = 0;
    const segments = sentences.map((s, id) => {
      const seg = {
        id,
        seek,
        start: s.start,
        end: s.end,
        text: s.text,
        tokens: s.words.map((_, i) => 50364 + id * 100 + i),
        temperature: 0,
        avg_logprob: -0.25,
        compression_ratio: 1.2,
        no_speech_prob: 0.01,
        ...(nested && wantWords ? { words: s.words.map((w) => ({ ...w, probability: 0.9 })) } : {}),
      };
      seek = Math.floor(s.end * 100);
      return seg;
    });
    send(200, {
      task: 'transcribe',
      language: answerLanguage,
      duration,
      text,
      ...(wantSegments || nested ? { segments } : {}),
      ...(wantWords && !nested ? { words: sentences.flatMap((s) => s.words) } : {}),
      usage: { type: 'duration', seconds: Math.ceil(duration) },
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      // the client went away (timeout, abort): nothing to answer
      if (!res.headersSent) res.destroy();
    });
  });
  const url = await listen(server);
  return {
    baseUrl: `${url}/v1`,
    requests,
    /** the next `times` requests answer this status (an OpenAI error body by default) */
    failNext(status: number, body?: unknown, times = 1, headers: Record<string, string> = {}) {
      for (let i = 0; i < times; i++)
        failures.push({ status, body: body ?? defaultErrorBody(status), headers });
    },
    /** the next valid request answers 200 with an HTML page ('html') or JSON of another shape ('shape') */
    answerGarbageNext(kind: 'html' | 'shape' = 'html') {
      garbage.push(kind);
    },
    setScript(lines: string[]) {
      script = lines;
    },
    /** what `language` says when the request names none: "english" (OpenAI) or "en" (faster-whisper, Groq) */
    setLanguage(name: string) {
      language = name;
    },
    setWordsShape(shape: WordsShape) {
      wordsShape = shape;
    },
    /** every answer waits this long */
    setDelay(ms: number) {
      delayMs = ms;
    },
    reset() {
      requests.splice(0);
      failures.splice(0);
      garbage = [];
      script = opts.script ?? DEFAULT_SCRIPT;
      language = 'english';
      wordsShape = opts.wordsShape ?? 'top-level';
      delayMs = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
