import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDate } from './calendar-date';
import {
  memberPauseProblems,
  normaliseGstNumber,
  PAUSES_NOT_ALLOWED,
  pauseTooLongMessage,
  selfServiceSettingsSchema,
  taxDetailsSchema,
} from './self-service';
import { calendarDateArb } from './test-arbitraries';

const settings = {
  member_pauses_allowed: true,
  member_pause_min_days: 7,
  member_pause_max_days: 30,
  member_pauses_per_year: 2,
  member_pause_notice_days: 3,
  member_online_cancellation: true,
};
const today = calendarDate('2026-03-02');

describe('a member’s pause against the organisation’s limits', () => {
  it('names the limit when the pause is too long', () => {
    const problems = memberPauseProblems({
      settings,
      today,
      start: addDays(today, 3),
      end: addDays(today, 3 + 31),
      pausesInLastYear: 0,
    });
    expect(problems).toEqual({ end_date: [pauseTooLongMessage(30)] });
    expect(pauseTooLongMessage(30)).toContain('30 days');
  });

  it('asks for notice, a shortest length and a yearly count', () => {
    const problems = memberPauseProblems({
      settings,
      today,
      start: addDays(today, 1),
      end: addDays(today, 3),
      pausesInLastYear: 2,
    });
    expect(problems?.start_date?.[0]).toContain('earliest a pause can start is');
    expect(problems?.start_date?.[1]).toContain('2 times in 12 months');
    expect(problems?.end_date?.[0]).toContain('at least 7 days');
  });

  it('refuses every pause when the organisation does not allow them', () => {
    expect(
      memberPauseProblems({
        settings: { ...settings, member_pauses_allowed: false },
        today,
        start: addDays(today, 5),
        end: addDays(today, 15),
        pausesInLastYear: 0,
      }),
    ).toEqual({ start_date: [PAUSES_NOT_ALLOWED] });
  });

  it('accepts exactly the pauses within notice, length and count', () => {
    fc.assert(
      fc.property(
        calendarDateArb(2000, 2090),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 3 }),
        (day, lead, length, used) => {
          const start = addDays(day, lead);
          const ok =
            memberPauseProblems({
              settings,
              today: day,
              start,
              end: addDays(start, length),
              pausesInLastYear: used,
            }) === null;
          expect(ok).toBe(lead >= 3 && length >= 7 && length <= 30 && used < 2);
        },
      ),
    );
  });
});

describe('self-service settings and tax details', () => {
  it('refuses a longest pause shorter than the shortest', () => {
    const parsed = selfServiceSettingsSchema.safeParse({ ...settings, member_pause_max_days: 5 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['member_pause_max_days']);
  });

  it('writes GST numbers one way and refuses other shapes', () => {
    expect(normaliseGstNumber('123456789')).toBe('123-456-789');
    expect(normaliseGstNumber('12-345-678')).toBe('012-345-678');
    expect(normaliseGstNumber('12345')).toBeNull();
    expect(taxDetailsSchema.parse({ legal_name: ' Demo Gym Ltd ', gst_number: '123 456 789' })).toEqual({
      legal_name: 'Demo Gym Ltd',
      gst_number: '123-456-789',
    });
    expect(taxDetailsSchema.safeParse({ legal_name: null, gst_number: 'abc' }).success).toBe(false);
  });
});
