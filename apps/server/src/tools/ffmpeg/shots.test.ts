import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNonMedia, makeShotsVideo, makeSpeechMedia } from '../../../test/support/media.js';
import { MediaError } from './process.js';
import { detectShotChanges, shotChangeOf } from './shots.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shots-test-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('shot changes', () => {
  it('are read from scdet’s log lines, and nothing else is', () => {
    expect(shotChangeOf('[scdet @ 0x55d0] lavfi.scd.score: 34.440, lavfi.scd.time: 2')).toBe(2000);
    expect(shotChangeOf('[scdet @ 0x55d0] lavfi.scd.score: 29.1, lavfi.scd.time: 61.04')).toBe(61_040);
    expect(shotChangeOf('[scdet @ 0x55d0] lavfi.scd.score: 12, lavfi.scd.time: 1.2e1')).toBe(12_000);
    expect(shotChangeOf('frame=  100 fps=0.0 q=-0.0 size=N/A time=00:00:04.00')).toBeNull();
    expect(shotChangeOf('[scdet @ 0x55d0] lavfi.scd.score: 50, lavfi.scd.time: 0')).toBeNull();
  });

  it('are found at each cut of a video joined from different pictures, and only there', async () => {
    const video = await makeShotsVideo(dir, { shots: 6, secondsEach: 1.2 });
    const progress: number[] = [];
    const cuts = await detectShotChanges(video.path, { onProgress: (ms) => progress.push(ms) });
    expect(cuts).toHaveLength(video.cutsMs.length);
    // each within a frame (40 ms at 25 fps) of where the pictures were joined
    cuts.forEach((ms, i) => expect(Math.abs(ms - video.cutsMs[i]!)).toBeLessThanOrEqual(40));
    // growing, at every cut, and (from -progress) to the end of the video past the last cut
    expect(progress).toEqual([...new Set(progress)].sort((a, b) => a - b));
    expect(progress).toEqual(expect.arrayContaining(cuts));
    expect(Math.abs(progress.at(-1)! - video.durationMs)).toBeLessThanOrEqual(40);
  }, 30_000);

  it('are none for a file without video, and a file that is not media is refused', async () => {
    const audio = await makeSpeechMedia(dir, { text: 'Only sound here.', format: 'mp3' });
    expect(await detectShotChanges(audio.path)).toEqual([]);
    const fake = await makeNonMedia(dir);
    await expect(detectShotChanges(fake.path)).rejects.toSatisfy(
      (e) => e instanceof MediaError && e.reason === 'not-media',
    );
  }, 30_000);
});
