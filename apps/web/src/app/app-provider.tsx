// Everything every screen of both sites relies on: theme, toasts, modals, server state, and an
// error boundary that catches what nothing else did.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { SiteHostProvider } from '@/components/ui/route-link';
import type { Host } from '@/config/paths';
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
        {/* Date inputs' settings are the back office frame's (components/ui/date-settings). */}
        <QueryClientProvider client={queryClient}>
          <SiteHostProvider value={host}>
            <OverlaysOnDemand />
            {children}
          </SiteHostProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
