import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOfWeek } from './calendar-date';
import { digestDue, digestTimesBetween } from './weekly-digest';

describe('weekly digest', () => {
  it('is due from 7:00 am Monday in Auckland for the Monday to Sunday before', () => {
    // Monday 30 Nov 2026 7:00 NZDT is Sunday 29 Nov 18:00 UTC.
    // A minute before, last week's is long past: none is due.
    expect(digestDue(new Date('2026-11-29T17:59:00Z'))).toBeNull();
    expect(digestDue(new Date('2026-11-23T17:59:00Z'))?.monday).toBe('2026-11-23');
    expect(digestDue(new Date('2026-11-29T18:00:00Z'))).toEqual({
      monday: '2026-11-30',
      sendAt: new Date('2026-11-29T18:00:00Z'),
      from: '2026-11-23',
      through: '2026-11-29',
    });
    // A day later it is no longer sent.
    expect(digestDue(new Date('2026-11-30T18:00:00Z'))).toBeNull();
  });

  it('keeps 7:00 am on the Auckland clock across daylight saving (NZST in winter)', () => {
    // Monday 1 June 2026 7:00 NZST is Sunday 31 May 19:00 UTC.
    expect(digestDue(new Date('2026-05-31T19:00:00Z'))?.sendAt).toEqual(new Date('2026-05-31T19:00:00Z'));
  });

  it('lists the Monday mornings a travelling clock passes', () => {
    expect(digestTimesBetween(new Date('2026-11-25T00:00:00Z'), new Date('2026-12-10T00:00:00Z'))).toEqual([
      new Date('2026-11-29T18:00:00Z'),
      new Date('2026-12-06T18:00:00Z'),
    ]);
    expect(digestTimesBetween(new Date('2026-11-29T18:00:00Z'), new Date('2026-11-30T00:00:00Z'))).toEqual(
      [],
    );
  });

  it('property: a due digest is for a Monday, sent at or before now, reporting the 7 days before', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (now) => {
          const due = digestDue(now);
          if (due === null) return true;
          expect(dayOfWeek(due.monday)).toBe(1);
          expect(due.sendAt.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(digestTimesBetween(new Date(due.sendAt.getTime() - 1), now)[0]).toEqual(due.sendAt);
          return true;
        },
      ),
    );
  });
});
