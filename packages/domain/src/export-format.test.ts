import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportAmount, exportDate, exportDateTime, exportTime, exportYesNo } from './export-format';

describe('the export format', () => {
  it('writes dates and times the New Zealand way on the Auckland clock', () => {
    // 26 Nov 2026, 11:30 pm UTC is 27 Nov, 12:30 pm in Auckland (daylight time).
    const at = new Date('2026-11-26T23:30:00Z');
    expect(exportDate(at)).toBe('27/11/2026');
    expect(exportDate('2026-11-26T23:30:00.000Z')).toBe('27/11/2026');
    expect(exportDate('2026-03-05')).toBe('05/03/2026');
    expect(exportTime(at)).toBe('12:30 pm');
    expect(exportDateTime(at)).toBe('27/11/2026 12:30 pm');
    expect(exportDate(null)).toBeNull();
    expect(exportTime(undefined)).toBeNull();
  });

  it('writes amounts as numbers in dollars that add back up to the cents', () => {
    expect(exportAmount(2500)).toBe('25.00');
    expect(exportAmount(5)).toBe('0.05');
    expect(exportAmount(null)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        const text = exportAmount(cents)!;
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(cents);
      }),
    );
  });

  it('says yes and no in words', () => {
    expect([exportYesNo(true), exportYesNo(false)]).toEqual(['Yes', 'No']);
  });
});
