/** App-wide providers: Mantine (theme, toasts top-right 2.5 s, modals, dates) and TanStack Query. */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { theme } from '../lib/theme.ts';
import { LazyOverlays } from '../components/lazy-overlays.tsx';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: 'en' }}>
        <QueryClientProvider client={queryClient}>
          {/* toasts (top-right, 2.5 s) and the modals manager load on first use (issue 10) */}
          <LazyOverlays />
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
