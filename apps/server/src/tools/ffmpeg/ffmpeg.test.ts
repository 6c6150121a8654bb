import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeImage,
  makeLongVideo,
  makeNonMedia,
  makeSpeechMedia,
  type MadeMedia,
} from '../../../test/support/media.js';
import {
  chunksAtSilences,
  cutChunk,
  extractAudio,
  MediaError,
  planChunks,
  probeMedia,
  type Chunk,
} from './index.js';

const execFileP = promisify(execFile);

const SENTENCES =
  'The quick brown fox jumps over the lazy dog near the quiet river bank. ' +
  'After a short pause, the second sentence begins and carries on for a while. ' +
  'Finally the third sentence closes the recording with a few more words.';

let dir: string;
let media: Record<'wav' | 'mp3' | 'mp4' | 'mkv' | 'videoOnly', MadeMedia>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-test-'));
  const text = 'Hello there. This is a short test of speech in a video.';
  const [wav, mp3, mp4, mkv, videoOnly] = await Promise.all([
    makeSpeechMedia(dir, { text: SENTENCES, format: 'wav', fileName: 'three.wav' }),
    makeSpeechMedia(dir, { text, format: 'mp3' }),
    makeSpeechMedia(dir, { text, format: 'mp4', padSeconds: 0.5 }),
    makeSpeechMedia(dir, { text, format: 'mkv' }),
    makeSpeechMedia(dir, { text, format: 'video-only-mp4' }),
  ]);
  media = { wav, mp3, mp4, mkv, videoOnly };
}, 30_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** ffprobe's view of the first audio stream, independent of the code under test */
async function audioStream(path: string) {
  const { stdout } = await execFileP('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=codec_name,sample_rate,channels',
    '-of',
    'json',
    path,
  ]);
  return (JSON.parse(stdout) as { streams: { codec_name: string; sample_rate: string; channels: number }[] })
    .streams[0];
}

/** silencedetect run by the test itself, to check where the cuts landed */
async function silencesOf(path: string) {
  const { stderr } = await execFileP('ffmpeg', [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-i',
    path,
    '-af',
    'silencedetect=noise=-35dB:d=0.3',
    '-f',
    'null',
    '-',
  ]);
  const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]) * 1000);
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]) * 1000);
  return starts.map((s, i) => ({ startMs: s, endMs: ends[i] ?? Infinity }));
}

function expectTiling(chunks: Chunk[], durationMs: number, maxMs: number) {
  expect(chunks[0]!.startMs).toBe(0);
  expect(chunks.at(-1)!.endMs).toBe(durationMs);
  for (const [i, c] of chunks.entries()) {
    expect(c.endMs).toBeGreaterThan(c.startMs);
    expect(c.endMs - c.startMs).toBeLessThanOrEqual(maxMs);
    if (i > 0) expect(c.startMs).toBe(chunks[i - 1]!.endMs);
  }
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err,
  );

