import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP side of the benches' simulated engines (quality-engine.ts, voice-engine.ts), in their
 * own processes: OpenAI's chat completions as the product's adapter calls them, with the key from
 * BENCH_ENGINE_KEY. `answerOf` reads the last (user) message's JSON and returns what the model
 * "says"; it is sent after BENCH_ENGINE_LATENCY_MS (`latencyMs` by default), a throw as a 500; its
 * second argument is the request's prompt size (the UTF-8 bytes of all its messages' contents).
 * An answer given as a string is sent as the message's text as it is (a model answering prose).
 * Prints the server's URL on stdout, for forkServer (support.ts).
 */
export function serveSimulatedEngine(
  latencyMs: number,
  answerOf: (user: unknown, promptBytes: number) => unknown,
): void {
  const key = process.env.BENCH_ENGINE_KEY ?? 'bench-key';
  const latency = Number(process.env.BENCH_ENGINE_LATENCY_MS ?? latencyMs);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url !== '/chat/completions' || req.method !== 'POST')
        return send(404, { error: { message: 'not found' } });
      if (req.headers.authorization !== `Bearer ${key}`) return send(401, { error: { message: 'bad key' } });
      let answer: unknown;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          messages: { content: string }[];
        };
        const bytes = body.messages.reduce((n, m) => n + Buffer.byteLength(m.content), 0);
        answer = answerOf(JSON.parse(body.messages.at(-1)!.content), bytes);
      } catch (e) {
        return send(500, { error: { message: String(e) } });
      }
      setTimeout(
        () =>
          send(200, {
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: typeof answer === 'string' ? answer : JSON.stringify(answer),
                },
              },
            ],
          }),
        latency,
      );
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
  process.on('disconnect', () => process.exit(0));
}
