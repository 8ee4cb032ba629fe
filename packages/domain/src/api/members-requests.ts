// What staff send about members (spec sections 3, 5 and 7 "Members and subscriptions"): the list's
// filters and sort, adding a member, editing one, deleting one, and the charts' ranges.
import { z } from 'zod';
import {
  type CalendarDate,
  DATE_OUT_OF_RANGE,
  isWithinRequestRange,
  parseCalendarDate,
} from '../calendar-date';
import { CONFIDENCE_ANSWERS, HEAR_ABOUT_US_ANSWERS } from '../member-answers';
import {
  boundedList,
  email,
  idSchema,
  isBlank,
  optionalString,
  requiredString,
  VALUE_REQUIRED,
} from '../validation-messages';

export const MEMBER_STATES = ['active', 'paused', 'cancelled', 'grace', 'upcoming'] as const;
export type MemberStateFilter = (typeof MEMBER_STATES)[number];

export const MEMBER_SORTS = ['name', 'joined', 'last_visit', 'next_payment', 'balance_owing'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export const INVALID_DATE = 'Value must be a date (YYYY-MM-DD)';
const MAX_INACTIVE_DAYS = 3650;
const MAX_TAGS = 20;

/** A calendar date in a query string or body ('2026-03-01'); blank is "not given". */
const optionalDate = z
  .string({ error: INVALID_DATE })
  .trim()
  .optional()
  .transform((value, ctx): CalendarDate | undefined => {
    if (value === undefined || value === '') return undefined;
    const date = parseCalendarDate(value);
    if (date === null) {
      ctx.addIssue({ code: 'custom', message: INVALID_DATE });
      return z.NEVER;
    }
    if (!isWithinRequestRange(date)) {
      ctx.addIssue({ code: 'custom', message: DATE_OUT_OF_RANGE });
      return z.NEVER;
    }
    return date;
  });

const requiredDate = z
  .string({ error: (issue) => (isBlank(issue.input) ? VALUE_REQUIRED : INVALID_DATE) })
  .trim()
  .min(1, { error: VALUE_REQUIRED })
  .transform((value, ctx): CalendarDate => {
    const date = parseCalendarDate(value);
    if (date === null) {
      ctx.addIssue({ code: 'custom', message: INVALID_DATE });
      return z.NEVER;
    }
    if (!isWithinRequestRange(date)) {
      ctx.addIssue({ code: 'custom', message: DATE_OUT_OF_RANGE });
      return z.NEVER;
    }
    return date;
  });

/** A query-string id: blank is "not given". */
const queryId = z
  .union([
    z.literal(''),
    z.coerce.number({ error: 'Value must be an id' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  ])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** The list's filters, combined with AND; shared by the list and the export. */
export const memberFiltersSchema = z
  .object({
    search: z.string().trim().max(100, { error: 'Value must be at most 100 characters' }).optional(),
    // The message on the union: a union's own failure is "Invalid input", whatever its members say.
    state: z
      .union([z.literal(''), z.enum(MEMBER_STATES)], {
        error: `Value must be one of: ${MEMBER_STATES.join(', ')}`,
      })
      .optional(),
    gym_id: queryId,
    offering_id: queryId,
    price_id: queryId,
    tag: z.string().trim().max(50, { error: 'Value must be at most 50 characters' }).optional(),
    owing: z
      .union([z.enum(['true', 'false', '']), z.boolean()], { error: 'Value must be true or false' })
      .optional()
      .transform((value) => value === true || value === 'true'),
    /** Members whose latest membership they cancelled themselves on their account (issue 24). */
    cancelled_online: z
      .union([z.enum(['true', 'false', '']), z.boolean()], { error: 'Value must be true or false' })
      .optional()
      .transform((value) => value === true || value === 'true'),
    inactive_days: z
      .union([
        z.literal(''),
        z.coerce
          .number({ error: 'Value must be a number' })
          .int({ error: 'Value must be a whole number' })
          .min(1, { error: 'The minimum value allowed is 1' })
          .max(MAX_INACTIVE_DAYS, { error: `The maximum value allowed is ${MAX_INACTIVE_DAYS}` }),
      ])
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    joined_from: optionalDate,
    joined_to: optionalDate,
    sort: z.enum(MEMBER_SORTS, { error: `Value must be one of: ${MEMBER_SORTS.join(', ')}` }).default('name'),
    direction: z.enum(['asc', 'desc'], { error: 'Value must be asc or desc' }).default('asc'),
  })
  .superRefine((value, ctx) => {
    if (value.joined_from && value.joined_to && value.joined_from > value.joined_to) {
      ctx.addIssue({
        code: 'custom',
        message: 'Value must be on or before the joined to date',
        path: ['joined_from'],
      });
    }
  });
export type MemberFilters = z.output<typeof memberFiltersSchema>;

/** POST /api/members (members.create): staff add a member, who finishes joining on the join site. */
export const memberCreateSchema = z.object({
  name: requiredString(),
  email: email(),
  mobile_number: requiredString({ max: 30 }),
  gym_id: idSchema,
  price_id: idSchema,
  start_date: requiredDate,
  /**
   * The member's fixed billing date (optional): the first payment then covers the start date up to it,
   * pro-rata, and full periods run from it (BILLING.md "First payment and pro-rata").
   */
  billing_date: optionalDate.describe(
    'The member’s fixed billing date (YYYY-MM-DD), optional: the first payment covers the start date up to it, pro-rata, and full periods run from it. On or after the start date and within one billing period of it',
  ),
});
export type MemberCreateInput = z.output<typeof memberCreateSchema>;

const tagSchema = z
  .string()
  .trim()
  .min(1, { error: VALUE_REQUIRED })
  .max(50, { error: 'Value must be at most 50 characters' });
const flag = z.boolean({ error: 'Value must be true or false' });

/** PUT /api/members/{id}: every field is optional; those given are saved. */
export const memberUpdateSchema = z.object({
  name: requiredString().optional(),
  email: email().optional(),
  mobile_number: optionalString({ max: 30 }),
  dob: optionalDate.nullable(),
  email_notifications_enabled: flag.optional(),
  push_notifications_enabled: flag.optional(),
  payment_reminders: flag.optional(),
  emergency_contact_name: optionalString({ max: 255 }),
  emergency_contact_email: z
    .union([z.literal(''), z.null(), email()])
    .optional()
    .transform((value) => (value === '' ? null : value)),
  emergency_contact_mobile_number: optionalString({ max: 30 }),
  emergency_contact_relationship: optionalString({ max: 100 }),
  address: optionalString({ max: 255 }),
  suburb: optionalString({ max: 100 }),
  city: optionalString({ max: 100 }),
  post_code: optionalString({ max: 10 }),
  confidence_and_experience: z
    .enum(CONFIDENCE_ANSWERS, { error: 'Value must be one of the confidence answers' })
    .nullable()
    .optional(),
  hear_about_us: z
    .enum(HEAR_ABOUT_US_ANSWERS, { error: 'Value must be one of the answers' })
    .nullable()
    .optional(),
  hear_about_us_other: optionalString({ max: 255 }),
  notes: optionalString({ max: 5000 }),
  // The specification's exact text for too many; the unit (tags) is in the field's description.
  tags: boundedList(tagSchema, MAX_TAGS, { error: 'Value must be a list of tags' })
    .optional()
    .transform((tags) => (tags === undefined ? undefined : [...new Set(tags)]))
    .describe(`The member's tags: at most ${MAX_TAGS} tags of up to 50 characters`),
  /**
   * The member's fixed billing date; null clears it. It shapes only the first payment of their latest
   * membership (billingDateChangeProblem in billing-schedule.ts says when it can change and to what).
   */
  billing_date: optionalDate
    .nullable()
    .describe(
      'The member’s fixed billing date (YYYY-MM-DD); null clears it. The first payment of their membership covers the start date up to it, pro-rata, and full periods run from it. Not in the past, on or after the membership’s start date and within one billing period of it; only while the membership has not had its first charge',
    ),
});
export type MemberUpdateInput = z.output<typeof memberUpdateSchema>;

/** DELETE /api/members/{id}?confirm=true: needed when the member owes money. */
export const memberDeleteQuery = z.object({
  confirm: z
    .enum(['true', 'false', ''], { error: 'Value must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** The charts' range: the last `weeks` weeks, this week included. */
const MAX_CHART_WEEKS = 104;
export const chartQuery = z.object({
  weeks: z.coerce
    .number({ error: 'Value must be a number' })
    .int({ error: 'Value must be a whole number' })
    .min(1, { error: 'The minimum value allowed is 1' })
    .max(MAX_CHART_WEEKS, { error: `The maximum value allowed is ${MAX_CHART_WEEKS}` })
    .default(12),
});
