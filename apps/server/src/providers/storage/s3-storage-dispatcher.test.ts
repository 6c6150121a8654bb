import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/support/s3-server.js';

const child = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/support/s3-undici-child.ts',
);

/** runs the child in a process of its own (its global dispatcher must not leak into other tests) */
function runChild(env: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', child], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as Record<string, unknown>);
      } catch {
        reject(new Error(`the child exited with ${code} and printed: ${out}`));
      }
    });
  });
}

describe('S3 storage whatever dispatcher Node’s fetch has', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it('stores, reads, completes a multipart upload and deletes with undici 7’s Agent as the global dispatcher', async () => {
    const report = await runChild({ S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket });
    const srt = '1\r\n00:00:01,000 --> 00:00:02,000\r\nBonjour\r\n';
    expect(report).toEqual({
      // the process is in the state that broke the built server: fetch refuses a stated length
      fetchWithLength: 'invalid content-length header',
      head: { size: Buffer.byteLength(srt) },
      get: srt,
      media: { size: 5 },
      afterDelete: null,
    });
  }, 30_000);
});
