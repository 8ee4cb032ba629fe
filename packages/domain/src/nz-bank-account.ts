// NZ bank account numbers (bank-branch-account-suffix), checked by the published algorithm: Inland
// Revenue's "Bank account number validation" (RWT/NRWT certificate specification, 2020 table).

export interface NzBankAccount {
  /** 2 digits. */
  bank: string;
  /** 4 digits, zero-padded ('902' → '0902'). */
  branch: string;
  /** 8 digits, zero-padded; printed as 7 when it starts with 0. */
  base: string;
  /** 4 digits, zero-padded; printed with `suffixDigits` digits. */
  suffix: string;
  /** How the suffix was written (2 or 3 digits), so formatting gives it back the same way. */
  suffixDigits: 2 | 3;
}

export type NzBankAccountError = 'format' | 'bank' | 'branch' | 'checksum';
export type NzBankAccountCheck =
  | { valid: true; account: NzBankAccount }
  | { valid: false; reason: NzBankAccountError };

export const INVALID_NZ_BANK_ACCOUNT = 'Value is not a valid New Zealand bank account number';

type Algorithm = 'A' | 'B' | 'D' | 'E' | 'F' | 'G' | 'X';

// Weights for the 18 digits bank(2) branch(4) base(8) suffix(4), and the modulus. C is published but
// unused by any bank, so it is left out.
const ALGORITHMS: Record<Algorithm, { weights: number[]; modulo: number; addDigits: boolean }> = {
  A: { weights: [0, 0, 6, 3, 7, 9, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulo: 11, addDigits: false },
  B: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulo: 11, addDigits: false },
  D: { weights: [0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0], modulo: 11, addDigits: false },
  E: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 2, 0, 0, 0, 1], modulo: 11, addDigits: true },
  F: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 7, 3, 1, 7, 3, 1, 0, 0, 0, 0], modulo: 10, addDigits: false },
  G: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 3, 7, 1, 3, 7, 1, 0, 3, 7, 1], modulo: 10, addDigits: true },
  X: { weights: new Array(18).fill(0), modulo: 1, addDigits: false },
};

type Range = readonly [number, number];
// 'AB': algorithm A when the account base is below 00990000, otherwise B (the table's "see note").
const BANKS: Record<string, { branches: readonly Range[]; algorithm: 'AB' | Algorithm }> = {
  '01': {
    branches: [
      [1, 999],
      [1100, 1199],
      [1800, 1899],
    ],
    algorithm: 'AB',
  },
  '02': {
    branches: [
      [1, 999],
      [1200, 1299],
    ],
    algorithm: 'AB',
  },
  '03': {
    branches: [
      [1, 999],
      [1300, 1399],
      [1500, 1599],
      [1700, 1799],
      [1900, 1999],
      [7350, 7399],
    ],
    algorithm: 'AB',
  },
  '04': { branches: [[2020, 2024]], algorithm: 'AB' },
  '06': {
    branches: [
      [1, 999],
      [1400, 1499],
    ],
    algorithm: 'AB',
  },
  '08': { branches: [[6500, 6599]], algorithm: 'D' },
  '09': { branches: [[0, 0]], algorithm: 'E' },
  '10': { branches: [[5165, 5169]], algorithm: 'AB' },
  '11': {
    branches: [
      [5000, 6499],
      [6600, 8999],
    ],
    algorithm: 'AB',
  },
  '12': {
    branches: [
      [3000, 3299],
      [3400, 3499],
      [3600, 3699],
    ],
    algorithm: 'AB',
  },
  '13': { branches: [[4900, 4999]], algorithm: 'AB' },
  '14': { branches: [[4700, 4799]], algorithm: 'AB' },
  '15': { branches: [[3900, 3999]], algorithm: 'AB' },
  '16': { branches: [[4400, 4499]], algorithm: 'AB' },
  '17': { branches: [[3300, 3399]], algorithm: 'AB' },
  '18': { branches: [[3500, 3599]], algorithm: 'AB' },
  '19': { branches: [[4600, 4649]], algorithm: 'AB' },
  '20': { branches: [[4100, 4199]], algorithm: 'AB' },
  '21': { branches: [[4800, 4899]], algorithm: 'AB' },
  '22': { branches: [[4000, 4049]], algorithm: 'AB' },
  '23': { branches: [[3700, 3799]], algorithm: 'AB' },
  '24': { branches: [[4300, 4349]], algorithm: 'AB' },
  '25': { branches: [[2500, 2599]], algorithm: 'F' },
  '26': { branches: [[2600, 2699]], algorithm: 'G' },
  '27': { branches: [[3800, 3849]], algorithm: 'AB' },
  '28': { branches: [[2100, 2149]], algorithm: 'G' },
  '29': { branches: [[2150, 2299]], algorithm: 'G' },
  '30': { branches: [[2900, 2949]], algorithm: 'AB' },
  '31': { branches: [[2800, 2849]], algorithm: 'X' },
  '33': { branches: [[6700, 6799]], algorithm: 'F' },
  '35': { branches: [[2400, 2499]], algorithm: 'AB' },
  '38': { branches: [[9000, 9499]], algorithm: 'AB' },
};

