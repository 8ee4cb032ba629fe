// Starts one of the two sites: error reporting (when configured), the router, the providers.
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { appConfig } from '@/config/app-config';
import type { Host } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { initSentry, reportError } from '@/lib/sentry';
import { AppProvider } from './app-provider';

interface StartOptions {
  host: Host;
  /** The router shares the page's query client with its guard and loaders. */
  createRouter: (queryClient: QueryClient) => DataRouter;
  routeNameAt: (pathname: string) => string | undefined;
}

export function startApp({ host, createRouter, routeNameAt }: StartOptions) {
  // Both sites' entries run from the one first script the two pages share (vite.config.ts): each page
  // names its site in a meta tag, and only that site starts.
  if (document.querySelector<HTMLMetaElement>('meta[name="gym-host"]')?.content !== host) return;
  initSentry(appConfig, { routeNameOf: routeNameAt });
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const onUncaughtError = (error: unknown) => {
    console.error(error);
    reportError(error);
  };
  createRoot(container, { onUncaughtError }).render(
    <StrictMode>
      <AppProvider host={host} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
