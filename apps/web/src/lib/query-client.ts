// Server state: React Query with retries for failures that may pass (no answer, 5xx), never for 4xx,
// and a toast with the server's message when an action (mutation) fails.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, NOT_TWO_FACTOR_AUTHENTICATED } from './api-error';
import { notifyError } from './notify';
import { reportError } from './sentry';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** false: the screen shows this failure itself. */
      notifyOnError?: boolean;
      /** Toast title, e.g. 'Could not save the offering'. */
      errorTitle?: string;
    };
  }
}

const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isApiError(error) && error.isRetryable;
}

/** Failures something else already shows: sign-in redirects (401, two-factor) and form field errors (422). */
export function isShownElsewhere(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 401 || error.code === NOT_TWO_FACTOR_AUTHENTICATED) return true;
  return error.status === 422 && Object.keys(error.errors).length > 0;
}

/** A failure that is not an API answer is a fault in the page: report it. */
function reportFault(error: unknown) {
  if (!isApiError(error)) reportError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportFault }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        reportFault(error);
        const meta = mutation.options.meta;
        if (meta?.notifyOnError === false || isShownElsewhere(error)) return;
        notifyError(error, meta?.errorTitle);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
