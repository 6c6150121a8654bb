import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH, ROUTE_EXCEPTIONS, ROUTES } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../test/harness.js';

interface Operation {
  summary?: string;
  security?: Record<string, string[]>[];
  'x-key-scope'?: string;
  requestBody?: unknown;
  parameters?: unknown[];
  responses: Record<string, unknown>;
}
interface Document {
  openapi: string;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

/** Fastify's `/a/:id/*` as OpenAPI writes it. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe(`the OpenAPI document of the route map (${TEST_DB})`, () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json<Document>();
  });
  afterAll(() => t.close());

  it('is public and read-only: no session needed, and a POST is no call', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const posted = await t.app.inject({ method: 'POST', url: OPENAPI_PATH, payload: {} });
    expect(posted.statusCode).toBe(404);
  });

  it('describes every call of the map: its method, input and success answer', () => {
    for (const [name, call] of Object.entries(ROUTES)) {
      const op = doc.paths[call.path]?.[call.method.toLowerCase()];
      expect(op, `${name}: ${call.method} ${call.path}`).toBeDefined();
      expect(op!.responses['200'], name).toBeDefined();
      if ('body' in call) expect(op!.requestBody, name).toBeDefined();
      if ('query' in call) expect(op!.parameters, name).toBeDefined();
      expect(t.app.hasRoute({ method: call.method, url: call.path }), name).toBe(true);
    }
  });

  it('lists every route that is not a JSON call, with why', () => {
    for (const e of ROUTE_EXCEPTIONS) {
      expect(t.app.hasRoute({ method: e.method, url: e.path }), `${e.method} ${e.path}`).toBe(true);
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
      expect(op?.summary, `${e.method} ${e.path}`).toBe(`not a JSON call: ${e.reason}`);
    }
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const known = [
      ...Object.values(ROUTES).map((c) => `${c.method} ${c.path}`),
      ...ROUTE_EXCEPTIONS.map((e) => `${e.method} ${openApiPath(e.path)}`),
    ];
    expect(documented.sort()).toEqual(known.sort());
  });

  it('says which calls an API key may make, and with which scope', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const op = (path: string, method = 'post') => doc.paths[path]![method]!;
    expect(op('/task/list')).toMatchObject({
      security: [{ session: [] }, { apiKey: [] }],
      'x-key-scope': 'read',
    });
    expect(op('/task/create')['x-key-scope']).toBe('translate');
    expect(op('/task/export')['x-key-scope']).toBe('read');
    for (const path of ['/user/profile', '/key/create', '/alipay/create_alipay_url', '/user/all_users']) {
      expect(op(path).security, path).toEqual([{ session: [] }]);
      expect(op(path)['x-key-scope'], path).toBeUndefined();
    }
    // every call of the map says whether a key may make it, as the server decides it
    for (const [name, call] of Object.entries(ROUTES)) {
      const scope = 'keyScope' in call ? call.keyScope : undefined;
      expect(op(call.path, call.method.toLowerCase())['x-key-scope'], name).toBe(scope);
    }
  });

  it('names the Idempotency-Key header on the calls that create or start work', () => {
    const headerOf = (path: string) =>
      (doc.paths[path]!.post!.parameters as { in: string; name: string }[] | undefined)?.find(
        (p) => p.in === 'header' && p.name === 'idempotency-key',
      );
    expect(headerOf('/task/create')).toBeDefined();
    expect(headerOf('/task/start')).toBeDefined();
    expect(headerOf('/task/list')).toBeUndefined();
  });
});
