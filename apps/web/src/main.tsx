import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './lib/i18n';
import './index.css';
import { Providers, queryClient } from './app/providers';
import { prefetchEditorTask } from './features/editor/api/editor';
import { router } from './app/router';

initI18n();
prefetchEditorTask(queryClient, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
