// The gym details form (name, price-change reply-to address, break fee %): text as typed in, the
// PUT /api/gyms/{id} body out, with the server's messages (apps/server/src/features/gyms/gyms.schemas.ts).
import {
  INVALID_EMAIL,
  maxValueMessage,
  percentToBasisPoints,
  requiredString,
  VALUE_REQUIRED,
} from '@gym/domain';
import { z } from 'zod';
import type { Gym } from '../api/gym-answers';

export const BREAK_FEE_MAX_PERCENT = 100;

const replyTo = z
  .string()
  .trim()
  .max(254, { error: INVALID_EMAIL })
  .refine((value) => value === '' || z.email().safeParse(value).success, { error: INVALID_EMAIL })
  .transform((value) => (value === '' ? null : value));

/** '2.5' or '2.5%' → 2.5; at most two decimals, 0 to 100. */
const breakFee = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: VALUE_REQUIRED });
      return z.NEVER;
    }
    const basisPoints = percentToBasisPoints(text);
    if (basisPoints === null) {
      const message = /^\d+(\.\d+)?%?$/.test(text)
        ? 'Value may have at most 2 decimal places'
        : 'Value must be a number';
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (basisPoints > BREAK_FEE_MAX_PERCENT * 100) {
      ctx.addIssue({ code: 'custom', message: maxValueMessage(BREAK_FEE_MAX_PERCENT) });
      return z.NEVER;
    }
    return basisPoints / 100;
  });

export const gymDetailsFormSchema = z.object({
  name: requiredString(),
  price_change_notification_reply_to: replyTo,
  break_fee_percentage: breakFee,
});

export type GymDetailsInput = z.output<typeof gymDetailsFormSchema>;
export type GymDetailsValues = z.input<typeof gymDetailsFormSchema>;
export const GYM_DETAILS_FIELDS = [
  'name',
  'price_change_notification_reply_to',
  'break_fee_percentage',
] as const;

export const gymDetailsValuesOf = (gym: Gym): GymDetailsValues => ({
  name: gym.name,
  price_change_notification_reply_to: gym.price_change_notification_reply_to ?? '',
  break_fee_percentage: String(gym.break_fee_percentage),
});
