/**
 * The bench's upload client, in a process of its own: the signed-part-URL protocol as the browser
 * speaks it (8 MiB parts, three at a time, each slice of the file streamed, not read into memory
 * first). Forked by bench/media.ts with the server's base URL, a session cookie and the file.
 *
 * Its own process: the bench's (which imports the whole server for its other figures, a heap of
 * ~60 MB) spent 1.3–1.9 s of CPU on a 512 MB upload, this one 0.6–0.7 s, so the figure measures
 * the server rather than the bench's client. Answers the upload's time and this process's CPU
 * for it over IPC.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import type { Readable } from 'node:stream';
import type { CompletedUpload, UploadPartUrls, UploadTicket } from '@subtrans/contract';

/** PUT a file slice as a stream (as a browser sends a Blob), without copying it into memory first */
function putStream(url: string, body: Readable, length: number): Promise<{ status: number; etag: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': length }, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? '') }));
    });
    req.on('error', reject);
    body.pipe(req);
  });
}
const agent = new Agent({ keepAlive: true, maxSockets: 3 });

async function uploadThroughServer(base: string, cookie: string, file: string, size: number) {
  const headers = { 'content-type': 'application/json', cookie, origin: base };
  const call = async <T>(url: string, body: unknown): Promise<T> => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 20000) throw new Error(`${url}: ${json.msg}`);
    return json.data;
  };
  const ticket = await call<UploadTicket>('/file/sts-credentials', {
    fileName: 'bench.mp4',
    size,
    contentType: 'video/mp4',
    type: 2,
  });
  const numbers = Array.from({ length: ticket.partCount }, (_, i) => i + 1);
  const urls = new Map<number, string>();
  for (let i = 0; i < numbers.length; i += 100) {
    const got = await call<UploadPartUrls>('/file/upload_parts', {
      uploadId: ticket.uploadId,
      partNumbers: numbers.slice(i, i + 100),
    });
    for (const u of got.urls) urls.set(u.partNumber, u.url);
  }
  const parts: { partNumber: number; etag: string }[] = [];
  const queue = [...numbers];
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const start = (n - 1) * ticket.partSize;
      const length = Math.min(ticket.partSize, size - start);
      const { status, etag } = await putStream(
        `${base}${urls.get(n)!}`,
        createReadStream(file, { start, end: start + length - 1, highWaterMark: 1024 * 1024 }),
        length,
      );
      if (status !== 200) throw new Error(`part ${n}: HTTP ${status}`);
      parts.push({ partNumber: n, etag });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  const done = await call<CompletedUpload>('/file/complete_upload', { uploadId: ticket.uploadId, parts });
  if (done.size !== size) throw new Error(`stored ${done.size} bytes of ${size}`);
}

const [base, cookie, file] = process.argv.slice(2);
if (!base || !cookie || !file || !process.send) throw new Error('run by bench/media.ts');
const { size } = await stat(file);
// loaded: the bench takes the server's CPU reading, then says go
process.send('ready');
await new Promise((r) => process.once('message', r));
const cpu = process.cpuUsage();
const started = performance.now();
await uploadThroughServer(base, cookie, file, size);
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
agent.destroy();
process.send({ ms, cpuMs: (used.user + used.system) / 1000 }, () => process.disconnect());
