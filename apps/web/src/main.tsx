import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import './app/theme.css';
import { i18nReady } from './lib/i18n.ts';
import { AppProvider } from './app/provider.tsx';
import { router } from './app/router.tsx';

// The first render waits for the language and its common texts (ARCHITECTURE.md §10); the router
// has already started the first page's guard and chunk meanwhile. A page whose namespace is still
// loading suspends to the boundary below (nothing shows; its skeleton follows).
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </AppProvider>
    </StrictMode>,
  ),
);
