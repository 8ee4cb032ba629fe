// Offerings (membership products): their types, opening-hours days and the create/update payload.
import { z } from 'zod';
import type { DayOfWeek } from './calendar-date';
import { priceInputSchema } from './price-schema';
import { compareTimes, parseTimeOfDay, type TimeOfDay } from './time-of-day';
import {
  boundedList,
  EVEN_WITH_FIELD_ERRORS,
  idSchema,
  isBlank,
  LIST_LIMITS,
  optionalString,
  requiredEnum,
  requiredString,
  VALUE_REQUIRED,
} from './validation-messages';

export const OFFERING_TYPES = ['24_7', 'limited_access'] as const;
export type OfferingType = (typeof OFFERING_TYPES)[number];

export const OFFERING_TYPE_LABELS: Record<OfferingType, string> = {
  '24_7': '24/7',
  limited_access: 'Limited Hours',
};

/** Offering-hours days, 1 = Monday … 7 = Sunday. */
export const DAYS_OF_WEEK = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly DayOfWeek[];

export const DAY_LABELS: Record<DayOfWeek, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

export const HOURS_REQUIRED = 'Add at least one day';
export const GYMS_REQUIRED = 'Select at least one gym';
export const CLOSE_AFTER_OPEN = 'The closing time must be after the opening time';

export function offeringTypeLabel(type: string): string {
  return type in OFFERING_TYPE_LABELS ? OFFERING_TYPE_LABELS[type as OfferingType] : type;
}

export function dayLabel(day: number): string {
  return DAY_LABELS[day as DayOfWeek] ?? 'Unknown day';
}

const requiredBlankAware = (otherwise: string) => (issue: { input?: unknown }) =>
  isBlank(issue.input) ? VALUE_REQUIRED : otherwise;

/** 'HH:mm' (or 'HH:mm:ss' as PostgreSQL answers), hour 0-23; comes out as 'HH:mm'. */
export const timeOfDaySchema = z
  .string({ error: requiredBlankAware('Value must be a time') })
  .trim()
  .min(1, { error: VALUE_REQUIRED })
  .transform((text, ctx): TimeOfDay => {
    const time = parseTimeOfDay(text);
    if (time === null) {
      ctx.addIssue({ code: 'custom', message: 'Value must be a time between 00:00 and 23:59' });
      return z.NEVER;
    }
    return time;
  });

export const offeringHoursSchema = z
  .object({
    day: z
      .number({ error: requiredBlankAware('Value must be a day from 1 (Monday) to 7 (Sunday)') })
      .int()
      .min(1, { error: 'Value must be a day from 1 (Monday) to 7 (Sunday)' })
      .max(7, { error: 'Value must be a day from 1 (Monday) to 7 (Sunday)' })
      .transform((day) => day as DayOfWeek),
    open_at: timeOfDaySchema,
    close_at: timeOfDaySchema,
  })
  .superRefine((hours, ctx) => {
    if (compareTimes(hours.open_at, hours.close_at) >= 0) {
      ctx.addIssue({ code: 'custom', message: CLOSE_AFTER_OPEN, path: ['close_at'] });
    }
  });

export const offeringInputSchema = z
  .object({
    name: requiredString(),
    description: optionalString(),
    type: requiredEnum(OFFERING_TYPES),
    all_gyms_access: z.boolean().optional().default(false),
    mandated: z.boolean().optional().default(false),
    hours_mandated: z.boolean().optional().default(false),
    prices_mandated: z.boolean().optional().default(false),
    prices: boundedList(priceInputSchema, LIST_LIMITS.prices).optional().default([]),
    hours: boundedList(offeringHoursSchema, LIST_LIMITS.hours).optional().default([]),
    gyms: boundedList(idSchema, LIST_LIMITS.gyms).optional().default([]),
  })
  .superRefine((offering, ctx) => {
    // Read as unknown: this runs even when a field failed (EVEN_WITH_FIELD_ERRORS).
    const value = offering as Record<string, unknown>;
    const hours = Array.isArray(value.hours) ? value.hours : [];
    const gyms = Array.isArray(value.gyms) ? value.gyms : [];
    if (value.type === 'limited_access' && value.hours_mandated === true && hours.length === 0) {
      ctx.addIssue({ code: 'custom', message: HOURS_REQUIRED, path: ['hours'] });
    }
    if (value.all_gyms_access !== true && gyms.length === 0) {
      ctx.addIssue({ code: 'custom', message: GYMS_REQUIRED, path: ['gyms'] });
    }
  }, EVEN_WITH_FIELD_ERRORS);

export type OfferingInput = z.output<typeof offeringInputSchema>;
export type OfferingInputBody = z.input<typeof offeringInputSchema>;
export type OfferingHours = z.output<typeof offeringHoursSchema>;
