import { describe, expect, it } from 'vitest';
import { appConfig, DEFAULT_APP_CONFIG, readAppConfig } from './app-config';

describe('app config', () => {
  it('falls back to the development defaults when the server wrote nothing', () => {
    expect(readAppConfig(undefined)).toEqual({
      appUrl: 'http://localhost:3000',
      registerUrl: 'http://join.localhost:3000',
      sentryDsn: null,
      environment: 'development',
      release: null,
    });
    expect(readAppConfig('nonsense')).toEqual(DEFAULT_APP_CONFIG);
    // The test page has no __APP_CONFIG__ script.
    expect(appConfig).toEqual(DEFAULT_APP_CONFIG);
  });

  it('takes the server’s values', () => {
    const config = readAppConfig({
      appUrl: 'https://app.gym.nz/',
      registerUrl: 'https://join.gym.nz',
      sentryDsn: 'https://key@o1.ingest.sentry.io/2',
      environment: 'production',
      release: '1.4.0',
    });
    expect(config).toEqual({
      appUrl: 'https://app.gym.nz',
      registerUrl: 'https://join.gym.nz',
      sentryDsn: 'https://key@o1.ingest.sentry.io/2',
      environment: 'production',
      release: '1.4.0',
    });
  });

  it('replaces wrong values one by one, never failing', () => {
    const config = readAppConfig({
      appUrl: 'javascript:alert(1)',
      registerUrl: 42,
      sentryDsn: '',
      environment: '   ',
      release: null,
    });
    expect(config).toEqual(DEFAULT_APP_CONFIG);
  });
});
