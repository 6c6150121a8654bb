import { defineConfig } from 'vitest/config';

const integration = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/**/*.int.test.ts', 'packages/cli/**/*.int.test.ts'],
    // *.pg.int.test.ts: claims about several processes on one database server
    exclude: db === 'pglite' ? ['**/*.pg.int.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // each file starts its own app, database and servers and closes them: nothing a file needs is
    // left in a module between files, so the server's modules are loaded once per worker, not per
    // file (module loading fell from 370-517 s of the suite's time to 18 s on PGlite, 13 s on PostgreSQL)
    isolate: false,
  },
});

/**
 * unit: pure tests beside the code; integration: HTTP through the real app on PGlite, and again
 * on PostgreSQL when DATABASE_URL is set (CI sets it).
 */
export default defineConfig({
  test: {
    // most integration time is waiting (queue polling, local provider servers, child processes):
    // three files at a time on two cores halve the wall time without starving any of them
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/server/**/*.test.ts',
            'tools/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      integration('integration-pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [integration('integration-postgres', 'postgres')] : []),
    ],
  },
});
