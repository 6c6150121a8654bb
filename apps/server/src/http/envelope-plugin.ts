import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, errorMessage, type ErrorKey } from '@subtrans/contract';
import { DbConnectionLost } from '../db/connection-loss.js';
import { AppError, StoredAnswer, ValidationError } from './errors.js';
import { validationAnswer } from './input-messages.js';
import { tooManyFieldsError } from './multipart.js';
import { outOfSpace, type SpaceAlarm } from '../db/out-of-space.js';

/** the call a request made, as the alarm names it: `POST /task/create` */
const callOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;

/** how soon a client may repeat a request that answered TRY_AGAIN */
const RETRY_AFTER_SECONDS = 1;

function send(reply: FastifyReply, key: ErrorKey, msg: string, data: unknown = null) {
  if (key === 'TRY_AGAIN') void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  const retryAfter = (data as { retryAfter?: unknown } | null)?.retryAfter;
  if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
  return reply.status(ErrorCodes[key].status).send({ code: ErrorCodes[key].code, msg, data });
}

/**
 * Turns every failure into the `{code, msg, data}` envelope with a localised message and a
 * fitting HTTP status. Unexpected errors are logged with the request id and answered without
 * internals. A full disk is answered OUT_OF_STORAGE and alerts the operator (`alarm`) once.
 */
export function installErrorHandling(app: FastifyInstance, alarm: SpaceAlarm) {
  // the database took a write again where it had run out of space: space is back
  app.addHook('onResponse', async (req, reply) => {
    const where = alarm.raisedAt('database');
    if (where !== undefined && reply.statusCode < 400 && where === callOf(req)) alarm.clear('database');
  });
  app.setErrorHandler(
    (error: FastifyError | AppError | ValidationError | DbConnectionLost | StoredAnswer, request, reply) => {
      const lang = request.lang;
      if (error instanceof StoredAnswer) {
        return reply
          .status(error.status)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(error.body);
      }
      if (error instanceof AppError) {
        const base = errorMessage(error.key, lang, error.data);
        return send(reply, error.key, error.detail ? `${base}: ${error.detail}` : base, error.data);
      }
      if (error instanceof ValidationError) {
        // labels depend on the call: `id` is a user on one, a product on another
        const { msg, fields } = validationAnswer(error, request.routeOptions.url ?? '', lang);
        return send(reply, 'VALIDATION', msg, { fields });
      }
      // a full disk (the stored files' or the database's): nothing was written, the rest is served
      const full = outOfSpace(error);
      if (full) {
        alarm.raise(full, error, callOf(request));
        return send(reply, 'OUT_OF_STORAGE', errorMessage('OUT_OF_STORAGE', lang));
      }
      // a database connection broke under the request (failover, pooler restart): retryable
      if (error instanceof DbConnectionLost) {
        request.log.warn({ err: error }, 'database connection lost');
        return send(reply, 'TRY_AGAIN', errorMessage('TRY_AGAIN', lang));
      }
      const fe = error;
      switch (fe.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return send(reply, 'BAD_JSON', errorMessage('BAD_JSON', lang));
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
        case 'FST_REQ_FILE_TOO_LARGE':
        case 'FST_PARTS_LIMIT':
        case 'FST_FILES_LIMIT':
          return send(reply, 'PAYLOAD_TOO_LARGE', errorMessage('PAYLOAD_TOO_LARGE', lang));
        case 'FST_FIELDS_LIMIT': {
          const tooMany = tooManyFieldsError();
          return send(reply, tooMany.key, errorMessage(tooMany.key, lang, tooMany.data), tooMany.data);
        }
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        case 'FST_INVALID_MULTIPART_CONTENT_TYPE': {
          const answer = validationAnswer(
            new ValidationError([{ path: [], problem: { kind: 'content_type' } }]),
            request.routeOptions.url ?? '',
            lang,
          );
          return send(reply, 'VALIDATION', answer.msg, { fields: answer.fields });
        }
        default:
          break;
      }
      if (fe.name === 'SyntaxError' && fe.statusCode === 400) {
        return send(reply, 'BAD_JSON', errorMessage('BAD_JSON', lang));
      }
      if (fe.statusCode === 429) return send(reply, 'RATE_LIMITED', errorMessage('RATE_LIMITED', lang));
      if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
        // Fastify's own wording is English: logged for us, the caller gets its language
        request.log.info({ err: error }, 'request refused by the framework');
        return send(reply, 'VALIDATION', errorMessage('VALIDATION', lang));
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 'INTERNAL', errorMessage('INTERNAL', lang));
    },
  );
}
