// Request bodies of the gym settings calls (spec section 7 "Gyms"), with the specification's messages.
import { percentToBasisPoints } from '@gym/domain/money';
import {
  INVALID_EMAIL,
  maxValueMessage,
  minValueMessage,
  requiredString,
} from '@gym/domain/validation-messages';
import { z } from 'zod';

export const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const accountParams = idParam.extend({
  accountId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const BREAK_FEE_MAX_PERCENT = 100;
/** The database allows up to 10 % (1000 basis points); card schemes allow far less in practice. */
export const CARD_SURCHARGE_MAX_PERCENT = 10;

/** A percentage with at most two decimals (2.5 → 250 basis points), within 0 and `max`. */
const percentage = (max: number) =>
  z
    .number()
    .min(0, { error: minValueMessage(0) })
    .max(max, { error: maxValueMessage(max) })
    .transform((value, ctx) => {
      const basisPoints = percentToBasisPoints(value);
      if (basisPoints === null) {
        ctx.addIssue({ code: 'custom', message: 'Value may have at most 2 decimal places' });
        return z.NEVER;
      }
      return basisPoints;
    });

/** Optional text: absent = unchanged, null or blank = cleared. */
const clearableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Value must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

const clearableEmail = clearableText(254).refine(
  (value) => value === undefined || value === null || z.email().safeParse(value).success,
  { error: INVALID_EMAIL },
);

export const gymUpdateSchema = z.object({
  name: requiredString(),
  price_change_notification_reply_to: clearableEmail,
  break_fee_percentage: percentage(BREAK_FEE_MAX_PERCENT).optional(),
  card_surcharge_percentage: percentage(CARD_SURCHARGE_MAX_PERCENT).optional(),
  general_card_surcharge_text: clearableText(500),
});
export type GymUpdate = z.output<typeof gymUpdateSchema>;

export const tracksVisitsSchema = z.object({ tracks_visits: z.boolean() });

/** A secret field: absent or blank keeps the stored secret (it is never sent back to be re-sent). */
const secret = z
  .string()
  .trim()
  .max(500, { error: 'Value must be at most 500 characters' })
  .nullish()
  .transform((value) => (value ? value : null));

export const branchConfigSchema = z.object({
  branch_app_id: requiredString({ max: 255 }),
  branch_key: requiredString({ max: 255 }),
  branch_secret: secret,
});
export type BranchConfig = z.output<typeof branchConfigSchema>;

export const akahuConfigSchema = z.object({
  akahu_app_token: requiredString({ max: 255 }),
  akahu_app_secret: secret,
});
export type AkahuConfig = z.output<typeof akahuConfigSchema>;
