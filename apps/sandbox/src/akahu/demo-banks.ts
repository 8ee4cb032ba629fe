// The demo banks and accounts a person can connect on the consent page, each with a documented behaviour
// (README, "Staging a failure"): paying more than the available balance declines with
// INSUFFICIENT_FUNDS, and some accounts fail on every Nth payment, answer days late, never send a
// webhook, or lose their consent after paying once.

/** How an account's payments behave beyond its balance. */
export type AccountBehaviour =
  | { kind: 'normal' }
  /** Every `n`th payment from the account declines with INSUFFICIENT_FUNDS. */
  | { kind: 'fails_every'; n: number }
  /** Payments stay pending this many days before the bank answers. */
  | { kind: 'slow'; days: number }
  /** The bank answers, but no webhook tells the app: only asking finds out. */
  | { kind: 'quiet' }
  /** The member's consent is revoked right after the account's first payment. */
  | { kind: 'revokes_after_first' };

interface DemoAccountTemplate {
  key: string;
  name: string;
  type: 'CHECKING' | 'SAVINGS' | 'CREDITCARD';
  balance: number;
  canPay: boolean;
  hint: string;
  behaviour: AccountBehaviour;
}

export interface DemoBank {
  key: string;
  connectionId: string;
  name: string;
  bankCode: string;
  accounts: DemoAccountTemplate[];
}

const NORMAL: AccountBehaviour = { kind: 'normal' };
const PLENTY = 100_000;

/** The accounts every demo bank offers, by the part of their name after the bank's prefix. */
const TEMPLATES: (Omit<DemoAccountTemplate, 'name'> & { suffix: string })[] = [
  {
    key: 'everyday',
    suffix: 'Everyday',
    type: 'CHECKING',
    balance: 2_500,
    canPay: true,
    hint: 'plenty of money',
    behaviour: NORMAL,
  },
  {
    key: 'low',
    suffix: 'Pocket Money',
    type: 'CHECKING',
    balance: 3.5,
    canPay: true,
    hint: 'only $3.50',
    behaviour: NORMAL,
  },
  {
    key: 'savings',
    suffix: 'Saver',
    type: 'SAVINGS',
    balance: 12_000,
    canPay: false,
    hint: 'cannot make payments',
    behaviour: NORMAL,
  },
  {
    key: 'third',
    suffix: 'Every Third',
    type: 'CHECKING',
    balance: PLENTY,
    canPay: true,
    hint: 'every third payment declines',
    behaviour: { kind: 'fails_every', n: 3 },
  },
  {
    key: 'slow',
    suffix: 'Slow Clearing',
    type: 'CHECKING',
    balance: PLENTY,
    canPay: true,
    hint: 'payments stay pending for 3 days',
    behaviour: { kind: 'slow', days: 3 },
  },
  {
    key: 'quiet',
    suffix: 'Quiet',
    type: 'CHECKING',
    balance: PLENTY,
    canPay: true,
    hint: 'payments go through, but no webhook is ever sent',
    behaviour: { kind: 'quiet' },
  },
  {
    key: 'once',
    suffix: 'Short Consent',
    type: 'CHECKING',
    balance: PLENTY,
    canPay: true,
    hint: 'consent is revoked after the first payment',
    behaviour: { kind: 'revokes_after_first' },
  },
];

const standardAccounts = (prefix: string): DemoAccountTemplate[] =>
  TEMPLATES.map(({ suffix, ...template }) => ({ ...template, name: `${prefix} ${suffix}` }));

/** The behaviour of an account known only by its name (a remembered one): by the template it ends like. */
export function behaviourForName(name: string): { behaviour: AccountBehaviour; balance: number | null } {
  const template = TEMPLATES.find((t) => name.toLowerCase().endsWith(t.suffix.toLowerCase()));
  if (!template || template.key === 'everyday' || template.key === 'savings')
    return { behaviour: NORMAL, balance: null };
  return { behaviour: template.behaviour, balance: template.balance };
}

export const DEMO_BANKS: DemoBank[] = [
  {
    key: 'demo',
    connectionId: 'conn_sandbox_demo_bank',
    name: 'Demo Bank',
    bankCode: '99',
    accounts: standardAccounts('Demo'),
  },
  {
    key: 'anz',
    connectionId: 'conn_sandbox_anz',
    name: 'ANZ (sandbox)',
    bankCode: '01',
    accounts: standardAccounts('ANZ'),
  },
  {
    key: 'asb',
    connectionId: 'conn_sandbox_asb',
    name: 'ASB (sandbox)',
    bankCode: '12',
    accounts: standardAccounts('ASB'),
  },
  {
    key: 'bnz',
    connectionId: 'conn_sandbox_bnz',
    name: 'BNZ (sandbox)',
    bankCode: '02',
    accounts: standardAccounts('BNZ'),
  },
  {
    key: 'kiwibank',
    connectionId: 'conn_sandbox_kiwibank',
    name: 'Kiwibank (sandbox)',
    bankCode: '38',
    accounts: standardAccounts('Kiwibank'),
  },
  {
    key: 'westpac',
    connectionId: 'conn_sandbox_westpac',
    name: 'Westpac (sandbox)',
    bankCode: '03',
    accounts: standardAccounts('Westpac'),
  },
];

export const findBank = (key: string | undefined): DemoBank | undefined =>
  DEMO_BANKS.find((b) => b.key === key || b.connectionId === key);

export const connectionInfo = (bank: DemoBank) => ({
  _id: bank.connectionId,
  name: bank.name,
  logo: `https://static.akahu.nz/sandbox/${bank.key}.svg`,
  connection_type: 'official' as const,
});
