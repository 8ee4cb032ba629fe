// The demo banks and accounts a person can connect on the consent page. Balances drive outcomes:
// paying more than the available balance declines with INSUFFICIENT_FUNDS.
export interface DemoAccountTemplate {
  key: string;
  name: string;
  type: 'CHECKING' | 'SAVINGS' | 'CREDITCARD';
  balance: number;
  canPay: boolean;
  hint: string;
}

export interface DemoBank {
  key: string;
  connectionId: string;
  name: string;
  bankCode: string;
  accounts: DemoAccountTemplate[];
}

const standardAccounts = (prefix: string): DemoAccountTemplate[] => [
  {
    key: 'everyday',
    name: `${prefix} Everyday`,
    type: 'CHECKING',
    balance: 2_500,
    canPay: true,
    hint: 'plenty of money',
  },
  {
    key: 'low',
    name: `${prefix} Pocket Money`,
    type: 'CHECKING',
    balance: 3.5,
    canPay: true,
    hint: 'only $3.50',
  },
  {
    key: 'savings',
    name: `${prefix} Saver`,
    type: 'SAVINGS',
    balance: 12_000,
    canPay: false,
    hint: 'cannot make payments',
  },
];

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
