// Request bodies and queries of the member join site (spec sections 2, 3, 7): the server validates with
// them and the page's forms use the same schemas, so both give the same messages.
import { z } from 'zod';
import { CONFIDENCE_ANSWERS, HEAR_ABOUT_US_ANSWERS } from '../member-answers';
import { updateBodyOf } from '../update-body';
import {
  EVEN_WITH_FIELD_ERRORS,
  email,
  idSchema,
  isBlank,
  optionalString,
  requiredEnum,
  requiredOr,
  requiredString,
  VALUE_REQUIRED,
} from '../validation-messages';
import { PASSWORD_MAX_LENGTH } from './auth-requests';
import { calendarDateSchema } from './catalogue-requests';

const POST_CODE_FORMAT = 'Enter the four digits of the post code';

export const PASSWORD_MIN_LENGTH = 10;
const MOBILE_FORMAT = 'Enter a mobile number of 7 to 15 digits, e.g. 021 123 4567';
const TOKEN_FORMAT = 'This link is not valid';
const MOBILE = /^\+?[\d\s()-]{7,20}$/;

const mobile = () =>
  requiredString({ max: 30 }).refine((v) => MOBILE.test(v) && v.replace(/\D/g, '').length >= 7, {
    error: MOBILE_FORMAT,
  });
const linkToken = z
  .string({ error: TOKEN_FORMAT })
  .trim()
  .regex(/^[\w-]{8,100}$/, { error: TOKEN_FORMAT })
  .nullish()
  .transform((v) => v ?? null);

/** What a member tells the gym about themselves: the register form, and the same fields when edited. */
const memberFields = {
  name: requiredString({ max: 120 }),
  mobile_number: mobile(),
  dob: calendarDateSchema,
  address: requiredString({ max: 200 }),
  suburb: optionalString({ max: 100 }),
  city: requiredString({ max: 100 }),
  // Empty says it is needed; anything else that is not four digits says what a post code is.
  post_code: z
    .string({ error: requiredOr(POST_CODE_FORMAT) })
    .trim()
    .min(1, { error: VALUE_REQUIRED })
    .refine((value) => value === '' || /^\d{4}$/.test(value), { error: POST_CODE_FORMAT }),
  emergency_contact_name: requiredString({ max: 120 }),
  emergency_contact_mobile_number: mobile(),
  emergency_contact_relationship: requiredString({ max: 60 }),
  emergency_contact_email: z
    .union([z.literal(''), email()], { error: 'Value is not a valid email address' })
    .nullish()
    .transform((v) => (v ? v : null)),
  confidence_and_experience: requiredEnum(CONFIDENCE_ANSWERS),
  hear_about_us: requiredEnum(HEAR_ABOUT_US_ANSWERS),
  hear_about_us_other: optionalString({ max: 200 }),
  /** The membership chosen: a price of the gym (a private price comes only through its link). */
  gym_id: idSchema.nullish().transform((v) => v ?? null),
  price_id: idSchema.nullish().transform((v) => v ?? null),
  price_link: linkToken,
  age_bypass: linkToken,
};

/** 'other' needs the member's own words; a membership needs a price (chosen or from a link). */
function crossFieldRules(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (value.hear_about_us === 'other' && isBlank(value.hear_about_us_other)) {
    ctx.addIssue({
      code: 'custom',
      path: ['hear_about_us_other'],
      message: 'Tell us where you heard about us',
    });
  }
  if (isBlank(value.price_link) && isBlank(value.price_id)) {
    ctx.addIssue({ code: 'custom', path: ['price_id'], message: 'Choose a membership' });
  }
  if (isBlank(value.price_link) && isBlank(value.gym_id)) {
    ctx.addIssue({ code: 'custom', path: ['gym_id'], message: 'Choose your gym' });
  }
}

export const registerBody = z
  .object({
    ...memberFields,
    email: email(),
    password: z
      .string({ error: VALUE_REQUIRED })
      .min(1, { error: VALUE_REQUIRED })
      .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters` })
      .max(PASSWORD_MAX_LENGTH, { error: `Value must be at most ${PASSWORD_MAX_LENGTH} characters` }),
  })
  .superRefine(
    (value, ctx) => crossFieldRules(value as Record<string, unknown>, ctx),
    EVEN_WITH_FIELD_ERRORS,
  );
export type RegisterBody = z.infer<typeof registerBody>;
export type RegisterInput = z.input<typeof registerBody>;

/** PUT /api/me/register-fields: the register form's fields again, without email and password. */
export const registerFieldsBody = z
  .object(memberFields)
  .superRefine(
    (value, ctx) => crossFieldRules(value as Record<string, unknown>, ctx),
    EVEN_WITH_FIELD_ERRORS,
  );
export type RegisterFieldsBody = z.infer<typeof registerFieldsBody>;
/** What the call takes: any of the fields (absent: unchanged); the result must pass `registerFieldsBody`. */
export const registerFieldsUpdateBody = updateBodyOf(registerFieldsBody);
export type RegisterFieldsUpdate = z.output<typeof registerFieldsUpdateBody>;

export const uniqueEmailBody = z.object({ email: email() });

/** GET /api/register/options: the gym (by its public id) or a private price link opens the flow. */
export const registerOptionsQuery = z.object({
  gym: z.uuid({ error: 'This gym link is not valid' }).optional(),
  price_link: z
    .string()
    .regex(/^[\w-]{8,100}$/, { error: TOKEN_FORMAT })
    .optional(),
  age_bypass: z
    .string()
    .regex(/^[\w-]{8,100}$/, { error: TOKEN_FORMAT })
    .optional(),
});

/** GET /api/surcharge-total: the first payment by this way of paying. */
export const surchargeTotalQuery = z.object({
  payment_type: requiredEnum(['bank_account', 'stripe_card'] as const),
});

/** POST /api/subscriptions: confirm; the key comes from the page, so a second click is the same confirm. */
export const confirmSubscriptionBody = z.object({
  idempotency_key: z
    .string({ error: VALUE_REQUIRED })
    .trim()
    .regex(/^[\w-]{16,100}$/, { error: 'Value must be a key of 16 to 100 letters, digits, - or _' }),
});

/** POST /api/akahu/exchange: what Akahu's consent page sent back. */
export const akahuExchangeBody = z.object({
  code: requiredString({ max: 500 }),
  state: requiredString({ max: 500 }),
});

/** POST /api/akahu/sync-accounts: the account the member pays from (absent: just list them again). */
export const akahuSyncBody = z
  .object({ account_id: z.string().trim().min(1).max(200).nullish() })
  .nullish()
  .transform((v) => ({ account_id: v?.account_id ?? null }));

/** POST /api/me/card-setup/complete: the Checkout Session Stripe's card page returned with. */
export const cardSetupCompleteBody = z.object({
  session_id: z
    .string({ error: VALUE_REQUIRED })
    .trim()
    .regex(/^cs_(?:test|live)_\w{4,200}$/, { error: 'This card set-up is not valid' }),
});

/** POST /api/handover: redeeming the one-time token a staff-host sign-in handed to the join site. */
export const handoverBody = z.object({ token: requiredString({ max: 200 }) });
