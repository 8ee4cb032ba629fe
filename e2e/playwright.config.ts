// The browser suite: the real server (embedded database with the demo data and the e2e fixtures) driven
// through Debian's Chromium.
import { defineConfig } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const STAFF_URL = `http://localhost:${PORT}`;
export const MEMBER_URL = `http://join.localhost:${PORT}`;
/** The Stripe simulator's own address (its /__sandbox controls), just above the server's port. */
export const SANDBOX_STRIPE_URL = `http://127.0.0.1:${PORT + 2}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  // One retry on CI: a test that passes only on its retry is reported as flaky in the output.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  // The clock spec moves the shared server's application clock a month, which would expire the codes and
  // links other specs hold: it runs after them (alone: `--project clock --no-deps`).
  projects: [
    { name: 'pages', testIgnore: '**/expected-payments.spec.ts' },
    { name: 'clock', testMatch: '**/expected-payments.spec.ts', dependencies: ['pages'] },
  ],
  outputDir: `../.tmp/playwright-results-${PORT}`,
  use: {
    baseURL: STAFF_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    locale: 'en-NZ',
    timezoneId: 'Pacific/Auckland',
  },
  webServer: {
    command: 'node_modules/.bin/tsx e2e/serve.ts',
    cwd: '..',
    url: `${STAFF_URL}/api/health`,
    // The first start makes the demo's 42 days of billing history with the engine (about a minute on an
    // idle 2-core machine, several on a busy one).
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      APP_URL: STAFF_URL,
      REGISTER_URL: MEMBER_URL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The simulators and the mail capture sit just above the server's port, so two suites started
      // with different E2E_PORT values never share a port.
      SANDBOX_AKAHU_PORT: String(PORT + 1),
      SANDBOX_STRIPE_PORT: String(PORT + 2),
      SANDBOX_KISI_PORT: String(PORT + 3),
      MAIL_CAPTURE_PORT: String(PORT + 4),
    },
  },
});
