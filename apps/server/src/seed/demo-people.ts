// The demo sign-ins printed at start-up and created by the demo seed (all share one password).
export const DEMO_PASSWORD = 'demo-gym-2026';

export const DEMO_EMAILS = {
  admin: 'admin@demo.test',
  gymAdmin: 'gymadmin@demo.test',
  trainer: 'trainer@demo.test',
  twoFactor: 'twofactor@demo.test',
  member: 'member@demo.test',
} as const;

export const DEMO_SIGN_INS: { email: string; what: string }[] = [
  { email: DEMO_EMAILS.admin, what: 'organisation admin of both organisations' },
  { email: DEMO_EMAILS.gymAdmin, what: 'gym admin of two Southern Strength gyms' },
  { email: DEMO_EMAILS.trainer, what: 'personal trainer at Southern Strength Ponsonby' },
  { email: DEMO_EMAILS.twoFactor, what: 'Kōwhai Fitness admin with two-factor sign-in (code by email)' },
  { email: DEMO_EMAILS.member, what: 'member with an active subscription and a bank account (join site)' },
];
