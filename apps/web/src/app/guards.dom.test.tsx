import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { App as AntApp } from 'antd';
import { initI18n } from '../lib/i18n';
import { RequireAuth } from './guards';
import { RequireManager } from '../components/require-manager';
import { Where } from '../lib/test-support';

const i18n = await initI18n('en');

function renderAt(path: string, profile: { code: number; msg: string; data: unknown }) {
  let resolveFetch!: () => void;
  const gate = new Promise<void>((r) => (resolveFetch = r));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify(profile), { status: profile.code === 20000 ? 200 : 401 });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Where /> },
      { path: '/dashboard', element: <Where /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/assets', element: <div>assets page</div> },
          {
            path: '/admin',
            element: (
              <RequireManager>
                <div>admin area</div>
              </RequireManager>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return resolveFetch;
}

const user = (manager: boolean) => ({
  code: 20000,
  msg: 'success',
  data: {
    id: 1,
    email: 'a@b.co',
    name: 'Ann',
    pic: '',
    picture: '',
    admin: manager,
    manager,
    language: null,
    createdAt: '',
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('sign-in guard', () => {
  it('shows the verifying spinner, then sends a visitor to /login keeping the origin', async () => {
    const release = renderAt('/assets?tab=1', { code: 40100, msg: 'no session', data: null });
    expect(screen.getByTestId('auth-verifying').textContent).toContain('Verifying your login status');
    release();
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2Fassets%3Ftab%3D1');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('lets a signed-in user through and remembers them', async () => {
    const release = renderAt('/assets', user(false));
    release();
    expect(await screen.findByText('assets page')).toBeTruthy();
    expect(window.localStorage.getItem('manager')).toBe('false');
  });

  it('sends a non-manager to the home view with the SPEC message, and admits a manager', async () => {
    renderAt('/admin', user(false))();
    expect(await screen.findByText('Only administrator users may use this function')).toBeTruthy();
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard');
    expect(screen.queryByText('admin area')).toBeNull();
    cleanup();
    renderAt('/admin', user(true))();
    expect(await screen.findByText('admin area')).toBeTruthy();
  });
});
