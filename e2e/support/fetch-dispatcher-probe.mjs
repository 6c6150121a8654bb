// Preloaded into a built process by a test (node --import): as the process exits, it writes
// whether Node's fetch still sends through Node's own dispatcher, or through an Agent of the
// undici 7 that alipay-sdk brings (through urllib), which puts its Agent there when it loads first.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

process.on('exit', () => {
  const dispatcher = globalThis[Symbol.for('undici.globalDispatcher.1')];
  // loaded only now (the process is ending): urllib's own undici, to compare classes with
  const { Agent } = createRequire(require.resolve('urllib'))('undici');
  const owner =
    dispatcher === undefined ? 'none yet' : dispatcher instanceof Agent ? 'urllib undici' : 'node';
  process.stdout.write(`\nfetch dispatcher at exit: ${owner}\n`);
});