async function serve(handler: Parameters<typeof createServer>[1]) {
  const sockets = new Set<Socket>();
  const server: Server = createServer(handler);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sockets,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('probeMedia', () => {
  it('reads an mp4 with video and audio', async () => {
    const info = await probeMedia(media.mp4.path);
    expect(info).toMatchObject({
      hasAudio: true,
      hasVideo: true,
      audioCodec: 'aac',
      videoCodec: 'h264',
      sizeBytes: media.mp4.bytes,
    });
    expect(info.formatName).toContain('mp4');
    expect(Math.abs(info.durationMs - media.mp4.durationMs)).toBeLessThanOrEqual(100);
  });

  it('reads an mp3 and an mkv', async () => {
    const mp3 = await probeMedia(media.mp3.path);
    expect(mp3).toMatchObject({ formatName: 'mp3', hasAudio: true, hasVideo: false, audioCodec: 'mp3' });
    expect(mp3.videoCodec).toBeNull();
    expect(Math.abs(mp3.durationMs - media.mp3.durationMs)).toBeLessThanOrEqual(100);

    const mkv = await probeMedia(media.mkv.path);
    expect(mkv).toMatchObject({ hasAudio: true, hasVideo: true, audioCodec: 'opus', videoCodec: 'h264' });
    expect(mkv.formatName).toContain('matroska');
    expect(Math.abs(mkv.durationMs - media.mkv.durationMs)).toBeLessThanOrEqual(100);
  });

  it('reads http input', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': media.mp4.bytes });
      createReadStream(media.mp4.path).pipe(res);
    });
    try {
      const info = await probeMedia(`${server.url}/video.mp4?X-Amz-Signature=abc`);
      expect(info).toMatchObject({ hasAudio: true, hasVideo: true });
      expect(Math.abs(info.durationMs - media.mp4.durationMs)).toBeLessThanOrEqual(100);
    } finally {
      await server.close();
    }
  });

  it('fails on an http error without repeating the URL signature', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(403).end('denied');
    });
    try {
      const err = await rejection(probeMedia(`${server.url}/video.mp4?X-Amz-Signature=secret123`));
      expect(err).toMatchObject({ reason: 'failed' });
      expect((err as Error).message).toMatch(/403/);
      expect((err as Error).message).not.toContain('secret123');
    } finally {
      await server.close();
    }
  });

  it('says not-media for text named .mp4, an image and subtitles', async () => {
    const fake = await makeNonMedia(dir);
    const png = await makeImage(dir);
    const srt = join(dir, 'subs.srt');
    await writeFile(
      srt,
      '1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n',
    );
    for (const path of [fake.path, png.path, srt]) {
      const err = await rejection(probeMedia(path));
      expect(err, path).toBeInstanceOf(MediaError);
      expect(err, path).toMatchObject({ reason: 'not-media' });
    }
  });

  it('says no-audio for a video without sound', async () => {
    await expect(probeMedia(media.videoOnly.path)).rejects.toMatchObject({ reason: 'no-audio' });
  });

  it('says tool-missing when ffprobe or ffmpeg is not there', async () => {
    await expect(probeMedia(media.mp3.path, { ffprobe: '/nonexistent/ffprobe' })).rejects.toMatchObject({
      reason: 'tool-missing',
    });
    await expect(
      extractAudio(media.mp3.path, join(dir, 'never.wav'), { ffmpeg: 'no-such-ffmpeg-binary' }),
    ).rejects.toMatchObject({ reason: 'tool-missing' });
  });
});

describe('extractAudio', () => {
  it('writes 16 kHz mono PCM and reports progress', async () => {
    const out = join(dir, 'extracted.wav');
    const progress: number[] = [];
    const r = await extractAudio(media.mp4.path, out, { onProgress: (ms) => progress.push(ms) });

    expect(await audioStream(out)).toEqual({ codec_name: 'pcm_s16le', sample_rate: '16000', channels: 1 });
    expect(r.bytes).toBe((await stat(out)).size);
    expect(Math.abs(r.durationMs - media.mp4.durationMs)).toBeLessThanOrEqual(100);
    const info = await probeMedia(out);
    expect(info).toMatchObject({ formatName: 'wav', hasVideo: false, audioCodec: 'pcm_s16le' });
    expect(Math.abs(info.durationMs - r.durationMs)).toBeLessThanOrEqual(5);

    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(Math.abs(progress.at(-1)! - r.durationMs)).toBeLessThanOrEqual(100);
  });

  it('says no-audio for a video without sound', async () => {
    await expect(extractAudio(media.videoOnly.path, join(dir, 'none.wav'))).rejects.toMatchObject({
      reason: 'no-audio',
    });
  });

  it('extracts a minute of video quickly, also over http', async () => {
    const long = await makeLongVideo(dir, { seconds: 60 });
    const t0 = performance.now();
    const r = await extractAudio(long.path, join(dir, 'long.wav'));
    const elapsed = performance.now() - t0;
    expect(Math.abs(r.durationMs - 60_000)).toBeLessThanOrEqual(100);
    // ~1000× on a developer machine; loose so that a busy CI runner does not flake
    expect(60_000 / elapsed).toBeGreaterThan(20);

    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': long.bytes });
      createReadStream(long.path).pipe(res);
    });
    try {
      const viaHttp = await extractAudio(`${server.url}/long.mp4`, join(dir, 'long-http.wav'));
      expect(viaHttp.bytes).toBe(r.bytes);
    } finally {
      await server.close();
    }
  });
});

