import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDollarString,
  dollarsToCents,
  formatBasisPoints,
  formatMoney,
  formatUsd,
  mulDivRoundHalfUp,
  parseDollars,
  percentOf,
  percentToBasisPoints,
} from './money';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123456, '$1,234.56'],
    [-500, '-$5.00'],
    [100000000, '$1,000,000.00'],
  ])('%d → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('keeps the US-dollar helper separate, with the en-US look', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('dollarsToCents', () => {
  it.each([
    ['12.34', 1234],
    ['$1,234.5', 123450],
    ['-5', -500],
    ['-$5.00', -500],
    ['.5', 50],
    ['0', 0],
    ['  15 ', 1500],
  ])('%j → %d', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it('reads numbers from their decimal form, without float error', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(-0)).toBe(0);
  });

  it.each(['', '$', '1.234', '1,23.00', 'abc', '1e3', '--1', '1.2.3'])('rejects %j', (text) => {
    expect(parseDollars(text)).toBeNull();
    expect(() => dollarsToCents(text)).toThrow(RangeError);
  });

  it('rejects non-finite and huge numbers', () => {
    expect(parseDollars(Number.NaN)).toBeNull();
    expect(parseDollars(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseDollars(1e21)).toBeNull();
  });

  it('round-trips every amount through its dollar text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(dollarsToCents(centsToDollarString(cents))).toBe(cents);
        expect(dollarsToCents(formatMoney(cents))).toBe(cents);
      }),
    );
  });

  it('parses two-decimal numbers exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        expect(dollarsToCents(cents / 100)).toBe(cents);
      }),
    );
  });
});

describe('mulDivRoundHalfUp', () => {
  it('rounds once, half away from zero', () => {
    expect(mulDivRoundHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivRoundHalfUp(-1, 1, 2)).toBe(-1);
    expect(mulDivRoundHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivRoundHalfUp(2, 1, 3)).toBe(1);
    expect(mulDivRoundHalfUp(6000, 10, 31)).toBe(1935);
    expect(mulDivRoundHalfUp(5, 1, -2)).toBe(-3);
  });

  it('stays exact where floats would not', () => {
    expect(mulDivRoundHalfUp(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => mulDivRoundHalfUp(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
    expect(() => mulDivRoundHalfUp(1, 1, 0)).toThrow(RangeError);
    expect(() => mulDivRoundHalfUp(1.5, 1, 1)).toThrow(RangeError);
  });

  it('is an integer within half a unit of the exact quotient, never NaN', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (amount, num, den) => {
          const result = mulDivRoundHalfUp(amount, num, den);
          expect(Number.isSafeInteger(result)).toBe(true);
          // |result·den − amount·num| ≤ den/2, checked in BigInt to stay exact.
          const error = BigInt(result) * BigInt(den) - BigInt(amount) * BigInt(num);
          expect(2n * (error < 0n ? -error : error) <= BigInt(den)).toBe(true);
          expect(mulDivRoundHalfUp(-amount, num, den)).toBe(-result || 0);
        },
      ),
    );
  });

  it('is monotone in the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (a, num, den) => {
          expect(mulDivRoundHalfUp(a + 1, num, den)).toBeGreaterThanOrEqual(mulDivRoundHalfUp(a, num, den));
        },
      ),
    );
  });
});

describe('percentages in basis points', () => {
  it('takes a share, half up', () => {
    expect(percentOf(1500, 250)).toBe(38); // 37.5 → 38
    expect(percentOf(1000, 250)).toBe(25);
    expect(percentOf(999, 10_000)).toBe(999);
    expect(percentOf(0, 250)).toBe(0);
  });

  it('never exceeds the amount for rates up to 100 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 10_000 }), (cents, bp) => {
        const share = percentOf(cents, bp);
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(cents);
      }),
    );
  });

  it('converts and shows rates', () => {
    expect(percentToBasisPoints('2.5')).toBe(250);
    expect(percentToBasisPoints('2.5%')).toBe(250);
    expect(percentToBasisPoints(10)).toBe(1000);
    expect(percentToBasisPoints('2.555')).toBeNull();
    expect(percentToBasisPoints('-1')).toBeNull();
    expect(formatBasisPoints(250)).toBe('2.5%');
    expect(formatBasisPoints(1000)).toBe('10%');
    expect(formatBasisPoints(1)).toBe('0.01%');
    expect(formatBasisPoints(0)).toBe('0%');
  });

  it('round-trips rate text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (bp) => {
        expect(percentToBasisPoints(formatBasisPoints(bp))).toBe(bp);
      }),
    );
  });
});
