import { defineConfig } from 'vitest/config';

// One Vitest run, four projects: pure rules, page units, server routes on a real database, simulators.
// One retry on CI (2 cores, everything in parallel): a timing flake must not turn a good run red. A
// test that needed its retry is still listed in the output. Inline projects do not inherit the root's
// test options, so each project names it.
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          retry,
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          // Property tests are CPU-bound: the frequency change's 300 runs take 2.4 s on a quiet machine,
          // and on two cores beside the route tests more than the default 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          retry,
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A page render waits on lazy route modules; on two busy cores that can pass 5 s.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          retry,
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'sandbox',
          retry,
          root: 'apps/sandbox',
          include: ['src/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
