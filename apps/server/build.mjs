// Builds the server for `npm start` and `npm run worker`: src/main.ts and src/worker.ts bundled
// into dist/ (run by plain node, no TypeScript loader at run time), the workspace packages
// (@subtrans/*, which export TypeScript sources) bundled in, every npm dependency left to
// node_modules, and the files the server reads at run time copied beside the output.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

/**
 * bare imports stay imports, except the workspace's own packages; so a dependency of a workspace
 * package is resolved from here at run time, and the server lists it too when the root holds
 * another major (fast-xml-parser: 5 for TTML, 3 for s3rver)
 */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@subtrans/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: here,
  entryPoints: ['src/main.ts', 'src/worker.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // stacks name lines of dist/*.js (readable, not minified); NODE_OPTIONS=--enable-source-maps
  // maps them to src/
  sourcemap: true,
  // dist/*.js sit one folder below apps/server as src/*.ts do: paths made from import.meta.url
  // (the repository root, db/migrations) resolve alike in both
  plugins: [externalDependencies],
  logLevel: 'warning',
});

// migrate.ts reads `migrations/` beside its own module: src/db/ when run from source, dist/ here
const migrations = path.join(outdir, 'migrations');
rmSync(migrations, { recursive: true, force: true });
cpSync(path.join(here, 'src/db/migrations'), migrations, { recursive: true });
