import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDate } from './calendar-date';
import { ageOn, mayJoinAtAge } from './member-age';

const d = calendarDate;

describe('ageOn', () => {
  it('counts whole years, turning on the birthday', () => {
    expect(ageOn(d('2009-06-15'), d('2025-06-14'))).toBe(15);
    expect(ageOn(d('2009-06-15'), d('2025-06-15'))).toBe(16);
    expect(ageOn(d('2008-02-29'), d('2025-02-28'))).toBe(16);
    expect(ageOn(d('2008-02-29'), d('2025-03-01'))).toBe(17);
  });

  it('never decreases as the day moves on', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 20000 }),
        (dob, days) => {
          const birth = d(dob.toISOString().slice(0, 10));
          const later = new Date(dob.getTime() + days * 86_400_000).toISOString().slice(0, 10);
          const next = new Date(dob.getTime() + (days + 1) * 86_400_000).toISOString().slice(0, 10);
          expect(ageOn(birth, d(next))).toBeGreaterThanOrEqual(ageOn(birth, d(later)));
        },
      ),
    );
  });
});

describe('mayJoinAtAge', () => {
  it('lets the under-age join only through an age-bypass link', () => {
    const input = { dob: d('2012-01-01'), today: d('2025-06-01'), minimumAge: 16 };
    expect(mayJoinAtAge({ ...input, ageBypass: false })).toBe(false);
    expect(mayJoinAtAge({ ...input, ageBypass: true })).toBe(true);
    expect(mayJoinAtAge({ ...input, dob: d('2009-06-01'), ageBypass: false })).toBe(true);
  });
});
