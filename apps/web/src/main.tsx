import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import './app/theme.css';
import { installClearZodMessages } from '@pesan/contracts/zod-messages';
import { AppProvider } from './app/provider.tsx';
import { router } from './app/router.tsx';

installClearZodMessages();
// lib/i18n.ts is not loaded here: i18next holds no page text yet (English strings live in
// contracts and components), and its ~14 KB gzip would weigh on every first load (issue 10). A
// page that translates imports './lib/i18n.ts' (it sets i18next up on import).

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
