import { describe, expect, it } from 'vitest';
import { SEO_ROUTES } from '@subtrans/contract';
import { isHomeRoute } from './router';

describe('the addresses drawn without Ant Design', () => {
  it('are the home page and its SEO routes, with or without a trailing slash', () => {
    for (const p of ['/', '/home', '/home/', ...SEO_ROUTES.map((r) => `/${r}`)])
      expect(isHomeRoute(p)).toBe(true);
  });

  it('are not the pages that need antd', () => {
    for (const p of ['/login', '/dashboard', '/edit/1', '/contact', '/homeward'])
      expect([p, isHomeRoute(p)]).toEqual([p, false]);
  });
});
