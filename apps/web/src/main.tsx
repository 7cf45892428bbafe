import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './app/theme.css';
import './lib/i18n.ts';
import { installClearZodMessages } from '@pesan/contracts/zod-messages';
import { AppProvider } from './app/provider.tsx';
import { router } from './app/router.tsx';

installClearZodMessages();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
