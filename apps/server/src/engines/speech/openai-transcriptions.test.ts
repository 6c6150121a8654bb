import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentWav, startTranscriptionServer } from '../../../test/support/transcription-server.js';
import { languageCode, SpeechError, whisperLanguageName } from './engine.js';
import { openAiTranscription, punctuateWords, transcriptOf } from './openai-transcriptions.js';

const KEY = 'sk-speech-key';

let dir: string;
let server: Awaited<ReturnType<typeof startTranscriptionServer>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'speech-test-'));
  server = await startTranscriptionServer({ apiKey: KEY });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => server.reset());

async function wavFile(name: string, durationMs: number, sampleRate = 16_000) {
  const path = join(dir, name);
  await writeFile(path, silentWav(durationMs, { sampleRate }));
  return { path, fileName: name, contentType: 'audio/wav' };
}

const engine = (over: Partial<Parameters<typeof openAiTranscription>[0]> = {}) =>
  openAiTranscription({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    model: 'whisper-1',
    maxUploadBytes: 25 * 1024 * 1024,
    ...over,
  });

async function failure(p: Promise<unknown>): Promise<SpeechError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(SpeechError);
    return err as SpeechError;
  }
  throw new Error('expected a SpeechError');
}

describe('OpenAI-compatible transcription engine against a local server', () => {
  it('sends model, verbose_json, both granularities, the base language code, the prompt and the key', async () => {
    const audio = await wavFile('chunk-0.wav', 12_000);
    await engine().transcribe(audio, { language: 'zh-CN', prompt: 'Names: Ada, Linus.' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      model: 'whisper-1',
      language: 'zh',
      prompt: 'Names: Ada, Linus.',
      responseFormat: 'verbose_json',
      granularities: ['segment', 'word'],
      fileName: 'chunk-0.wav',
      contentType: 'audio/wav',
      bytes: 44 + 12 * 16_000 * 2,
      durationMs: 12_000,
      authorization: `Bearer ${KEY}`,
    });
  });

  it('reads segments and top-level words into milliseconds, words in their segments', async () => {
    server.setScript(['Hello world.', 'Good night.']);
    const t = await engine().transcribe(await wavFile('a.wav', 4_500, 44_100));
    expect(t.language).toBe('en');
    // nominal pace: 4 sentences of 2 words (400 ms each) and 3 pauses of 500 ms = 4700 ms > 4500 ms,
    // so 3 sentences (3400 ms) stretched to 4500 ms
    expect(t.segments.map((s) => s.text)).toEqual(['Hello world.', 'Good night.', 'Hello world.']);
    expect(t.segments[0]!.startMs).toBe(0);
    expect(t.segments.at(-1)!.endMs).toBe(4500);
    for (const s of t.segments) {
      expect(s.words).toHaveLength(2);
      for (const w of s.words!) {
        expect(Number.isInteger(w.startMs) && Number.isInteger(w.endMs)).toBe(true);
        expect(w.startMs).toBeGreaterThanOrEqual(s.startMs);
        expect(w.endMs).toBeLessThanOrEqual(s.endMs);
      }
    }
    // OpenAI's words come bare; the segment text gives them back their punctuation
    expect(t.segments[0]!.words!.map((w) => w.text)).toEqual(['Hello', 'world.']);
    const scale = 4500 / 3400;
    expect(t.segments[1]!.startMs).toBe(Math.round(1300 * scale));
    expect(t.segments[1]!.words![1]).toEqual({
      text: 'night.',
      startMs: Math.round(1700 * scale),
      endMs: Math.round(2100 * scale),
    });
  });

  it('reads words nested in segments (faster-whisper, whisper.cpp) and code languages', async () => {
    server.setWordsShape('in-segments');
    server.setLanguage('ja');
    server.setScript(['One two three.']);
    const t = await engine().transcribe(await wavFile('b.wav', 1_200));
    expect(t.language).toBe('ja');
    expect(t.segments).toEqual([
      {
        startMs: 0,
        endMs: 1200,
        text: 'One two three.',
        words: [
          { text: 'One', startMs: 0, endMs: 400 },
          { text: 'two', startMs: 400, endMs: 800 },
          { text: 'three.', startMs: 800, endMs: 1200 },
        ],
      },
    ]);
  });

  it('answers the requested language the way the server writes languages', async () => {
    const t = await engine().transcribe(await wavFile('c.wav', 1_000), { language: 'fr' });
    expect(t.language).toBe('fr');
  });

  it('retries a 500 after a second and then succeeds', async () => {
    server.failNext(500);
    const started = Date.now();
    const t = await engine().transcribe(await wavFile('d.wav', 2_000));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(t.segments.length).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(2);
  });

  it('honours Retry-After on 429', async () => {
    server.failNext(429, undefined, 1, { 'retry-after': '2' });
    const started = Date.now();
    await engine().transcribe(await wavFile('e.wav', 2_000));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1950);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after two retries', async () => {
    server.failNext(503, undefined, 3, { 'retry-after': '0' });
    const err = await failure(engine().transcribe(await wavFile('f.wav', 2_000)));
    expect(err.kind).toBe('http');
    expect(err.status).toBe(503);
    expect(err.message).toContain('The server had an error');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 400 and surfaces its message', async () => {
    const err = await failure(engine().transcribe(await wavFile('g.wav', 50)));
    expect(err.kind).toBe('http');
    expect(err.status).toBe(400);
    expect(err.message).toBe('HTTP 400: Audio file is too short. Minimum audio length is 0.1 seconds.');
    expect(server.requests).toHaveLength(1);
  });

  it('surfaces the server refusing a file that is not a WAV, and a wrong key', async () => {
    const path = join(dir, 'not-audio.wav');
    await writeFile(path, 'hello, I am text');
    const bad = await failure(
      engine().transcribe({ path, fileName: 'not-audio.wav', contentType: 'audio/wav' }),
    );
    expect(bad.message).toMatch(/^HTTP 400: Invalid file format/);
    const auth = await failure(engine({ apiKey: 'wrong' }).transcribe(await wavFile('h.wav', 1_000)));
    expect(auth.status).toBe(401);
    expect(server.requests).toHaveLength(2);
  });

  it('a 200 that is not a transcription is a format failure', async () => {
    server.answerGarbageNext('html');
    expect((await failure(engine().transcribe(await wavFile('i.wav', 1_000)))).kind).toBe('format');
    server.answerGarbageNext('shape');
    expect((await failure(engine().transcribe(await wavFile('i.wav', 1_000)))).kind).toBe('format');
  });

  it('refuses a file larger than one request may carry without sending it', async () => {
    const audio = await wavFile('big.wav', 1_000);
    const err = await failure(engine({ maxUploadBytes: 1_000 }).transcribe(audio));
    expect(err.kind).toBe('too-large');
    expect(server.requests).toHaveLength(0);
  });

  it('times out', async () => {
    server.setDelay(1_000);
    const err = await failure(engine({ timeoutMs: 200 }).transcribe(await wavFile('j.wav', 1_000)));
    expect(err.kind).toBe('timeout');
  });

  it('stops when the caller aborts', async () => {
    server.setDelay(1_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const audio = await wavFile('k.wav', 1_000);
    const err: unknown = await engine()
      .transcribe(audio, { signal: controller.signal })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).not.toBeInstanceOf(SpeechError);
    expect((err as Error).name).toBe('AbortError');
  });
});

