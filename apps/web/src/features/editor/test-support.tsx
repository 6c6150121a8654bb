import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { configure, render } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { paths } from '../../lib/paths';

// antd's dialogs and the editor's rows take a while to render on a busy machine
configure({ asyncUtilTimeout: 10_000 });

type Handler = (body: Record<string, unknown>) => unknown;

/**
 * The server as the editor sees it (the component tests' network boundary): each address (its
 * path, a GET's query left out) answers its handler's data in the envelope, or a thrown
 * `{code, msg, data}` as a refusal; every call is kept with its JSON body or query.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://x',
      );
      const body =
        typeof init?.body === 'string'
          ? (JSON.parse(init.body) as Record<string, unknown>)
          : Object.fromEntries(url.searchParams);
      calls.push({ path: url.pathname, body });
      const handler = routes[url.pathname];
      if (!handler)
        return Response.json({ code: 40400, msg: `no ${url.pathname}`, data: null }, { status: 404 });
      try {
        return Response.json({ code: 20000, msg: 'success', data: await handler(body) });
      } catch (e) {
        const { code, msg, data = null } = e as { code: number; msg: string; data?: unknown };
        return Response.json({ code, msg, data }, { status: 400 });
      }
    }),
  );
  return { calls, to: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body) };
}

/** `ui` at `route` with the app's providers, opened at `url` (a data router: the editor blocks leaving) */
export function renderInApp(i18n: I18n, ui: ReactNode, url = '/', route: string = paths.editorRoute) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: route, element: <App>{ui}</App> }], { initialEntries: [url] });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
