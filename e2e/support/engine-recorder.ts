/**
 * A recording proxy in front of a local OpenAI-compatible engine: each translation request
 * (numbered lines of text) is forwarded as it is, and recorded with the lines it asked for, when it
 * arrived and when its answer had been written to the caller in full. Tests of stopped and killed
 * workers read from it which lines were answered before a stop and which were asked again after.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  /** the texts of the numbered lines asked for */
  lines: string[];
  sentAt: number;
  /** when the answer's last byte was handed to the caller's socket (null: never, or failed) */
  answeredAt: number | null;
  status: number;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The numbered lines of a translation request (not a brief's list, not a condensing call's objects). */
function translationLines(body: Buffer): string[] | null {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { messages?: { content?: string }[] };
    const last = parsed.messages?.at(-1)?.content;
    if (typeof last !== 'string') return null;
    const lines = (JSON.parse(last) as { lines?: unknown }).lines;
    if (!lines || typeof lines !== 'object' || Array.isArray(lines)) return null;
    const values = Object.values(lines as Record<string, unknown>);
    return values.every((v) => typeof v === 'string') ? values : null;
  } catch {
    return null;
  }
}

export async function startEngineRecorder(upstream: string) {
  const calls: RecordedCall[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const lines = req.method === 'POST' ? translationLines(body) : null;
      const call: RecordedCall | null = lines
        ? { lines, sentAt: Date.now(), answeredAt: null, status: 0 }
        : null;
      if (call) calls.push(call);
      try {
        const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
          method: req.method ?? 'GET',
          headers: {
            'content-type': req.headers['content-type'] ?? 'application/json',
            ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
          },
          ...(req.method === 'POST' ? { body: new Uint8Array(body) } : {}),
        });
        const bytes = Buffer.from(await answer.arrayBuffer());
        if (call) call.status = answer.status;
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
        });
        res.end(bytes, () => {
          if (call && answer.ok) call.answeredAt = Date.now();
        });
      } catch {
        res.destroy();
      }
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * Lines answered before a stop and asked again after it: for each stop, the lines whose answer
 * was delivered more than `graceMs` before it and that were sent again later. A worker saves each
 * answer as it arrives; `graceMs` is the time one save may take. An answer written within
 * `graceMs` around a kill may have gone to the killed process (the proxy cannot tell whose socket
 * it wrote to), which never read it: asking it again is right, so it is not counted.
 */
export function answeredThenResent(
  calls: readonly RecordedCall[],
  stops: readonly { at: number; graceMs: number; killed?: boolean }[],
): { line: string; answeredAt: number; resentAt: number }[] {
  const found: { line: string; answeredAt: number; resentAt: number }[] = [];
  const answered = new Map<string, number>();
  const toKilled = (at: number) => stops.some((s) => s.killed && Math.abs(at - s.at) <= s.graceMs);
  for (const c of [...calls].sort((a, b) => a.sentAt - b.sentAt)) {
    for (const line of c.lines) {
      const at = answered.get(line);
      if (at === undefined || toKilled(at)) continue;
      if (stops.some((s) => at < s.at - s.graceMs && s.at < c.sentAt))
        found.push({ line, answeredAt: at, resentAt: c.sentAt });
    }
    if (c.answeredAt !== null)
      for (const line of c.lines) if (!answered.has(line)) answered.set(line, c.answeredAt);
  }
  return found;
}
