import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, ok, okJsonText } from '@subtrans/contract';
import { installErrorHandling } from './envelope-plugin.js';
import { SpaceAlarm } from '../db/out-of-space.js';
import { installResponseCheck, route } from './route.js';
import { installValidation } from './validation.js';

const item = z.object({ n: z.number().int(), note: z.string().nullable() });
const echo = defineRoute({
  method: 'POST',
  path: '/echo',
  body: z.object({ n: z.coerce.number().int(), size: z.number().default(10) }),
  response: item,
});
const streamed = defineRoute({ method: 'GET', path: '/streamed', response: item, streamed: true });

let app: FastifyInstance;
afterEach(() => app.close());

/** An app with our validation, error envelope and the answer check, and one handler per call. */
async function appWith(check: boolean, answer: (n: number) => unknown) {
  app = Fastify();
  app.decorateRequest('lang', 'en');
  installValidation(app);
  installResponseCheck(app, check);
  installErrorHandling(app, new SpaceAlarm(app.log));
  route(app, echo, {}, async (req) => {
    // the validator's value: coerced, defaults applied
    expect(req.body).toEqual({ n: req.body.n, size: 10 });
    return answer(req.body.n) as ReturnType<typeof ok<z.input<typeof item>>>;
  });
  route(app, streamed, {}, async (_req, reply) =>
    reply.type('application/json').send(Readable.from([okJsonText(JSON.stringify(answer(1)))])),
  );
  await app.ready();
  return (n: string) => app.inject({ method: 'POST', url: '/echo', payload: { n } });
}

describe('route(): calls of the map', () => {
  it('hands the handler the validated body and sends its answer as it is', async () => {
    const call = await appWith(true, (n) => ok({ n, note: null }));
    const res = await call('7');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"code":20000,"msg":"success","data":{"n":7,"note":null}}');
  });

  it('with the check on, an answer its schema does not describe is a 500 (wrong type, missing or extra field)', async () => {
    for (const wrong of [{ n: 'seven', note: null }, { n: 7 }, { n: 7, note: null, secret: 'x' }]) {
      const call = await appWith(true, () => ok(wrong));
      const res = await call('7');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 50000, data: null });
      await app.close();
    }
    await appWith(true, () => ok({ n: 1, extra: true }));
    const res = await app.inject({ method: 'GET', url: '/streamed' });
    expect(res.statusCode).toBe(500);
  });

  it('leaves error envelopes alone, and checks nothing with the check off (production)', async () => {
    await appWith(true, () => ({ code: 40000, msg: 'no', data: { anything: 1 } }));
    expect((await app.inject({ method: 'POST', url: '/echo', payload: { n: 1 } })).statusCode).toBe(200);
    await app.close();
    const call = await appWith(false, () => ok({ n: 'seven' }));
    const res = await call('7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 20000, msg: 'success', data: { n: 'seven' } });
  });

  it('answers bad input with our localised VALIDATION envelope', async () => {
    const call = await appWith(true, (n) => ok({ n, note: null }));
    const res = await call('x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40000 });
  });
});