function build(bank: string, branch: string, base: string, suffix: string): NzBankAccount | null {
  // Typed numbers are written in full: a 3- or 4-digit branch, a 7- or 8-digit base.
  if (bank.length !== 2 || branch.length < 3 || branch.length > 4 || base.length < 7 || base.length > 8)
    return null;
  if (suffix.length < 2 || suffix.length > 4) return null;
  // A 4-digit suffix is only the padded form of a 3-digit one.
  if (suffix.length === 4 && suffix[0] !== '0') return null;
  return {
    bank,
    branch: branch.padStart(4, '0'),
    base: base.padStart(8, '0'),
    suffix: suffix.padStart(4, '0'),
    suffixDigits: suffix.length === 2 ? 2 : 3,
  };
}

/**
 * Reads '12-3140-0171323-50', '12 3140 0171323 050', '01-902-0068389-00' or the digits alone
 * ('123140017132350': 15 digits for a 2-digit suffix, 16 for 3, 18 fully padded). Checks shape only.
 */
export function parseNzBankAccount(input: string): NzBankAccount | null {
  const text = input.trim();
  if (/^\d+$/.test(text)) {
    const [bank, branch, rest] = [text.slice(0, 2), text.slice(2, 6), text.slice(6)];
    if (text.length === 15) return build(bank, branch, rest.slice(0, 7), rest.slice(7));
    if (text.length === 16) return build(bank, branch, rest.slice(0, 7), rest.slice(7));
    if (text.length === 18) return build(bank, branch, rest.slice(0, 8), rest.slice(8));
    return null;
  }
  const parts = text.split(/\s*[-\s]\s*/);
  if (parts.length !== 4 || !parts.every((p) => /^\d+$/.test(p))) return null;
  const [bank, branch, base, suffix] = parts as [string, string, string, string];
  return build(bank, branch, base, suffix);
}

function algorithmFor(account: NzBankAccount): Algorithm | 'bank' | 'branch' {
  const bank = BANKS[account.bank];
  if (!bank) return 'bank';
  const branch = Number(account.branch);
  if (!bank.branches.some(([low, high]) => branch >= low && branch <= high)) return 'branch';
  if (bank.algorithm !== 'AB') return bank.algorithm;
  return Number(account.base) < 990000 ? 'A' : 'B';
}

function checksumHolds(account: NzBankAccount, algorithm: Algorithm): boolean {
  const { weights, modulo, addDigits } = ALGORITHMS[algorithm];
  const digits = `${account.bank}${account.branch}${account.base}${account.suffix}`;
  let sum = 0;
  for (let i = 0; i < 18; i++) {
    let product = Number(digits[i]) * weights[i]!;
    // E and G add the product's digits, then the digits of that (e.g. 7 × 9 = 63 → 9).
    if (addDigits) {
      product = Math.floor(product / 10) + (product % 10);
      product = Math.floor(product / 10) + (product % 10);
    }
    sum += product;
  }
  return sum % modulo === 0;
}

export function checkNzBankAccount(input: string): NzBankAccountCheck {
  const account = parseNzBankAccount(input);
  if (account === null) return { valid: false, reason: 'format' };
  const algorithm = algorithmFor(account);
  if (algorithm === 'bank' || algorithm === 'branch') return { valid: false, reason: algorithm };
  return checksumHolds(account, algorithm) ? { valid: true, account } : { valid: false, reason: 'checksum' };
}

export function isValidNzBankAccount(input: string): boolean {
  return checkNzBankAccount(input).valid;
}

/** '12-3140-0171323-50': bank, 4-digit branch, 7-digit base (8 when it needs it), suffix as written. */
export function formatNzBankAccount(account: NzBankAccount): string {
  const base = account.base.startsWith('0') ? account.base.slice(1) : account.base;
  return `${account.bank}-${account.branch}-${base}-${account.suffix.slice(4 - account.suffixDigits)}`;
}

/** The canonical text of a valid number, or null: what to store and compare. */
export function normaliseNzBankAccount(input: string): string | null {
  const check = checkNzBankAccount(input);
  return check.valid ? formatNzBankAccount(check.account) : null;
}
