import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);

/**
 * Browser tests against the built app served by the real server (embedded PGlite, mail to a
 * local SMTP sink), in Debian's Chromium: no browser download.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // generous: CI machines have two cores shared by the server, PostgreSQL and two browsers
  timeout: 120_000,
  expect: { timeout: 15_000 },
  retries: 0,
  workers: 2,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
