import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './lib/i18n';
import './index.css';
import { Providers, queryClient } from './app/providers';
import { prefetchEditorTask } from './features/editor/api/editor';
import { loadEditorPage, router } from './app/router';

initI18n();
// an editor link: its task and its code load alongside the session check, not after it
if (prefetchEditorTask(queryClient, window.location.pathname)) void loadEditorPage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
