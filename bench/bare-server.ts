import Fastify from 'fastify';

/** The baseline: a bare Fastify JSON route, no database, no auth. */
const app = Fastify({ logger: false });
app.post('/bare', async () => ({ code: 20000, msg: 'success', data: { ok: true } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
