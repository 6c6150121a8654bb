import type { Queryable } from '../../db/client.js';

export interface KeptRequest {
  call: string;
  request_hash: string;
  /** null while the first request with the key runs */
  status_code: number | null;
  response: string | null;
}

/**
 * Claims the user's key for this request: answers true when it is this request's to run (a new
 * key, one older than `ttlSeconds`, or the same request left running `abandonedSeconds` ago by a
 * server that stopped), false when another request holds it (read it with keptRequest).
 */
export async function claimKey(
  q: Queryable,
  k: {
    userId: number;
    key: string;
    call: string;
    hash: string;
    ttlSeconds: number;
    abandonedSeconds: number;
  },
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO idempotency_keys (user_id, key, call, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, key) DO UPDATE
       SET call = EXCLUDED.call, request_hash = EXCLUDED.request_hash, status_code = NULL, response = NULL,
           created_at = now()
     WHERE idempotency_keys.created_at < now() - make_interval(secs => $5)
        OR (idempotency_keys.status_code IS NULL
            AND idempotency_keys.call = EXCLUDED.call AND idempotency_keys.request_hash = EXCLUDED.request_hash
            AND idempotency_keys.created_at < now() - make_interval(secs => $6))
     RETURNING 1`,
    [k.userId, k.key, k.call, k.hash, k.ttlSeconds, k.abandonedSeconds],
  );
  return rows.length > 0;
}

export async function keptRequest(
  q: Queryable,
  userId: number,
  key: string,
): Promise<KeptRequest | undefined> {
  const rows = await q.query<KeptRequest>(
    'SELECT call, request_hash, status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  return rows[0];
}

/** Keeps the answer of the request that holds the key. */
export async function keepAnswer(
  q: Queryable,
  userId: number,
  key: string,
  answer: { status: number; body: string },
): Promise<void> {
  await q.query(
    `UPDATE idempotency_keys SET status_code = $3, response = $4
      WHERE user_id = $1 AND key = $2 AND status_code IS NULL`,
    [userId, key, answer.status, answer.body],
  );
}

/** Lets the key go (the request did not complete: the same request may run again). */
export async function releaseKey(q: Queryable, userId: number, key: string): Promise<void> {
  await q.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status_code IS NULL', [
    userId,
    key,
  ]);
}

export async function deleteOldKeys(q: Queryable, ttlSeconds: number): Promise<number> {
  const rows = await q.query(
    'DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1) RETURNING 1',
    [ttlSeconds],
  );
  return rows.length;
}
