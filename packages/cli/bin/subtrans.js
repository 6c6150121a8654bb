#!/usr/bin/env node
// The command as npm links it (npx subtrans): runs the bundle `npm run build -w packages/cli` makes.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/subtrans.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('subtrans is not built yet: run `npm run build -w packages/cli` first\n');
  process.exit(1);
}
await import(bundle.href);
