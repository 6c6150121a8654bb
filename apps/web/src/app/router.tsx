import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { SEO_ROUTES } from '@subtrans/contract';
import { PageLoading, RequireAuth } from './guards';
import { paths } from '../lib/paths';
import { loadAllTexts } from '../lib/i18n';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A page whose code is its own chunk, loaded on first use with the loading indicator meanwhile.
 * Not React.lazy: once a Suspense fallback is on screen, React holds the content back for up to
 * 300 ms after its code has arrived (it throttles reveals), which every page open paid. Here the
 * page simply renders when its code is there, at once if it was loaded before (`preload`).
 */
function lazyPage(load: Loader) {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => (loaded = m.default),
      (e: unknown) => {
        pending = null; // a later visit tries again
        throw e;
      },
    ));
  function Page() {
    const [state, setState] = useState<{ page: ComponentType | null; error?: Error }>(() => ({
      page: loaded,
    }));
    useEffect(() => {
      if (state.page) return;
      let live = true;
      preload().then(
        (page) => live && setState({ page }),
        (e: unknown) =>
          live &&
          setState({ page: null, error: e instanceof Error ? e : new Error('the page did not load') }),
      );
      return () => {
        live = false;
      };
    }, [state.page]);
    // a chunk that cannot load is the router's error page, as any failure while rendering
    if (state.error) throw state.error;
    const Loaded = state.page;
    return Loaded ? <Loaded /> : <PageLoading />;
  }
  return { element: <Page />, preload };
}

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyPage(() => load().then((m) => ({ default: m[name] }))).element;
const page = (load: Loader) => lazyPage(load).element;

function Shell({ children }: { children?: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>;
}

/** the editor's code; main.tsx starts loading it at once when the address is an editor link */
const editorPage = lazyPage(() => import('../features/editor/routes/editor-page'));
export const loadEditorPage = editorPage.preload;

/**
 * antd's provider and the pages under it, with every text (the home page loads only its own):
 * main.tsx starts it at once on any address but the home page's
 */
const antdLayout = lazyPage(() =>
  Promise.all([import('./antd-layout'), loadAllTexts()]).then(([layout]) => layout),
);
export const loadAntdLayout = antdLayout.preload;
const bare = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');
/** the home page's addresses, drawn without antd (as are the review page and the 404) */
export const isHomeRoute = (pathname: string) =>
  [paths.home, paths.homeAlias, ...SEO_ROUTES.map((p) => `/${p}`)].includes(bare(pathname));
/** the address of a review link (issue 40), drawn without antd for a reviewer's first visit */
export const isReviewRoute = (pathname: string) => bare(pathname) === paths.review;

/** the review page's code; main.tsx starts it at once on its address */
const reviewPage = lazyPage(() => import('../features/review/routes/review-page'));
export const loadReviewPage = reviewPage.preload;

/** the home page's code; main.tsx starts it at once on its addresses */
const homePage = lazyPage(() => import('../features/public-site/routes/home-page'));
export const loadHomePage = homePage.preload;

const info = () => import('../features/public-site/routes/info-page');
const payments = () => import('../features/billing/routes/payment-pages');

export const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: paths.home, element: homePage.element },
      { path: paths.homeAlias, element: homePage.element },
      ...SEO_ROUTES.map((p) => ({ path: `/${p}`, element: homePage.element })),
      {
        element: antdLayout.element,
        children: [
          { path: paths.login, element: page(() => import('../features/auth/routes/login-page')) },
          { path: paths.register, element: page(() => import('../features/auth/routes/register-page')) },
          {
            path: paths.forgotPassword,
            element: page(() => import('../features/auth/routes/forgot-password-page')),
          },
          {
            path: paths.authCallback,
            element: page(() => import('../features/auth/routes/auth-callback-page')),
          },
          { path: paths.about, element: named(info, 'AboutPage') },
          { path: paths.contact, element: named(info, 'ContactPage') },
          { path: paths.terms, element: named(info, 'TermsPage') },
          { path: paths.privacy, element: named(info, 'PrivacyPage') },
          { path: paths.paymentSuccess, element: named(payments, 'PaymentSuccessPage') },
          { path: paths.paymentFail, element: named(payments, 'PaymentFailPage') },
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.dashboard,
                element: page(() => import('./dashboard/dashboard-page')),
              },
              { path: paths.editorRoute, element: editorPage.element },
              { path: paths.assets, element: page(() => import('../features/billing/routes/assets-page')) },
            ],
          },
        ],
      },
      // issue 40 §2: a reviewer opens a link without an account
      { path: paths.review, element: reviewPage.element },
      { path: '*', element: page(() => import('../features/public-site/routes/not-found-page')) },
    ],
  },
]);
