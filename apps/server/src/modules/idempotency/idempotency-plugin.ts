import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, StoredAnswer } from '../../http/errors.js';
import '../../http/types.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { claimKey, keepAnswer, keptRequest, releaseKey } from './idempotency.repository.js';

/** Stripe's: an answer is given again for 24 hours. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** a request still "running" this long after it began was lost with its server: it may run again */
const ABANDONED_SECONDS = 600;
/** visible ASCII, as Stripe takes them (a UUID, a file's hash, a script's own counter) */
const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** the Idempotency-Key this request holds, until its answer is kept */
    idempotency: { userId: number; key: string } | null;
  }
}

interface Claim {
  userId: number;
  key: string;
  call: string;
  hash: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The key becomes this request's, or the request is answered as the key's first request was (a
 * StoredAnswer thrown), or refused: the key was used for another request, or that one still runs.
 */
async function claim(ctx: AppContext, req: FastifyRequest, c: Claim): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await claimKey(ctx.db, {
      ...c,
      ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
      abandonedSeconds: ABANDONED_SECONDS,
    });
    if (claimed) {
      req.idempotency = { userId: c.userId, key: c.key };
      return;
    }
    const kept = await keptRequest(ctx.db, c.userId, c.key);
    // let go meanwhile (that request failed): claimed again
    if (!kept) continue;
    if (kept.call !== c.call || kept.request_hash !== c.hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (kept.status_code === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    throw new StoredAnswer(kept.status_code, kept.response ?? '');
  }
  throw new AppError('IDEMPOTENCY_IN_PROGRESS');
}

/**
 * Issue 39: `Idempotency-Key` on the calls of the map marked `idempotent`, with Stripe's rules. The
 * key is the caller's (a session's or an API key's user); the request is the call with its
 * validated body, or the form a multipart call reads (its fields and its file's content, whatever
 * the boundary). The first request runs; its answer (a success or a refusal) is kept 24 hours and
 * given again, marked `Idempotent-Replayed: true`, to the same request; the key with another
 * request is refused, as is a second request while the first runs. An answer of 500 or more (the
 * request did not complete: a lost database, a stopping server) lets the key go, so the retry runs.
 * Installed before the compression, whose answers its onSend hook must see as the JSON they are.
 */
export function installIdempotency(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('idempotency', null);
  app.decorateRequest('claimIdempotency', null);

  app.addHook('preHandler', async (req) => {
    const kind = req.routeOptions.config.idempotent;
    const key = req.headers['idempotency-key'];
    if (!kind || key === undefined) return;
    if (typeof key !== 'string' || !KEY.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
    const userId = currentUser(req).id;
    const call = `${req.method} ${req.routeOptions.url ?? req.url}`;
    if (kind === 'form') {
      req.claimIdempotency = (hash) => claim(ctx, req, { userId, key, call, hash });
      return;
    }
    await claim(ctx, req, { userId, key, call, hash: sha256(JSON.stringify(req.body ?? null)) });
  });

  const letGo = async (req: FastifyRequest, answer: { status: number; body: string } | null) => {
    const held = req.idempotency;
    if (!held) return;
    req.idempotency = null;
    try {
      if (answer && answer.status < 500) await keepAnswer(ctx.db, held.userId, held.key, answer);
      else await releaseKey(ctx.db, held.userId, held.key);
    } catch (err) {
      // the answer goes out all the same; the key is let go after ABANDONED_SECONDS
      req.log.warn({ err }, 'could not keep the answer of an Idempotency-Key');
    }
  };

  // the answer as sent, a success or a refusal (installed before compression: still its JSON text)
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.idempotency)
      await letGo(req, typeof payload === 'string' ? { status: reply.statusCode, body: payload } : null);
    return payload;
  });
  // an answer that was not serialised here (none sent, a stream): nothing to give again
  app.addHook('onResponse', async (req) => letGo(req, null));
}
