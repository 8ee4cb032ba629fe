// Error reporting and traces (Sentry), on only when SENTRY_DSN is set. Half of the traces are kept: enough
// to see slow calls, at half the cost; every error is reported whatever the sampling.
import type { NodeOptions } from '@sentry/node';
import type { Env } from './config/env';

/** The share of traces sent (each trace's random draw below it is kept). */
export const TRACES_SAMPLE_RATE = 0.5;

/** What Sentry starts with, or null when reporting is off (no DSN). */
export function sentryOptions(
  env: Pick<Env, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT' | 'NODE_ENV'>,
): NodeOptions | null {
  if (!env.SENTRY_DSN) return null;
  return {
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    tracesSampleRate: TRACES_SAMPLE_RATE,
  };
}
