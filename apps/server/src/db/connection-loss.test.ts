import { describe, expect, it } from 'vitest';
import { DbConnectionLost, isConnectionLost, isReadOnly, neverSent } from './connection-loss.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('telling a broken database connection from a wrong statement', () => {
  it('knows the server ending the session, a lost socket and node-postgres’s words for them', () => {
    expect(isConnectionLost(pgError('57P01', 'terminating connection due to administrator command'))).toBe(
      true,
    );
    expect(isConnectionLost(pgError('08006'))).toBe(true);
    expect(isConnectionLost(pgError('ECONNRESET', 'read ECONNRESET'))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isConnectionLost(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    expect(isConnectionLost(new DbConnectionLost(new Error('x')))).toBe(true);
  });

  it('does not take a wrong or refused statement for a lost connection', () => {
    expect(isConnectionLost(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isConnectionLost(pgError('22P05', 'unsupported Unicode escape sequence'))).toBe(false);
    expect(isConnectionLost(pgError('40001', 'could not serialize access'))).toBe(false);
    expect(isConnectionLost(new Error('task was deleted'))).toBe(false);
    expect(isConnectionLost('Connection terminated')).toBe(false);
  });

  it('knows a statement that never left (the client was already broken)', () => {
    expect(neverSent(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(neverSent(new Error('Client was closed and is not queryable'))).toBe(true);
    expect(neverSent(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(neverSent(pgError('57P01'))).toBe(false);
  });
});

describe('which statements may run again on another connection', () => {
  it.each([
    'SELECT * FROM tasks WHERE id = $1',
    '  select count(*) AS n FROM users',
    'WITH x AS (SELECT 1) SELECT * FROM x',
    'SELECT points_error, updated_at, deleted_at FROM tasks',
    'SELECT s.id, s.touched_at < now() - make_interval(secs => $2) AS touch_due FROM sessions s',
  ])('reads: %s', (sql) => expect(isReadOnly(sql)).toBe(true));

  it.each([
    'INSERT INTO users (email) VALUES ($1)',
    'UPDATE sessions SET touched_at = now()',
    'DELETE FROM sessions WHERE id = $1',
    'WITH t AS (UPDATE tasks SET progress = 1 RETURNING id) SELECT * FROM t',
    'SELECT o_outcome FROM points_hold($1, $2, $3, $4)',
    'SELECT points_expire_due($1)::bigint AS expired',
    'SELECT * FROM accounts WHERE id = $1 FOR UPDATE',
    'SELECT * FROM accounts WHERE id = $1 FOR NO KEY UPDATE',
    'SELECT pg_advisory_xact_lock($1)',
    "SELECT pg_notify('auth_change', $1)",
    "SELECT nextval('orders_seq')",
    'BEGIN',
    'CREATE TABLE x (id int)',
  ])('writes or cannot tell: %s', (sql) => expect(isReadOnly(sql)).toBe(false));
});
