import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  burnOutputOptions,
  burnSubtitles,
  grabFrame,
  MediaError,
  outputCanvas,
  probeMedia,
  SCRIPT_NAME,
} from './index.js';

const run = promisify(execFile);

describe('the output picture of a burned-in video (issue 40)', () => {
  it("keeps the source's size up to 1080 on its shorter side, even, upright phones included", () => {
    expect(outputCanvas({ width: 1280, height: 720 }, 1080)).toEqual({ width: 1280, height: 720 });
    expect(outputCanvas({ width: 3840, height: 2160 }, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(outputCanvas({ width: 2160, height: 3840 }, 720)).toEqual({ width: 720, height: 1280 });
    // odd sides become even (4:2:0 needs them)
    expect(outputCanvas({ width: 853, height: 481 }, 1080)).toEqual({ width: 854, height: 482 });
    // audio: a 16:9 picture of that shorter side
    expect(outputCanvas({ width: null, height: null }, 720)).toEqual({ width: 1280, height: 720 });
  });

  it('copies audio an MP4 takes and encodes the rest as AAC', () => {
    const o = (audioCodec: string | null) =>
      burnOutputOptions({ canvas: { width: 640, height: 360 }, hasVideo: true, audioCodec }).join(' ');
    expect(o('aac')).toContain('-c:a copy');
    expect(o('mp3')).toContain('-c:a copy');
    expect(o('opus')).toContain('-c:a aac -b:a 192k');
    expect(o('pcm_s16le')).toContain('-c:a aac');
    expect(o('aac')).toContain(`ass=${SCRIPT_NAME}`);
    expect(o('aac')).toContain('-movflags +faststart');
  });
});

describe('burning lines in with the real ffmpeg', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'burn-test-'));
    await writeFile(
      join(dir, SCRIPT_NAME),
      [
        '[Script Info]',
        'ScriptType: v4.00+',
        'PlayResX: 64',
        'PlayResY: 32',
        '[V4+ Styles]',
        'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
        'Style: Default,Liberation Sans,12,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,2,2,2,1',
        '[Events]',
        'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
        'Dialogue: 0,0:00:00.00,0:00:09.00,Default,,0,0,0,,Hi',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("reads an upright phone video's picture as it is shown (rotation applied)", async () => {
    const plain = join(dir, 'plain.mp4');
    await run('ffmpeg', [
      ...[
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=c=blue:s=64x32:r=10:d=1',
        '-f',
        'lavfi',
        '-i',
        'sine=d=1',
      ],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', plain],
    ]);
    // a phone's recording: the picture stored sideways, with a display matrix turning it upright
    const file = join(dir, 'upright.mp4');
    await run('ffmpeg', ['-v', 'error', '-i', plain, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file]);
    expect(await probeMedia(file)).toMatchObject({ hasVideo: true, width: 32, height: 64 });
    expect(await probeMedia(plain)).toMatchObject({ width: 64, height: 32 });
  }, 30_000);

  it('renders an audio file over its waveform, its MP3 copied', async () => {
    const mp3 = join(dir, 'voice.mp3');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=300:d=2', '-c:a', 'libmp3lame', mp3]);
    const out = join(dir, 'voice.mp4');
    const progress: number[] = [];
    const bytes = await burnSubtitles(mp3, out, {
      dir,
      canvas: { width: 320, height: 180 },
      hasVideo: false,
      audioCodec: 'mp3',
      onProgress: (ms) => progress.push(ms),
    });
    expect(bytes).toBeGreaterThan(1000);
    expect(await probeMedia(out)).toMatchObject({
      hasVideo: true,
      videoCodec: 'h264',
      audioCodec: 'mp3',
      width: 320,
      height: 180,
    });
    expect(progress.at(-1)).toBeGreaterThan(1000);
    // a frame of it, as the preview grabs one
    const jpg = join(dir, 'frame.jpg');
    await grabFrame(mp3, jpg, { dir, canvas: { width: 160, height: 90 }, hasVideo: false, atMs: 500 });
    expect((await probeMedia(mp3)).hasVideo).toBe(false);
  }, 60_000);

  it('says there is no frame past the end, and refuses what is not media', async () => {
    const mp3 = join(dir, 'voice.mp3');
    await expect(
      grabFrame(mp3, join(dir, 'none.jpg'), {
        dir,
        canvas: { width: 160, height: 90 },
        hasVideo: false,
        atMs: 60_000,
      }),
    ).rejects.toThrow(MediaError);
    const text = join(dir, 'notes.mp4');
    await writeFile(text, 'not a video at all');
    await expect(
      burnSubtitles(text, join(dir, 'x.mp4'), {
        dir,
        canvas: { width: 64, height: 32 },
        hasVideo: true,
        audioCodec: null,
      }),
    ).rejects.toMatchObject({ reason: 'not-media' });
  }, 30_000);
});
