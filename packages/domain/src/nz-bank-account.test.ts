import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkNzBankAccount,
  formatNzBankAccount,
  isValidNzBankAccount,
  normaliseNzBankAccount,
  parseNzBankAccount,
} from './nz-bank-account';

describe('NZ bank account numbers', () => {
  it.each([
    ['01-902-0068389-00', 'A (published example)'],
    ['08-6523-1954512-001', 'D (published example)'],
    ['26-2600-0320871-032', 'G (published example)'],
    ['12-3140-0171323-50', 'A, ASB'],
    ['123140017132350', 'A, digits only'],
    ['01-0902-0068389-000', 'A, 3-digit suffix'],
    ['01 902 0068389 00', 'A, spaces'],
    ['02-0001-0990008-00', 'B (base 00990000 and above), BNZ'],
    ['38-9000-1234579-00', 'B, Kiwibank'],
    ['01-0001-0990008-00', 'B on a bank that also uses A'],
    ['03-1702-0500004-00', 'A, Westpac'],
    ['11-5000-5555559-00', 'A, bank 11'],
    ['04-2020-1234560-00', 'B, bank 04 (2020 table)'],
    ['25-2500-0000017-00', 'F'],
    ['33-6700-1234569-00', 'F, bank 33'],
    ['09-0000-0000014-0000', 'E'],
    ['09-0000-1234564-0001', 'E, suffix weighted'],
    ['28-2100-1234563-001', 'G, bank 28'],
    ['31-2800-1234567-000', 'X (always valid)'],
  ])('%s is valid: %s', (input) => {
    expect(isValidNzBankAccount(input)).toBe(true);
  });

  it.each([
    ['01-902-0068390-00', 'checksum'],
    ['08-6523-1954513-001', 'checksum'],
    ['26-2600-0320872-032', 'checksum'],
    ['26-2600-0320871-033', 'checksum'],
    ['07-0001-0068389-00', 'bank'],
    ['01-2000-0068389-00', 'branch'],
    ['08-0001-1954512-001', 'branch'],
    ['01-902-068389-00', 'format'],
    ['01-902-0068389', 'format'],
    ['12-3140-0171323-5', 'format'],
    ['02-0001-0990000-00', 'checksum'],
    ['25-2500-0000010-00', 'checksum'],
    ['09-0000-0000014-0001', 'checksum'],
    ['12314001713235', 'format'],
    ['12-3140-0171323-1050', 'format'],
    ['ab-3140-0171323-50', 'format'],
    ['', 'format'],
  ])('%s is invalid (%s)', (input, reason) => {
    expect(checkNzBankAccount(input)).toEqual({ valid: false, reason });
  });

  it('parses and formats canonically, keeping the suffix width', () => {
    expect(parseNzBankAccount('01-902-0068389-00')).toEqual({
      bank: '01',
      branch: '0902',
      base: '00068389',
      suffix: '0000',
      suffixDigits: 2,
    });
    expect(normaliseNzBankAccount('123140017132350')).toBe('12-3140-0171323-50');
    expect(normaliseNzBankAccount('08-6523-1954512-001')).toBe('08-6523-1954512-001');
    expect(normaliseNzBankAccount('086523019545120001')).toBe('08-6523-1954512-001');
    expect(normaliseNzBankAccount('01-902-0068390-00')).toBeNull();
  });

  it('formatting a valid number gives a valid number that formats the same', () => {
    const accountArb = fc
      .record({
        branch: fc.integer({ min: 1, max: 999 }),
        base: fc.integer({ min: 0, max: 9_999_980 }),
        suffix: fc.integer({ min: 0, max: 99 }),
      })
      .map(({ branch, base, suffix }) => {
        // Find the suffix-free A/B check: try bases upwards until one validates.
        for (let b = base; b < base + 11; b++) {
          const text = `01-${String(branch).padStart(4, '0')}-${String(b).padStart(7, '0')}-${String(suffix).padStart(2, '0')}`;
          if (isValidNzBankAccount(text)) return text;
        }
        return null;
      })
      .filter((text): text is string => text !== null);
    fc.assert(
      fc.property(accountArb, (text) => {
        const formatted = normaliseNzBankAccount(text)!;
        expect(formatted).toBe(text);
        expect(normaliseNzBankAccount(formatted.replaceAll('-', ''))).toBe(formatted);
        expect(formatNzBankAccount(parseNzBankAccount(formatted)!)).toBe(formatted);
      }),
    );
  });

  it('catches any single mistyped digit of the account base (mod 11 algorithms)', () => {
    const valid = ['01-902-0068389-00', '08-6523-1954512-001', '02-0001-0990008-00', '38-9000-1234579-00'];
    fc.assert(
      fc.property(
        fc.constantFrom(...valid),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 9 }),
        (text, position, delta) => {
          const account = parseNzBankAccount(text)!;
          const digits = account.base.split('');
          // The last six typed digits of the base: every algorithm weights them (A and B skip the first).
          const index = 1 + position;
          digits[index] = String((Number(digits[index]) + delta) % 10);
          const typoBase = digits.join('');
          // A typo across 00990000 swaps algorithm A for B (or back), which may validate by chance.
          fc.pre(account.bank === '08' || Number(typoBase) < 990000 === Number(account.base) < 990000);
          const typo = formatNzBankAccount({ ...account, base: typoBase });
          expect(checkNzBankAccount(typo)).toEqual({ valid: false, reason: 'checksum' });
        },
      ),
    );
  });
});
