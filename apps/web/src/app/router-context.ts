// What route middleware and loaders get from the app: the one React Query client, so the guard and the
// screens share a cache (the user is loaded once).
import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router';

declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

export const queryClientContext = createContext<QueryClient>();

/** Options for createBrowserRouter / createMemoryRouter: middleware on, the query client in context. */
export function routerOptions(queryClient: QueryClient) {
  return {
    future: { v8_middleware: true },
    getContext: () => new RouterContextProvider(new Map([[queryClientContext, queryClient]])),
  } as const;
}
