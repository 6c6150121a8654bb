import { describe, expect, it } from 'vitest';
import { API } from './paths.js';
import { ROUTE_EXCEPTIONS, ROUTES } from './routes.js';

describe('the route map', () => {
  it('maps every path of API, or lists it as an exception', () => {
    const known = new Set([...Object.values(ROUTES), ...ROUTE_EXCEPTIONS].map((r) => r.path));
    expect(Object.values(API).filter((path) => !known.has(path))).toEqual([]);
  });

  it('names each call once, and no call is both mapped and an exception', () => {
    const calls = Object.values(ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(calls).size).toBe(calls.length);
    const exceptions = new Set(ROUTE_EXCEPTIONS.map((e) => `${e.method} ${e.path}`));
    expect(calls.filter((c) => exceptions.has(c))).toEqual([]);
  });

  it('names each call as API does, with the same path (the web client sends a call by its name)', () => {
    for (const [name, r] of Object.entries(ROUTES))
      expect([name, r.path]).toEqual([name, API[name as keyof typeof API]]);
  });

  it('takes a JSON body only on POST and a query only on GET', () => {
    for (const r of Object.values(ROUTES)) {
      if ('body' in r) expect(r.method).toBe('POST');
      if ('query' in r) expect(r.method).toBe('GET');
    }
  });
});
