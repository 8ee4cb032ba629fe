import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstInInclusive, needsRecipientDetails } from './gst';

describe('GST in a GST-inclusive amount', () => {
  it('is 3/23 of the amount, rounded once half up', () => {
    expect(gstInInclusive(11_500)).toBe(1_500); // $115.00 holds $15.00
    expect(gstInInclusive(2_300)).toBe(300);
    expect(gstInInclusive(100)).toBe(13); // 13.04 → 13
    expect(gstInInclusive(4)).toBe(1); // 0.5217 → 1
    expect(gstInInclusive(3)).toBe(0); // 0.391 → 0
    expect(gstInInclusive(0)).toBe(0);
  });

  it('is exact when the amount is a multiple of 23, and within half a cent of 3/23 otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (amount) => {
        const gst = gstInInclusive(amount);
        expect(Number.isInteger(gst)).toBe(true);
        // |23·gst − 3·amount| ≤ 23/2, and an exact half rounds up.
        const twiceError = 2 * (23 * gst - 3 * amount);
        expect(twiceError).toBeGreaterThan(-23);
        expect(twiceError).toBeLessThanOrEqual(23);
        if ((amount * 3) % 23 === 0) expect(gst).toBe((amount * 3) / 23);
      }),
    );
  });

  it('never decreases as the amount grows, and the amount less GST is never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 1000 }), (a, step) => {
        expect(gstInInclusive(a + step)).toBeGreaterThanOrEqual(gstInInclusive(a));
        expect(a - gstInInclusive(a)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('asks for the member’s name and address above $1,000 only', () => {
    expect(needsRecipientDetails(100_000)).toBe(false);
    expect(needsRecipientDetails(100_001)).toBe(true);
  });
});
