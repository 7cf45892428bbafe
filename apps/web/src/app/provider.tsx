/** App-wide providers: Mantine (theme, toasts top-right 2.5 s, modals, dates) and TanStack Query. */
import type { ReactNode } from 'react';
import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../lib/query-client.ts';
import { theme } from '../lib/theme.ts';
import { LazyOverlays } from '../components/lazy-overlays.tsx';

/**
 * The console is light only: the colour scheme stays in memory. Mantine's default manager reads
 * localStorage while the app starts, and a page's first localStorage access can take several ms
 * (issue 10).
 */
const lightOnly: MantineColorSchemeManager = {
  get: (defaultValue) => defaultValue,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

export function AppProvider({ children }: { children: ReactNode }) {
  // Calendars name months and weekdays in the interface language (dayjs's locale follows it, lib/i18n.ts).
  const { i18n } = useTranslation();
  return (
    <MantineProvider theme={theme} colorSchemeManager={lightOnly} defaultColorScheme="light">
      <DatesProvider settings={{ locale: i18n.language.startsWith('id') ? 'id' : 'en' }}>
        <QueryClientProvider client={queryClient}>
          {/* toasts (top-right, 2.5 s) and the modals manager load on first use (issue 10) */}
          <LazyOverlays />
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
