// Error reporting and traces, on only when the server configures a Sentry DSN. The SDK is loaded on
// demand, so pages without error reporting never download it.
import type { AppConfig } from '@/config/app-config';

type Sentry = typeof import('./sentry-sdk');

export const TRACES_SAMPLE_RATE = 0.5;

let sentry: Promise<Sentry> | null = null;

export interface SentryOptions {
  /** Names a page view by its route ('members.show') rather than its address ('/members/42'). */
  routeNameOf?: (pathname: string) => string | undefined;
}

export function initSentry(config: AppConfig, options: SentryOptions = {}): void {
  if (!config.sentryDsn || sentry) return;
  sentry = import('./sentry-sdk').then((Sentry) => {
    Sentry.init({
      dsn: config.sentryDsn ?? undefined,
      environment: config.environment,
      release: config.release ?? undefined,
      tracesSampleRate: TRACES_SAMPLE_RATE,
      // Traces follow calls to our own API only, never to other origins.
      tracePropagationTargets: [/^\/api\//],
      integrations: [
        Sentry.browserTracingIntegration({
          beforeStartSpan: (span) => ({
            ...span,
            name: options.routeNameOf?.(window.location.pathname) ?? span.name,
          }),
        }),
      ],
    });
    return Sentry;
  });
  // A blocked or failed download leaves the page working, just unreported.
  sentry.catch(() => {
    sentry = null;
  });
}

/** Sends an error to Sentry when reporting is on; says whether it will be reported. */
export function reportError(error: unknown, context?: Record<string, unknown>): boolean {
  if (!sentry) return false;
  void sentry.then((Sentry) => Sentry.captureException(error, context ? { extra: context } : undefined));
  return true;
}
