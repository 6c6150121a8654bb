/**
 * The bench's translation provider in a process of its own (as a real provider is): an
 * OpenAI-compatible server answering each batch after BENCH_ENGINE_LATENCY_MS. Prints its URL.
 */
import { startOpenAiServer } from '../apps/server/test/support/translation-servers.js';

const server = await startOpenAiServer(process.env.BENCH_ENGINE_KEY ?? 'bench-key');
server.setDelay(Number(process.env.BENCH_ENGINE_LATENCY_MS ?? 300));
process.stdout.write(`${server.url}\n`);
process.on('message', (m) => {
  if (m === 'count') process.send?.(server.requests.length);
});
