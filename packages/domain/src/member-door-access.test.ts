import { describe, expect, it } from 'vitest';
import { calendarDate, startOfDayInstant } from './calendar-date';
import { doorAccessWords } from './member-door-access';

const today = calendarDate('2026-03-02');
const now = new Date(startOfDayInstant(today).getTime() + 10 * 3600_000);
const active = {
  startDate: calendarDate('2026-01-01'),
  currentPeriodStart: calendarDate('2026-02-23'),
  currentPeriodEnd: calendarDate('2026-03-09'),
  balanceOwing: 0,
};

describe('door access in the member’s words', () => {
  it('opens the doors for an active membership', () => {
    expect(doorAccessWords(active, now, today)).toEqual({ open: true, text: 'Your tag opens the doors' });
  });

  it('says until when a pause runs (its last day)', () => {
    const paused = {
      ...active,
      pauseStartAt: calendarDate('2026-03-01'),
      pauseEndAt: calendarDate('2026-03-13'),
    };
    expect(doorAccessWords(paused, now, today)).toEqual({ open: false, text: 'Paused until 12 March' });
  });

  it('names what is owed when a membership cancelled for non-payment blocks the doors', () => {
    const blocked = {
      ...active,
      cancelledAt: new Date('2026-02-20T00:00:00Z'),
      endsAt: calendarDate('2026-02-20'),
      gracePeriodEndsAt: null,
      balanceOwing: 3500,
    };
    expect(doorAccessWords(blocked, now, today)).toEqual({ open: false, text: 'Blocked: $35.00 owing' });
  });

  it('keeps the doors open in grace and says what is owed', () => {
    const grace = { ...active, gracePeriodEndsAt: calendarDate('2026-03-10'), balanceOwing: 3500 };
    expect(doorAccessWords(grace, now, today).open).toBe(true);
    expect(doorAccessWords(grace, now, today).text).toContain('$35.00');
  });
});
