// Request bodies of the gym settings calls (spec section 7 "Gyms"), with the specification's messages:
// the server validates with them (and documents them in OpenAPI); the page's forms build on them.
import { z } from 'zod';
import { percentToBasisPoints } from '../money';
import { updateBodyOf } from '../update-body';
import { INVALID_EMAIL, maxValueMessage, minValueMessage, requiredString } from '../validation-messages';

export const BREAK_FEE_MAX_PERCENT = 100;
/** The database allows up to 10 % (1000 basis points); card schemes allow far less in practice. */
const CARD_SURCHARGE_MAX_PERCENT = 10;
const AT_MOST_TWO_DECIMALS = 'Value may have at most 2 decimal places';

/** A percentage with at most two decimals (2.5 is 250 basis points), within 0 and `max`. */
export const percentageSchema = (max: number) =>
  z
    .number()
    .min(0, { error: minValueMessage(0) })
    .max(max, { error: maxValueMessage(max) })
    .refine((value) => value < 0 || value > max || percentToBasisPoints(value) !== null, {
      error: AT_MOST_TWO_DECIMALS,
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

/** PUT /api/gyms/{id}: the fields given are saved (absent: unchanged; null clears the optional ones). */
export const gymUpdateBody = z.object({
  name: requiredString().optional(),
  price_change_notification_reply_to: clearableEmail,
  break_fee_percentage: percentageSchema(BREAK_FEE_MAX_PERCENT).optional(),
  card_surcharge_percentage: percentageSchema(CARD_SURCHARGE_MAX_PERCENT).optional(),
  general_card_surcharge_text: clearableText(500),
});
export type GymUpdate = z.output<typeof gymUpdateBody>;

export const tracksVisitsBody = z.object({ tracks_visits: z.boolean() });

/** A secret field: absent or blank keeps the stored secret (it is never sent back to be re-sent). */
export const secretSchema = z
  .string()
  .trim()
  .max(500, { error: 'Value must be at most 500 characters' })
  .nullish()
  .transform((value) => (value ? value : null));

export const branchConfigBody = z.object({
  branch_app_id: requiredString({ max: 255 }),
  branch_key: requiredString({ max: 255 }),
  branch_secret: secretSchema,
});

export const akahuConfigBody = z.object({
  akahu_app_token: requiredString({ max: 255 }),
  akahu_app_secret: secretSchema,
});
export type AkahuConfig = z.output<typeof akahuConfigBody>;

/** The PUT bodies of the two integrations: any of the fields (absent: unchanged). */
export const branchConfigUpdateBody = updateBodyOf(branchConfigBody);
export type BranchConfigUpdate = z.output<typeof branchConfigUpdateBody>;
export const akahuConfigUpdateBody = updateBodyOf(akahuConfigBody);
export type AkahuConfigUpdate = z.output<typeof akahuConfigUpdateBody>;
