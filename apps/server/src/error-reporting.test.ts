// The error reporting's trace sampling: 0.5 is what Sentry is started with, and with that setting the
// SDK keeps a trace exactly when its random draw is below one half (the draw is injected here).
import * as Sentry from '@sentry/node';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sentryOptions, TRACES_SAMPLE_RATE } from './error-reporting';

const env = {
  SENTRY_DSN: 'https://public@errors.example.nz/1',
  SENTRY_ENVIRONMENT: undefined,
  NODE_ENV: 'production' as const,
};

/** A seeded generator (mulberry32): the same draws every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('error reporting', () => {
  it('is off without a DSN, and samples half of the traces with one', () => {
    expect(sentryOptions({ ...env, SENTRY_DSN: undefined })).toBeNull();
    expect(TRACES_SAMPLE_RATE).toBe(0.5);
    expect(sentryOptions(env)).toEqual({
      dsn: env.SENTRY_DSN,
      environment: 'production',
      tracesSampleRate: 0.5,
    });
    expect(sentryOptions({ ...env, SENTRY_ENVIRONMENT: 'staging' })?.environment).toBe('staging');
  });

  describe('the SDK started with these options', () => {
    const sent: unknown[] = [];
    Sentry.init({
      ...sentryOptions(env),
      // Nothing leaves the test: envelopes are kept here.
      transport: () => ({
        send: async (envelope) => {
          sent.push(envelope);
          return {};
        },
        flush: async () => true,
      }),
      defaultIntegrations: false,
    });
    afterEach(() => vi.restoreAllMocks());
    afterAll(() => Sentry.close());

    /** Whether a new trace, whose random draw is `draw`, is kept. */
    const keeps = (draw: () => number) => {
      vi.spyOn(Math, 'random').mockImplementation(draw);
      const kept = Sentry.startNewTrace(() =>
        Sentry.startSpan({ name: 'GET /api/members' }, (span) => span.isRecording()),
      );
      vi.restoreAllMocks();
      return kept;
    };

    it('keeps a trace whose draw is below 0.5 and drops one at or above it', () => {
      expect(keeps(() => 0.1)).toBe(true);
      expect(keeps(() => 0.4999)).toBe(true);
      expect(keeps(() => 0.5)).toBe(false);
      expect(keeps(() => 0.9)).toBe(false);
    });

    it('keeps about half of many traces (seeded draws)', () => {
      const draws = Array.from({ length: 1000 }, seeded(20261127));
      let kept = 0;
      for (const draw of draws) if (keeps(() => draw)) kept += 1;
      expect(kept).toBe(draws.filter((d) => d < 0.5).length);
      expect(kept).toBeGreaterThan(450);
      expect(kept).toBeLessThan(550);
    });
  });
});