describe('the local transcription server speaks the protocol', () => {
  const post = async (form: FormData, auth = `Bearer ${KEY}`) => {
    const res = await fetch(`${server.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: auth },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const wavBlob = (ms: number) => new Blob([silentWav(ms)], { type: 'audio/wav' });

  it('requires file and model with OpenAI-style errors', async () => {
    const noFile = new FormData();
    noFile.append('model', 'whisper-1');
    const a = await post(noFile);
    expect(a.status).toBe(400);
    expect(a.body.error).toMatchObject({ type: 'invalid_request_error', param: 'file', code: null });
    const noModel = new FormData();
    noModel.append('file', wavBlob(1000), 'a.wav');
    const b = await post(noModel);
    expect(b.status).toBe(400);
    expect(b.body.error).toMatchObject({ message: 'you must provide a model parameter' });
  });

  it('omits words unless asked, and segments when only words are asked', async () => {
    const form = (granularities: string[]) => {
      const f = new FormData();
      f.append('file', wavBlob(3000), 'a.wav');
      f.append('model', 'whisper-1');
      f.append('response_format', 'verbose_json');
      for (const g of granularities) f.append('timestamp_granularities[]', g);
      return f;
    };
    const plain = await post(form([]));
    expect(plain.body).toMatchObject({ task: 'transcribe', language: 'english', duration: 3 });
    expect(plain.body.words).toBeUndefined();
    expect(Array.isArray(plain.body.segments)).toBe(true);
    const words = await post(form(['word']));
    expect(words.body.segments).toBeUndefined();
    expect(Array.isArray(words.body.words)).toBe(true);
    expect(typeof words.body.text).toBe('string');
  });

  it('answers json by default', async () => {
    const f = new FormData();
    f.append('file', wavBlob(1000), 'a.mp3');
    f.append('model', 'whisper-1');
    const r = await post(f);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['text', 'usage']);
  });

  it('refuses an unknown language code and a file without an audio extension', async () => {
    const f = new FormData();
    f.append('file', wavBlob(1000), 'a.wav');
    f.append('model', 'whisper-1');
    f.append('language', 'english');
    expect((await post(f)).body.error).toMatchObject({ param: 'language' });
    const g = new FormData();
    g.append('file', wavBlob(1000), 'a.txt');
    g.append('model', 'whisper-1');
    const r = await post(g);
    expect(r.status).toBe(400);
    expect((r.body.error as { message: string }).message).toMatch(/^Invalid file format/);
  });
});

describe('transcriptOf', () => {
  it('puts top-level words in the segment they overlap most, the nearest when none', () => {
    const t = transcriptOf({
      language: 'english',
      segments: [
        { start: 0, end: 1, text: ' a b' },
        { start: 2, end: 3, text: ' c' },
      ],
      words: [
        { word: 'a', start: 0, end: 0.5 },
        { word: 'b', start: 0.8, end: 1.3 },
        { word: 'x', start: 1.6, end: 1.7 },
        { word: 'c', start: 2.1, end: 2.9 },
        { word: ' ', start: 2.9, end: 3 },
      ],
    });
    expect(t.segments.map((s) => s.words!.map((w) => w.text))).toEqual([
      ['a', 'b'],
      ['x', 'c'],
    ]);
    expect(t.segments[0]!.text).toBe('a b');
  });

  it('reads an error object as an api failure and silence as no segments', () => {
    expect(() => transcriptOf({ error: { message: 'model overloaded' } })).toThrow('model overloaded');
    expect(transcriptOf({ text: '', language: 'en' })).toEqual({ language: 'en', segments: [] });
    expect(() => transcriptOf({ text: 'hi' })).toThrow(SpeechError);
    expect(() => transcriptOf({ segments: [{ start: 'a', end: 1, text: 'x' }] })).toThrow(SpeechError);
  });
});

describe('languageCode', () => {
  it('maps the names OpenAI answers and the codes other servers answer', () => {
    expect(languageCode('english')).toBe('en');
    expect(languageCode('English')).toBe('en');
    expect(languageCode('chinese')).toBe('zh');
    expect(languageCode('japanese')).toBe('ja');
    expect(languageCode('portuguese')).toBe('pt');
    expect(languageCode('haitian creole')).toBe('ht');
    expect(languageCode('norwegian')).toBe('no');
    expect(languageCode('nynorsk')).toBe('nn');
    expect(languageCode('myanmar')).toBe('my');
    expect(languageCode('burmese')).toBe('my');
    expect(languageCode('javanese')).toBe('jv');
    expect(languageCode('jw')).toBe('jv');
    expect(languageCode('cantonese')).toBe('zh');
    expect(languageCode('yue')).toBe('zh');
    expect(languageCode('en')).toBe('en');
    expect(languageCode('ZH')).toBe('zh');
    expect(languageCode('pt-BR')).toBe('pt');
    expect(languageCode('zh_TW')).toBe('zh');
  });

  it('is null for what it does not know', () => {
    for (const v of [undefined, null, '', '  ', 'klingon', 'xx', 'hawaiian', 'haw', 'zz-ZZ']) {
      expect(languageCode(v)).toBeNull();
    }
  });

  it('round-trips every Whisper language', () => {
    const names = ['english', 'welsh', 'sanskrit', 'lingala', 'sundanese', 'bashkir', 'tibetan', 'faroese'];
    for (const n of names) expect(whisperLanguageName(languageCode(n)!)).toBe(n);
  });
});

describe('punctuateWords', () => {
  it('gives OpenAI’s bare words the spelling and punctuation of their segment text', () => {
    const seg = {
      startMs: 0,
      endMs: 3000,
      text: '¿Qué tal? Hello, world. It’s “fine”…',
      words: ['qué', 'tal', 'hello', 'world', 'it’s', 'fine'].map((text, i) => ({
        text,
        startMs: i * 400,
        endMs: i * 400 + 300,
      })),
    };
    punctuateWords(seg);
    expect(seg.words.map((w) => w.text)).toEqual(['¿Qué', 'tal?', 'Hello,', 'world.', 'It’s', '“fine”…']);
  });

  it('leaves a word it cannot find, and carries on after it', () => {
    const seg = {
      startMs: 0,
      endMs: 2000,
      text: 'One, two. Three!',
      words: ['one', 'zwei', 'three'].map((text, i) => ({ text, startMs: i * 500, endMs: i * 500 + 400 })),
    };
    punctuateWords(seg);
    expect(seg.words.map((w) => w.text)).toEqual(['One,', 'zwei', 'Three!']);
  });
});
