// People the browser suite signs in as. The demo data provides the roles; these extra accounts belong
// to one spec each, so specs that change an account never touch another's.
export const DEMO_PASSWORD = 'demo-gym-2026';
export const E2E_PASSWORD = 'e2e-passphrase-2026';

export const E2E_USERS = {
  resetPassword: { email: 'e2e-reset@example.co.nz', name: 'Reset Tester' },
  twoFactor: { email: 'e2e-twofactor@example.co.nz', name: 'Two Factor Tester' },
  switcher: { email: 'e2e-switcher@example.co.nz', name: 'Switcher Tester' },
  digest: { email: 'e2e-digest@example.co.nz', name: 'Digest Tester' },
} as const;
