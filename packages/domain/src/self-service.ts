// What a member may do on their own account (issue 24): the organisation's self-service settings, and
// the rule that checks a pause a member asks for against them. Staff pauses are not limited by these.
import { z } from 'zod';
import { addDays, type CalendarDate, daysBetween } from './calendar-date';
import { formatDate } from './format';
import { EVEN_WITH_FIELD_ERRORS, optionalString, requiredInteger } from './validation-messages';

const requiredBoolean = z.boolean({ error: 'Value must be true or false' });

export const MAX_MEMBER_PAUSE_DAYS = 365;

/** PUT /api/organisations/{id}/self-service. */
export const selfServiceSettingsSchema = z
  .object({
    member_pauses_allowed: requiredBoolean,
    member_pause_min_days: requiredInteger({ min: 1, max: MAX_MEMBER_PAUSE_DAYS }),
    member_pause_max_days: requiredInteger({ min: 1, max: MAX_MEMBER_PAUSE_DAYS }),
    member_pauses_per_year: requiredInteger({ min: 0, max: 12 }),
    member_pause_notice_days: requiredInteger({ min: 0, max: 90 }),
    member_online_cancellation: requiredBoolean,
  })
  .superRefine((body: Record<string, unknown>, ctx) => {
    const min = body.member_pause_min_days;
    const max = body.member_pause_max_days;
    if (typeof min === 'number' && typeof max === 'number' && max < min)
      ctx.addIssue({
        code: 'custom',
        path: ['member_pause_max_days'],
        message: 'The longest pause cannot be shorter than the shortest',
      });
  }, EVEN_WITH_FIELD_ERRORS);
export type SelfServiceSettings = z.output<typeof selfServiceSettingsSchema>;

/** New Zealand GST numbers are 8 or 9 digits, written 123-456-789 (an 8-digit one with a leading 0). */
export function normaliseGstNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{8,9}$/.test(digits)) return null;
  const nine = digits.padStart(9, '0');
  return `${nine.slice(0, 3)}-${nine.slice(3, 6)}-${nine.slice(6)}`;
}

export const GST_NUMBER_SHAPE = 'A GST number is 8 or 9 digits, like 123-456-789';

/** PUT /api/organisations/{id}/tax-details: what receipts print as the supplier. */
export const taxDetailsSchema = z.object({
  legal_name: optionalString({ max: 200 }),
  gst_number: optionalString({ max: 20 }).transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const normal = normaliseGstNumber(value);
    if (normal === null) {
      ctx.addIssue({ code: 'custom', message: GST_NUMBER_SHAPE });
      return z.NEVER;
    }
    return normal;
  }),
});
export type TaxDetails = z.output<typeof taxDetailsSchema>;

export const pauseTooLongMessage = (max: number) => `A pause can be at most ${max} days`;
export const pauseTooShortMessage = (min: number) => `A pause must be at least ${min} days`;
export const PAUSES_NOT_ALLOWED = 'Pauses are arranged with the gym’s staff; ask at the front desk.';
export const pausesUsedMessage = (perYear: number) =>
  perYear === 0
    ? PAUSES_NOT_ALLOWED
    : `You can pause ${perYear === 1 ? 'once' : `${perYear} times`} in 12 months, and have done so already`;
export const pauseNoticeMessage = (earliest: CalendarDate) =>
  `Give notice: the earliest a pause can start is ${formatDate(earliest)}`;

/**
 * Field problems of a pause a member asks for (start inclusive, end exclusive), or null when it is
 * within the organisation's limits. `pausesInLastYear` counts the member's pauses that started (or
 * will start) within the 12 months before `start`, removed ones left out.
 */
export function memberPauseProblems(input: {
  settings: SelfServiceSettings;
  today: CalendarDate;
  start: CalendarDate;
  end: CalendarDate;
  pausesInLastYear: number;
}): Record<string, string[]> | null {
  const { settings, today, start, end } = input;
  if (!settings.member_pauses_allowed) return { start_date: [PAUSES_NOT_ALLOWED] };
  const problems: Record<string, string[]> = {};
  const earliest = addDays(today, settings.member_pause_notice_days);
  if (start < earliest) problems.start_date = [pauseNoticeMessage(earliest)];
  const days = daysBetween(start, end);
  if (days > settings.member_pause_max_days)
    problems.end_date = [pauseTooLongMessage(settings.member_pause_max_days)];
  else if (days < settings.member_pause_min_days)
    problems.end_date = [pauseTooShortMessage(settings.member_pause_min_days)];
  if (input.pausesInLastYear >= settings.member_pauses_per_year)
    problems.start_date = [
      ...(problems.start_date ?? []),
      pausesUsedMessage(settings.member_pauses_per_year),
    ];
  return Object.keys(problems).length > 0 ? problems : null;
}
