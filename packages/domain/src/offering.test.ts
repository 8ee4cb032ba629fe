import { describe, expect, it } from 'vitest';
import {
  CLOSE_AFTER_OPEN,
  DAYS_OF_WEEK,
  dayLabel,
  GYMS_REQUIRED,
  HOURS_REQUIRED,
  OFFERING_TYPES,
  offeringHoursSchema,
  offeringInputSchema,
  offeringTypeLabel,
} from './offering';

const errors = (input: unknown) =>
  Object.fromEntries(
    (offeringInputSchema.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

const valid = {
  name: 'Off-peak',
  type: 'limited_access',
  hours_mandated: true,
  hours: [{ day: 1, open_at: '06:00', close_at: '21:00' }],
  gyms: [3],
  prices: [{ amount: 1500, billing_frequency: 'weekly' }],
};

describe('offering labels', () => {
  it('names types and days', () => {
    expect(OFFERING_TYPES.map(offeringTypeLabel)).toEqual(['24/7', 'Limited Hours']);
    expect(DAYS_OF_WEEK.map(dayLabel)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(dayLabel(8)).toBe('Unknown day');
  });
});

describe('offering input', () => {
  it('accepts a limited-hours offering and normalises it', () => {
    const parsed = offeringInputSchema.parse({
      ...valid,
      name: ' Off-peak ',
      hours: [{ day: 1, open_at: '06:00:00', close_at: '21:00' }],
    });
    expect(parsed).toMatchObject({
      name: 'Off-peak',
      all_gyms_access: false,
      mandated: false,
      prices_mandated: false,
      hours: [{ day: 1, open_at: '06:00', close_at: '21:00' }],
      prices: [{ amount: 1500, billing_frequency: 'weekly', private: false }],
    });
    // Absent optional text stays absent (an update leaves it unchanged).
    expect(parsed.description).toBeUndefined();
  });

  it('requires name and type', () => {
    expect(errors({ gyms: [1] })).toEqual({ name: 'Value is required', type: 'Value is required' });
    expect(errors({ ...valid, name: '   ' })).toEqual({ name: 'Value is required' });
  });

  it('requires hours for mandated limited-hours offerings only', () => {
    expect(errors({ ...valid, hours: [] })).toEqual({ hours: HOURS_REQUIRED });
    expect(errors({ ...valid, hours: [], hours_mandated: false })).toEqual({});
    expect(errors({ ...valid, hours: [], type: '24_7' })).toEqual({});
  });

  it('requires gyms unless all gyms have access', () => {
    expect(errors({ ...valid, gyms: [] })).toEqual({ gyms: GYMS_REQUIRED });
    expect(errors({ ...valid, gyms: undefined, all_gyms_access: true })).toEqual({});
  });

  it('checks each hours entry', () => {
    expect(errors({ ...valid, hours: [{ day: 1 }] })).toEqual({
      'hours.0.open_at': 'Value is required',
      'hours.0.close_at': 'Value is required',
    });
    expect(errors({ ...valid, hours: [{ day: 8, open_at: '24:00', close_at: '06:00' }] })).toMatchObject({
      'hours.0.day': expect.stringMatching(/1 \(Monday\) to 7 \(Sunday\)/),
      'hours.0.open_at': expect.stringMatching(/00:00 and 23:59/),
    });
    expect(
      offeringHoursSchema.safeParse({ day: 2, open_at: '21:00', close_at: '06:00' }).error?.issues[0],
    ).toMatchObject({
      path: ['close_at'],
      message: CLOSE_AFTER_OPEN,
    });
    expect(offeringHoursSchema.safeParse({ day: 2, open_at: '06:00', close_at: '06:00' }).success).toBe(
      false,
    );
  });

  it('validates its prices with the price rules', () => {
    expect(errors({ ...valid, prices: [{ billing_frequency: 'weekly', term_amount: 12 }] })).toEqual({
      'prices.0.amount': 'Value is required',
      'prices.0.term_unit': 'Please select a term unit',
    });
  });

  it('reports every problem at once', () => {
    expect(errors({ type: 'limited_access', hours_mandated: true })).toEqual({
      name: 'Value is required',
      hours: HOURS_REQUIRED,
      gyms: GYMS_REQUIRED,
    });
  });

  it('refuses a body that is not an object', () => {
    expect(offeringInputSchema.safeParse(null).success).toBe(false);
  });
});
