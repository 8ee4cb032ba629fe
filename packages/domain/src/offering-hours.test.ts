import { describe, expect, it } from 'vitest';
import { overlappingHours } from './offering-hours';
import type { TimeOfDay } from './time-of-day';

const h = (day: number, open: string, close: string) => ({
  day,
  open_at: open as TimeOfDay,
  close_at: close as TimeOfDay,
});

describe('overlappingHours', () => {
  it('flags entries that overlap an earlier one on the same day only', () => {
    expect(
      overlappingHours([
        h(1, '06:00', '12:00'),
        h(2, '06:00', '12:00'),
        h(1, '11:59', '13:00'),
        h(1, '12:00', '13:00'),
      ]),
    ).toEqual([2, 3]);
    expect(overlappingHours([h(1, '06:00', '12:00'), h(1, '12:00', '18:00')])).toEqual([]);
    expect(overlappingHours([h(1, '08:00', '09:00'), h(1, '06:00', '20:00')])).toEqual([1]);
  });
});
