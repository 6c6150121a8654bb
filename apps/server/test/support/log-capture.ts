import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';

export type LogEntry = Record<string, unknown> & { level: number; msg?: string };

/** A logger that keeps every line the app writes, so a test can check what reaches the log. */
export function captureLog() {
  const lines: string[] = [];
  const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  return {
    log: log as unknown as FastifyBaseLogger,
    /** everything written, for "never contains" checks */
    text: () => lines.join(''),
    /** the entries with this message */
    find: (msg: string) => lines.map((l) => JSON.parse(l) as LogEntry).filter((e) => e.msg === msg),
  };
}
