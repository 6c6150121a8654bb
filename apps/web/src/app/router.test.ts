import { describe, expect, it } from 'vitest';
import { ANTD_PAGES, SEO_ROUTES } from '@subtrans/contract';
import { isHomeRoute, isReviewRoute } from './router';

describe('the addresses drawn without Ant Design', () => {
  it('are the home page and its SEO routes, with or without a trailing slash', () => {
    for (const p of ['/', '/home', '/home/', ...SEO_ROUTES.map((r) => `/${r}`)])
      expect(isHomeRoute(p)).toBe(true);
  });

  it('are not the pages that need antd', () => {
    for (const p of ['/login', '/dashboard', '/edit/1', '/contact', '/homeward'])
      expect([p, isHomeRoute(p)]).toEqual([p, false]);
  });

  it('and the review page (issue 40), which a reviewer opens without an account', () => {
    expect([isReviewRoute('/review'), isReviewRoute('/review/')]).toEqual([true, true]);
    for (const p of ['/reviews', '/review/x', '/', '/dashboard'])
      expect([p, isReviewRoute(p)]).toEqual([p, false]);
    expect(isHomeRoute('/review')).toBe(false);
  });
});

describe('the pages under the antd layout route', () => {
  it('are the ones the contract lists (the server names their code in their HTML)', async () => {
    const { router } = await import('./router');
    const paths: string[] = [];
    const walk = (routes: typeof router.routes, underAntd: boolean) => {
      for (const r of routes) {
        // the antd layout route is the only pathless route with a lazy element and children
        const antd = underAntd || (!r.path && Boolean(r.children) && r.element !== undefined);
        if (r.path && antd) paths.push(r.path);
        if (r.children) walk(r.children, antd);
      }
    };
    walk(router.routes[0]!.children!, false);
    expect(paths.sort()).toEqual([...ANTD_PAGES].sort());
  });
});
