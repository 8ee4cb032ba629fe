// Everything every screen of both sites relies on: theme, dates, toasts, modals, server state, and an
// error boundary that catches what nothing else did.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { SiteHostProvider } from '@/components/ui/route-link';
import type { Host } from '@/config/paths';
import { DAYJS_LOCALE } from '@/lib/dayjs';
import { createQueryClient } from '@/lib/query-client';
import { OverlaysOnDemand } from './overlays-on-demand';
import { cssVariablesResolver, theme } from './theme';

interface AppProviderProps {
  host: Host;
  /** The router's guard uses the same client; tests may leave it out. */
  queryClient?: QueryClient;
  children: ReactNode;
}

export function AppProvider({ host, queryClient: given, children }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppErrorBoundary>
        {/* Mantine 9 dropped the provider's time zone: dayjs's default zone is Pacific/Auckland (lib/dayjs). */}
        <DatesProvider settings={{ locale: DAYJS_LOCALE, firstDayOfWeek: 1, weekendDays: [0, 6] }}>
          <QueryClientProvider client={queryClient}>
            <SiteHostProvider value={host}>
              <OverlaysOnDemand />
              {children}
            </SiteHostProvider>
          </QueryClientProvider>
        </DatesProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
