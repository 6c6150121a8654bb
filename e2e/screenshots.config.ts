import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

/**
 * The README's screenshots (docs/screenshots/), made again by `npm run screenshots`: the same
 * built app, server and local engine as the browser tests, scripts under screenshots/.
 */
export default defineConfig({
  ...base,
  testDir: './screenshots',
  testMatch: '*.shots.ts',
  workers: 1,
});
