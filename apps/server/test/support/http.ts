import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ADMIN, type TestApp } from '../harness.js';

/** The origin light-my-request gives every injected request (Host: localhost:80). */
export const OWN_ORIGIN = 'http://localhost:80';

export interface EnvelopeBody<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function envelope<T = unknown>(res: LightMyRequestResponse): EnvelopeBody<T> {
  return res.json<EnvelopeBody<T>>();
}

/**
 * Asserts a failure answer: the contract code, the HTTP status, the `{code, msg, data}` shape with
 * a non-empty message, and nothing that looks like a stack trace or an internal error name.
 */
export function expectFailure(res: LightMyRequestResponse, code: number, status: number): EnvelopeBody {
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = envelope(res);
  expect({ code: body.code, status: res.statusCode }).toEqual({ code, status });
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
  expect(typeof body.msg).toBe('string');
  expect(body.msg.length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/\bat .+\.(?:ts|js):\d+|node_modules|stack|FST_/);
  return body;
}

export function expectSuccess<T = unknown>(res: LightMyRequestResponse): T {
  const body = envelope<T>(res);
  if (body.code !== 20000) throw new Error(`expected success, got ${res.statusCode} ${res.body}`);
  expect(res.statusCode).toBe(200);
  return body.data;
}

/** Fields named by a validation failure (data.fields[].field). */
export function failedFields(res: LightMyRequestResponse): string[] {
  const data = envelope<{ fields?: { field: string }[] } | null>(res).data;
  return (data?.fields ?? []).map((f) => f.field);
}

/** POST JSON with full control: client address, headers, and a raw (possibly broken) payload. */
export function rawPost(
  t: TestApp,
  url: string,
  opts: { payload?: string | Buffer; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

export function postFrom(
  t: TestApp,
  ip: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return rawPost(t, url, { payload: JSON.stringify(body), headers, ip });
}

let ipCounter = 0;
/** A client address of its own, so one test's per-IP counters never touch another's. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function sha256Hex(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

export async function managerToken(t: TestApp): Promise<string> {
  return t.login(ADMIN.email, ADMIN.password);
}

export async function userRowByEmail(t: TestApp, email: string) {
  const rows = await t.ctx.db.query<{ id: number; email: string; name: string; pic: string }>(
    'SELECT id, email, name, pic FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL',
    [email],
  );
  return rows[0];
}

export async function countUsersByEmail(t: TestApp, email: string): Promise<number> {
  const rows = await t.ctx.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0]?.n ?? 0;
}

// --- images and multipart -------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A valid PNG of width x height red pixels. `padTo` appends a private ancillary chunk so the
 * file reaches a given size while staying a well-formed image.
 */
export function makePng(width = 1, height = 1, padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([255, 0, 0]))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const parts = [
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
  ];
  const end = pngChunk('IEND', Buffer.alloc(0));
  const size = parts.reduce((n, p) => n + p.length, 0) + end.length;
  if (padTo > size + 12) parts.push(pngChunk('prVt', Buffer.alloc(padTo - size - 12, 0x61)));
  return Buffer.concat([...parts, end]);
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A hand-built multipart/form-data body, as a browser's FormData would send it. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----subtrans-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (p.contentType ? `Content-Type: ${p.contentType}\r\n` : '') +
      '\r\n';
    chunks.push(
      Buffer.from(head, 'utf8'),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
