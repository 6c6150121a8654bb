import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_LIMITS,
  type SavedWebhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookState,
} from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { checkWebhookUrl } from './webhook-address.js';
import { postEvent } from './webhook-post.js';
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDelivery,
  recentDeliveries,
  recordAttempt,
  saveEndpoint,
  type DeliveryRow,
} from './webhooks.repository.js';

export const DELIVER_JOB = 'webhooks.deliver';
/** a delivery is tried for this long from its event, then given up (Standard Webhooks: about a day) */
const GIVE_UP_SECONDS = 24 * 3600;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    type: r.event_type as WebhookEvent,
    status: r.status,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastError: r.last_error,
    createdAt: r.created_at.toISOString(),
    lastAttemptAt: iso(r.last_attempt_at),
    nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
  };
}

export async function webhookOf(ctx: AppContext, userId: number): Promise<WebhookState> {
  const endpoint = await findEndpoint(ctx.db, userId);
  return {
    endpoint: endpoint ? { url: endpoint.url, createdAt: endpoint.created_at.toISOString() } : null,
    deliveries: (await recentDeliveries(ctx.db, userId, WEBHOOK_LIMITS.logSize)).map(toDelivery),
  };
}

/** Sets the user's endpoint with a new secret (`whsec_` + 24 random bytes), shown in this answer only. */
export async function setWebhook(ctx: AppContext, userId: number, raw: string): Promise<SavedWebhook> {
  const checked = await checkWebhookUrl(raw, ctx.env.WEBHOOK_ALLOW_PRIVATE_HOSTS);
  if ('problem' in checked) {
    throw new AppError(
      checked.problem === 'private'
        ? 'WEBHOOK_URL_PRIVATE'
        : checked.problem === 'unresolved'
          ? 'WEBHOOK_URL_UNRESOLVED'
          : 'WEBHOOK_URL_INVALID',
    );
  }
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const saved = await saveEndpoint(ctx.db, userId, checked.url, secret);
  return { endpoint: { url: saved.url, createdAt: saved.created_at.toISOString() }, secret };
}

export async function removeWebhook(ctx: AppContext, userId: number): Promise<void> {
  await deleteEndpoint(ctx.db, userId);
}

/**
 * Records an event for the user's endpoint and queues its delivery, in the caller's transaction: the
 * event exists if and only if what it tells of committed. Nothing when the user has no endpoint.
 */
export async function emitEvent(
  ctx: AppContext,
  q: Queryable,
  userId: number,
  type: WebhookEvent,
  data: unknown,
): Promise<void> {
  if (!(await findEndpoint(q, userId))) return;
  const id = `msg_${randomBytes(16).toString('hex')}`;
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  await insertDelivery(q, { id, userId, type, payload });
  if (ctx.queue) await ctx.queue.send(DELIVER_JOB, { deliveryId: id }, { tx: q });
  else ctx.log.warn({ delivery: id }, 'no queue in this process: the webhook delivery waits');
}

/**
 * One try of a delivery, signed with the endpoint's current secret (Standard Webhooks: webhook-id,
 * webhook-timestamp, webhook-signature). A 2xx delivers it; anything else is tried again after the
 * next delay of WEBHOOK_RETRY_SECONDS while the event is under a day old, then it fails.
 */
export async function deliver(ctx: AppContext, deliveryId: string): Promise<void> {
  const d = await findDelivery(ctx.db, deliveryId);
  if (!d || d.status !== 'pending') return;
  const endpoint = await findEndpoint(ctx.db, d.user_id);
  if (!endpoint) {
    await recordAttempt(ctx.db, d.id, {
      status: 'failed',
      httpStatus: null,
      error: 'no webhook endpoint',
      retryInSeconds: null,
    });
    return;
  }
  const at = new Date();
  const signature = new Webhook(endpoint.secret).sign(d.id, at, d.payload);
  const outcome = await postEvent(
    endpoint.url,
    {
      'webhook-id': d.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
      'user-agent': 'SubTrans-Webhooks/1',
    },
    d.payload,
    ctx.env.WEBHOOK_ALLOW_PRIVATE_HOSTS,
  );
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const error = ok ? null : (outcome.error ?? `HTTP ${outcome.status}`);
  const delay = ctx.env.WEBHOOK_RETRY_SECONDS[d.attempts];
  const ageSeconds = (Date.now() - d.created_at.getTime()) / 1000;
  const retry = !ok && delay !== undefined && ageSeconds + delay <= GIVE_UP_SECONDS ? delay : null;
  await ctx.db.tx(async (q) => {
    await recordAttempt(q, d.id, {
      status: ok ? 'delivered' : retry === null ? 'failed' : 'pending',
      httpStatus: outcome.status,
      error,
      retryInSeconds: retry,
    });
    if (retry !== null && ctx.queue)
      await ctx.queue.send(DELIVER_JOB, { deliveryId: d.id }, { tx: q, startAfter: retry });
  });
}
