import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractAudio, MediaError, probeMedia } from './index.js';

/**
 * ffprobe and ffmpeg run on what users upload: only the containers we accept are demuxed, and
 * nothing the file names (other files, other addresses) is opened.
 */
const execFileP = promisify(execFile);

let dir: string;
let mp4: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-guard-'));
  const path = join(dir, 'real.mp4');
  await execFileP('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=d=1', '-f', 'lavfi', '-i', 'color=d=1:s=64x64'],
    ...['-shortest', '-movflags', '+faststart', path],
  ]);
  mp4 = await readFile(path);
}, 30_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function serve(handler: RequestListener) {
  const server: Server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('what ffmpeg may read of an upload', () => {
  it('accepts every container of the upload list (contract video and audio extensions)', async () => {
    const containers: { ext: string; video: boolean; args?: string[] }[] = [
      ...['mp4', 'avi', 'mov', 'wmv', 'flv', 'webm', 'mkv', 'm4v', 'ogv', 'ts', 'mts', 'm2ts'].map((ext) => ({
        ext,
        video: true,
      })),
      ...['mp3', 'wav', 'flac', 'aac', 'ogg', 'wma', 'm4a', 'opus', 'aiff', 'au'].map((ext) => ({
        ext,
        video: false,
      })),
      // 3gp's default audio encoder (AMR) is not in Debian's ffmpeg: AAC in a 3gp file
      { ext: '3gp', video: true, args: ['-c:a', 'aac', '-c:v', 'libx264'] },
    ];
    const made = await Promise.all(
      containers.map(async ({ ext, video, args = [] }) => {
        const out = join(dir, `container.${ext}`);
        const inputs = ['-f', 'lavfi', '-i', 'sine=d=1'];
        if (video) inputs.push('-f', 'lavfi', '-i', 'color=d=1:s=64x64', '-shortest');
        await execFileP('ffmpeg', ['-v', 'error', '-y', ...inputs, ...args, out]);
        return out;
      }),
    );
    for (const path of made) await expect(probeMedia(path), path).resolves.toMatchObject({ hasAudio: true });
  }, 60_000);

  /**
   * A playlist or a concat list named .mp4 would make ffmpeg open the URLs it names: local files,
   * or (with S3, where ffmpeg reads the upload over https) any address the server can reach.
   */
  describe('files that name other files or addresses', () => {
    const hls = (url: string) =>
      `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\n${url}\n#EXT-X-ENDLIST\n`;
    const concat = (url: string) => `ffconcat version 1.0\nfile '${url}'\n`;

    it('refuses a playlist naming a local file as not-media', async () => {
      const path = join(dir, 'playlist-passwd.mp4');
      await writeFile(path, hls('file:///etc/passwd'));
      await expect(probeMedia(path)).rejects.toMatchObject({ reason: 'not-media' });
      await expect(extractAudio(path, join(dir, 'passwd.wav'))).rejects.toMatchObject({
        reason: 'not-media',
      });
    });

    it('refuses playlists and concat lists read over http without reaching what they name', async () => {
      const reached: string[] = [];
      const inner = await serve((req, res) => {
        reached.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': mp4.length });
        res.end(mp4);
      });
      const files: Record<string, string> = {
        '/hls.mp4': hls(`${inner.url}/segment.ts`),
        '/concat.mp4': concat(`${inner.url}/inner.mp4`),
      };
      const outer = await serve((req, res) => {
        const body = files[(req.url ?? '').split('?')[0]!] ?? '';
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
      try {
        for (const name of Object.keys(files)) {
          const url = `${outer.url}${name}?X-Amz-Signature=abc`;
          await expect(probeMedia(url), name).rejects.toMatchObject({ reason: 'not-media' });
          await expect(extractAudio(url, join(dir, 'named.wav')), name).rejects.toBeInstanceOf(MediaError);
        }
        expect(reached).toEqual([]);
      } finally {
        await outer.close();
        await inner.close();
      }
    });
  });

  it('refuses a concat list named .mp4 on local disk', async () => {
    const path = join(dir, 'concat-local.mp4');
    await writeFile(path, `ffconcat version 1.0\nfile '${join(dir, 'real.mp4')}'\n`);
    await expect(probeMedia(path)).rejects.toBeInstanceOf(MediaError);
    await expect(probeMedia(path)).rejects.toMatchObject({ reason: 'not-media' });
  });
});
