import type { TimeOfDay } from '@gym/domain';
import { describe, expect, it } from 'vitest';
import { overlappingHours } from './catalogue-rules';
import { assertMayWrite } from './offering-access';

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

describe('assertMayWrite', () => {
  const gymAdmin = { everything: false, gymIds: [1, 2] };
  it('lets organisation admins change anything', () => {
    expect(() =>
      assertMayWrite({ everything: true, gymIds: [] }, { allGymsAccess: true, gymId: null, gymIds: [] }),
    ).not.toThrow();
  });
  it('lets gym admins change offerings of their gyms only', () => {
    expect(() =>
      assertMayWrite(gymAdmin, { allGymsAccess: false, gymId: null, gymIds: [1, 2] }),
    ).not.toThrow();
    expect(() => assertMayWrite(gymAdmin, { allGymsAccess: false, gymId: 3, gymIds: [1] })).toThrow(
      /gyms you are an admin of/,
    );
    expect(() => assertMayWrite(gymAdmin, { allGymsAccess: false, gymId: null, gymIds: [] })).toThrow(
      /gyms you are an admin of/,
    );
    expect(() => assertMayWrite(gymAdmin, { allGymsAccess: true, gymId: null, gymIds: [] })).toThrow(
      /for all gyms/,
    );
  });
});
