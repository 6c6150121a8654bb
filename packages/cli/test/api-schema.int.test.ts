import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../apps/server/test/harness.js';
import { openApiDocument } from '../scripts/openapi-document.js';
import { SCHEMA_FILE, schemaText } from '../scripts/schema-text.js';

describe(`the CLI's generated API types (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('are generated from the document the server serves, and are up to date with it', async () => {
    const served = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<Record<string, unknown>>();
    // what `npm run generate` reads is what a running server answers
    expect(await openApiDocument()).toEqual(served);
    const committed = await readFile(SCHEMA_FILE, 'utf8');
    expect(committed, 'src/api-schema.d.ts is out of date: run `npm run generate -w packages/cli`').toBe(
      await schemaText(served),
    );
    // the calls the CLI makes are in it, a call no key may make is not
    for (const call of [
      '/task/create',
      '/task/start',
      '/task/list',
      '/task/get',
      '/task/export',
      '/user/get_point',
    ])
      expect(committed).toContain(`'${call}': {`);
    expect(committed).not.toContain(`'/key/create'`);
  });
});