describe('planChunks and cutChunk', () => {
  let wav: string;
  let durationMs: number;
  beforeAll(async () => {
    wav = join(dir, 'three-16k.wav');
    ({ durationMs } = await extractAudio(media.wav.path, wav));
  });

  it('keeps a file that fits in one chunk', async () => {
    const { size } = await stat(wav);
    expect(await planChunks(wav, { durationMs, maxBytes: size })).toEqual([
      { startMs: 0, endMs: durationMs },
    ]);
  });

  it('cuts at silences between sentences, covering the whole', async () => {
    expect(durationMs).toBeGreaterThan(12_000);
    const maxBytes = 6 * 32_000 + 1024; // six seconds a chunk
    const chunks = await planChunks(wav, { durationMs, maxBytes });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expectTiling(chunks, durationMs, 6000);

    const silences = await silencesOf(wav);
    for (const c of chunks.slice(0, -1)) {
      const cut = c.endMs;
      expect(
        silences.some((s) => cut >= s.startMs - 1 && cut <= s.endMs + 1),
        `cut at ${cut} ms is inside a silence (${JSON.stringify(silences)})`,
      ).toBe(true);
    }

    // each piece is a WAV of its own; together they are the whole, sample for sample
    const sizes: number[] = [];
    for (const [i, c] of chunks.entries()) {
      const out = join(dir, `chunk-${i}.wav`);
      await cutChunk(wav, c.startMs, c.endMs, out);
      expect(await audioStream(out)).toEqual({ codec_name: 'pcm_s16le', sample_rate: '16000', channels: 1 });
      const info = await probeMedia(out);
      expect(Math.abs(info.durationMs - (c.endMs - c.startMs))).toBeLessThanOrEqual(40);
      const { size } = await stat(out);
      expect(size).toBeLessThanOrEqual(maxBytes);
      sizes.push(size - 44);
    }
    expect(sizes.reduce((a, b) => a + b, 0)).toBe((await stat(wav)).size - 44);
    // a dozen ffmpeg and ffprobe runs: 2 s alone, over 5 s on a busy 2-core machine (two CI runs)
  }, 30_000);

  it('cuts hard at the maximum when there is no silence', async () => {
    const tone = join(dir, 'tone.wav');
    await execFileP('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=f=300:sample_rate=16000:d=7.5',
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      tone,
    ]);
    const chunks = await planChunks(tone, { durationMs: 7500, maxBytes: 3 * 32_000 + 1024 });
    expect(chunks).toEqual([
      { startMs: 0, endMs: 3000 },
      { startMs: 3000, endMs: 6000 },
      { startMs: 6000, endMs: 7500 },
    ]);
  });

  it('chunksAtSilences: the last silence in the second half, clamped inside it', () => {
    const silences = [
      { startMs: 1000, endMs: 1500 }, // before half of the first chunk: ignored
      { startMs: 6000, endMs: 6400 }, // first cut at its middle
      { startMs: 13_000, endMs: 13_400 }, // second cut at its middle
    ];
    expect(chunksAtSilences(20_000, 10_000, silences)).toEqual([
      { startMs: 0, endMs: 6200 },
      { startMs: 6200, endMs: 13_200 },
      { startMs: 13_200, endMs: 20_000 },
    ]);
    // a silence across the limit: cut at the limit, still inside the silence
    expect(chunksAtSilences(15_000, 10_000, [{ startMs: 9000, endMs: 13_000 }])[0]).toEqual({
      startMs: 0,
      endMs: 10_000,
    });
    // the later of two silences wins
    expect(
      chunksAtSilences(15_000, 10_000, [
        { startMs: 6000, endMs: 6400 },
        { startMs: 8000, endMs: 8600 },
      ])[0],
    ).toEqual({ startMs: 0, endMs: 8300 });
  });
});

describe('abort and timeout', () => {
  it('kills the child when aborted', async () => {
    const server = await serve(() => {
      // never answer: ffprobe waits on the socket until it is killed
    });
    try {
      const ac = new AbortController();
      const p = rejection(probeMedia(`${server.url}/slow.mp4`, { signal: ac.signal }));
      while (server.sockets.size === 0) await new Promise((r) => setTimeout(r, 20));
      const [socket] = [...server.sockets];
      const closed = new Promise<void>((r) => socket!.once('close', () => r()));
      ac.abort();
      const err = await p;
      expect(err).toBeInstanceOf(MediaError);
      expect(err).toMatchObject({ reason: 'aborted', name: 'AbortError' });
      await closed; // the process is gone, so is its connection
    } finally {
      await server.close();
    }
  });

  it('does not start when already aborted, and fails on timeout', async () => {
    await expect(
      extractAudio(media.mp3.path, join(dir, 'x.wav'), { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ reason: 'aborted' });

    const server = await serve(() => {});
    try {
      await expect(probeMedia(`${server.url}/slow.mp4`, { timeoutMs: 300 })).rejects.toMatchObject({
        reason: 'failed',
        message: expect.stringMatching(/timed out/) as unknown,
      });
    } finally {
      await server.close();
    }
  });
});
