// The page's error reporting: off without a DSN; with one, Sentry starts sampling half of the traces.
import { describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
}));
vi.mock('./sentry-sdk', () => sdk);

const config = {
  appUrl: 'https://app.example.nz',
  registerUrl: 'https://join.example.nz',
  sentryDsn: 'https://key@o1.ingest.sentry.io/2',
  environment: 'production',
  release: '1.2.3',
};

describe('initSentry', () => {
  it('starts nothing without a DSN, and reports nothing', async () => {
    const { initSentry, reportError } = await import('./sentry');
    initSentry({ ...config, sentryDsn: null });
    expect(reportError(new Error('x'))).toBe(false);
    expect(sdk.init).not.toHaveBeenCalled();
  });

  it('starts Sentry with half of the traces sampled', async () => {
    const { initSentry, reportError, TRACES_SAMPLE_RATE } = await import('./sentry');
    expect(TRACES_SAMPLE_RATE).toBe(0.5);
    initSentry(config);
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalledTimes(1));
    expect(sdk.init.mock.calls[0]![0]).toMatchObject({
      dsn: config.sentryDsn,
      environment: 'production',
      release: '1.2.3',
      tracesSampleRate: 0.5,
    });
    const error = new Error('boom');
    expect(reportError(error)).toBe(true);
    await vi.waitFor(() => expect(sdk.captureException).toHaveBeenCalledWith(error, undefined));
  });
});
