import { describe, expect, it } from 'vitest';
import { calendarDate } from './calendar-date';
import { capitaliseWords, formatDate, formatDateTime, formatTime } from './format';

describe('en-NZ dates and times on the Auckland clock', () => {
  it('formats calendar dates in four styles', () => {
    const date = calendarDate('2025-03-05');
    expect(formatDate(date)).toBe('5 Mar 2025');
    expect(formatDate(date, 'short')).toBe('05/03/2025');
    expect(formatDate(date, 'full')).toBe('5 March 2025');
    expect(formatDate(date, 'long')).toBe('Wednesday, 5 March 2025');
  });

  it('formats an instant as its Auckland date, not the UTC one', () => {
    expect(formatDate(new Date('2025-03-04T11:30:00Z'))).toBe('5 Mar 2025'); // 00:30 NZDT
    expect(formatDateTime(new Date('2025-03-04T11:30:00Z'))).toBe('5 Mar 2025, 12:30 am');
    expect(formatTime(new Date('2025-07-01T03:05:00Z'))).toBe('3:05 pm'); // NZST
  });

  it('refuses invalid input', () => {
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDate('2025-02-30' as never)).toThrow(RangeError);
  });
});

describe('capitaliseWords', () => {
  it.each([
    ['jane smith', 'Jane Smith'],
    ['mary-jane  o’brien ', 'Mary-Jane O’brien'],
    ['aroha ngāti', 'Aroha Ngāti'],
    ['McKenzie', 'McKenzie'],
    ['émile zola', 'Émile Zola'],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(capitaliseWords(name)).toBe(expected);
  });
});
