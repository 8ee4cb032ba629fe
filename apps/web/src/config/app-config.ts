// The page's settings, written into the HTML by the server as `window.__APP_CONFIG__` (see
// apps/server/src/http/page-host.ts). Every value is checked; a missing or wrong one falls back to the
// development default, so the page always starts.

export interface AppConfig {
  /** Staff back office, e.g. https://app.example.nz */
  appUrl: string;
  /** Member join site, e.g. https://join.example.nz */
  registerUrl: string;
  /** Error reporting is on only when this is set. */
  sentryDsn: string | null;
  environment: string;
  release: string | null;
}

declare global {
  interface Window {
    __APP_CONFIG__?: unknown;
  }
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  appUrl: 'http://localhost:3000',
  registerUrl: 'http://join.localhost:3000',
  sentryDsn: null,
  environment: 'development',
  release: null,
};

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return value.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function readAppConfig(source: unknown): AppConfig {
  const raw = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  return {
    appUrl: httpUrl(raw.appUrl) ?? DEFAULT_APP_CONFIG.appUrl,
    registerUrl: httpUrl(raw.registerUrl) ?? DEFAULT_APP_CONFIG.registerUrl,
    sentryDsn: httpUrl(raw.sentryDsn),
    environment: text(raw.environment) ?? DEFAULT_APP_CONFIG.environment,
    release: text(raw.release),
  };
}

export const appConfig: AppConfig = readAppConfig(
  typeof window === 'undefined' ? undefined : window.__APP_CONFIG__,
);
