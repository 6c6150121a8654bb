import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './lib/i18n';
import './index.css';
import './app/public.css';
import { loadSiteConfig, Providers, queryClient } from './app/providers';
import { prefetchSession } from './lib/session';
import { prefetchEditorTask } from './features/editor/api/editor';
import { prefetchReviewPage } from './features/review/api/review-query';
import { isEditorPath } from './lib/paths';
import {
  isHomeRoute,
  isReviewRoute,
  loadAntdLayout,
  loadEditorPage,
  loadHomePage,
  loadReviewPage,
  router,
} from './app/router';

const { pathname } = window.location;
// what every page waits for is asked at once, in parallel, before the first render: the texts of
// one language (on the pages drawn without antd only those they draw), the host's profile, the session
const light = isHomeRoute(pathname) || isReviewRoute(pathname);
const texts = initI18n(undefined, { texts: light ? 'home' : 'all' });
void loadSiteConfig().catch(() => undefined);
prefetchSession(queryClient);
// the code of the page asked for loads alongside (the server's HTML already names it and, for an
// editor link, the task: these calls take over what the browser has been fetching since then)
if (isHomeRoute(pathname)) void loadHomePage();
else if (isReviewRoute(pathname)) void loadReviewPage();
else void loadAntdLayout();
if (isEditorPath(pathname)) void loadEditorPage();
prefetchEditorTask(queryClient, pathname);
prefetchReviewPage(queryClient, pathname, window.location.hash);

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
// a language whose texts could not load still renders (with the keys) rather than a blank page
void texts.then(render, render);
