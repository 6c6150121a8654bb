/**
 * A statement or transaction broke with its database connection (a failover, a pooler restart,
 * pg_terminate_backend): whether a write took effect is unknown, so the request answers the
 * retryable TRY_AGAIN (HTTP 503, Retry-After) instead of an internal error.
 */
export class DbConnectionLost extends Error {
  constructor(cause: unknown) {
    super(`the database connection broke: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'DbConnectionLost';
  }
}

/** SQLSTATEs of a connection that is gone: class 08, and the server shutting the session down. */
const LOST_STATES = /^(?:08...|57P01|57P02|57P03)$/;
/** what the socket says when the other side went away */
const LOST_ERRNOS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN', 'EHOSTUNREACH']);
/** node-postgres's own words for a connection that ended under it */
const LOST_MESSAGES =
  /Connection terminated|is not queryable|terminating connection|server closed the connection/i;

/** Whether `err` says the connection to the database broke (not that the statement was wrong). */
export function isConnectionLost(err: unknown): boolean {
  if (err instanceof DbConnectionLost) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (LOST_STATES.test(code) || LOST_ERRNOS.has(code))) return true;
  return LOST_MESSAGES.test(err.message);
}

/**
 * Whether the statement never reached the server: node-postgres refuses a client whose
 * connection is already known to be broken (or closed) before sending anything. Such a statement
 * can be sent again on another connection whatever it does.
 */
export function neverSent(err: unknown): boolean {
  return err instanceof Error && /is not queryable/.test(err.message);
}

/** Anything that writes, locks or calls one of our writing functions. */
const WRITES =
  /\b(?:insert|update|delete|merge|truncate|copy|call|lock|notify|listen)\b|\b(?:nextval|setval|pg_notify|set_config|pg_(?:try_)?advisory\w*|points_\w+|ledger_\w+)\s*\(|\bfor\s+(?:no\s+key\s+|key\s+)?(?:update|share)\b/i;

/**
 * Whether `sql` only reads, so running it again on another connection changes nothing: a SELECT
 * (or WITH … SELECT) that neither writes, locks nor calls a function that writes. Conservative:
 * a statement it cannot tell about counts as a write (and answers TRY_AGAIN instead).
 */
export function isReadOnly(sql: string): boolean {
  return /^\s*(?:select|with|values|show)\b/i.test(sql) && !WRITES.test(sql);
}
