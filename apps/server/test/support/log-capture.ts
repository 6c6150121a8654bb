import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loggerOptions } from '../../src/config/logger.js';

export type LogEntry = Record<string, unknown> & { level: number; msg?: string };

/**
 * A logger that keeps every line the app writes, so a test can check what reaches the log: the
 * server's own settings (its redaction included), at every level.
 */
export function captureLog() {
  const lines: string[] = [];
  const log = pino(loggerOptions('trace'), { write: (line: string) => void lines.push(line) });
  return {
    log: log as unknown as FastifyBaseLogger,
    /** everything written, for "never contains" checks */
    text: () => lines.join(''),
    /** the entries with this message */
    find: (msg: string) => lines.map((l) => JSON.parse(l) as LogEntry).filter((e) => e.msg === msg),
  };
}
