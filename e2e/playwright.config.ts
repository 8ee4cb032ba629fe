// The browser suite: the real server (embedded database with the demo data and the e2e fixtures) driven
// through Debian's Chromium.
import { defineConfig } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const STAFF_URL = `http://localhost:${PORT}`;
export const MEMBER_URL = `http://join.localhost:${PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: '../.tmp/playwright-results',
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
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      APP_URL: STAFF_URL,
      REGISTER_URL: MEMBER_URL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SANDBOX_AKAHU_PORT: '4201',
      SANDBOX_STRIPE_PORT: '4202',
      SANDBOX_KISI_PORT: '4203',
      MAIL_CAPTURE_PORT: '1125',
    },
  },
});
