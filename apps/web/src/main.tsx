import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './lib/i18n';
import './index.css';
import { loadSiteConfig, Providers, queryClient } from './app/providers';
import { prefetchSession } from './features/auth/api/session';
import { prefetchEditorTask } from './features/editor/api/editor';
import { loadEditorPage, router } from './app/router';

initI18n();
// what every page waits for is asked at once, in parallel, before the first render
void loadSiteConfig().catch(() => undefined);
prefetchSession(queryClient);
// an editor link: its code and its task load alongside the session check, not after it (the code
// is asked first: the server answers the small files before it reads a long task)
if (/^\/edit\//.test(window.location.pathname)) void loadEditorPage();
prefetchEditorTask(queryClient, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
