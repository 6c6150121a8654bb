import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { SEO_ROUTES } from '@subtrans/contract';
import { PageLoading, RequireAuth } from './guards';

/**
 * Every route of SPEC §2; each page is its own chunk so public pages load without the app. The
 * home page (and its SEO routes) and the 404 are drawn without Ant Design; every other page sits
 * under the antd layout route, which brings antd's provider with the first of them.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  page(() => load().then((m) => ({ default: m[name] })));

function Shell({ children }: { children?: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>;
}

/** the editor's code; main.tsx starts loading it at once when the address is an editor link */
export const loadEditorPage = () => import('../features/editor/routes/editor-page');

/** antd's provider and the pages under it; main.tsx starts it at once on any address but the home page's */
export const loadAntdLayout = () => import('./antd-layout');
/** the addresses drawn without antd that are known in advance (the 404 is whatever is left) */
export const isHomeRoute = (pathname: string) =>
  ['/', '/home', ...SEO_ROUTES.map((p) => `/${p}`)].includes(pathname.replace(/(.)\/+$/, '$1'));

/** the home page's code; main.tsx starts it at once on its addresses */
export const loadHomePage = () => import('../features/public-site/routes/home-page');

const home = () => page(loadHomePage);
const info = () => import('../features/public-site/routes/info-page');
const payments = () => import('../features/billing/routes/payment-pages');

export const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: '/', element: home() },
      { path: '/home', element: home() },
      ...SEO_ROUTES.map((p) => ({ path: `/${p}`, element: home() })),
      {
        element: page(loadAntdLayout),
        children: [
          { path: '/login', element: page(() => import('../features/auth/routes/login-page')) },
          { path: '/register', element: page(() => import('../features/auth/routes/register-page')) },
          {
            path: '/auth/callback',
            element: page(() => import('../features/auth/routes/auth-callback-page')),
          },
          { path: '/about', element: named(info, 'AboutPage') },
          { path: '/contact', element: named(info, 'ContactPage') },
          { path: '/terms', element: named(info, 'TermsPage') },
          { path: '/privacy', element: named(info, 'PrivacyPage') },
          { path: '/payment-success', element: named(payments, 'PaymentSuccessPage') },
          { path: '/payment-fail', element: named(payments, 'PaymentFailPage') },
          {
            element: <RequireAuth />,
            children: [
              {
                path: '/dashboard',
                element: page(() => import('../features/dashboard/routes/dashboard-page')),
              },
              { path: '/edit/:taskId', element: page(loadEditorPage) },
              { path: '/assets', element: page(() => import('../features/billing/routes/assets-page')) },
            ],
          },
        ],
      },
      { path: '*', element: page(() => import('../features/public-site/routes/not-found-page')) },
    ],
  },
]);
