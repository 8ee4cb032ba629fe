// The member answers (spec section 3 "Member", "Subscription", "Payment", "Payment type", "Visit"; section
// 7 "Members and subscriptions"): the server checks what it sends against them and documents them, the
// page checks what arrives against them. Derived states come from the domain functions, never the page.
import { z } from 'zod';
import { BILLING_FREQUENCIES } from '../billing-frequency';
import { envelope, pageEnvelope, pageMeta } from './envelope';
import { paymentTypeSchema } from './payment-type';
import { paymentStandingFields } from './payments';
import { namedSchema } from './prices';

const date = z.string();
const instant = z.string();

export const SUBSCRIPTION_STATES = ['active', 'paused', 'cancelled', 'grace', 'upcoming'] as const;
export const CARD_COLOURS = ['green', 'amber', 'red'] as const;

/** A membership's state in plain words (the members export; the page's badges say the same). */
export const SUBSCRIPTION_STATE_LABELS: Record<(typeof SUBSCRIPTION_STATES)[number], string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
  grace: 'In grace',
  upcoming: 'Upcoming',
};

/** The members export's columns (the one export format: packages/domain/src/export-format.ts). */
export const MEMBER_EXPORT_COLUMNS = [
  'Member ID',
  'Name',
  'Email',
  'Mobile',
  'Home gym',
  'State',
  'Offering',
  'Price (NZD)',
  'Billing frequency',
  'Next payment date',
  'Balance owing (NZD)',
  'Last visit',
  'Joined',
  'Tags',
] as const;
const PAYMENT_STATUS_CLASSES = ['successful', 'upcoming', 'pending', 'failed'] as const;

const memberPriceSchema = z.object({
  id: z.number(),
  amount: z.number().int(),
  formatted_amount: z.string(),
  billing_frequency: z.enum(BILLING_FREQUENCIES),
  joining_fee: z.number().int(),
  term_amount: z.number().int().nullable(),
  term_unit: z.string().nullable(),
  is_term_membership: z.boolean(),
  formatted_term: z.string().nullable(),
  offering: namedSchema,
});
export type MemberPrice = z.infer<typeof memberPriceSchema>;

const paymentSummarySchema = z.object({
  id: z.number(),
  amount: z.number().int(),
  formatted_amount: z.string(),
  /** The card surcharge taken with it (bank and manual payments: 0). */
  surcharge: z.number().int(),
  formatted_surcharge: z.string(),
  /** amount + surcharge: what was taken (or asked for). */
  total: z.number().int(),
  formatted_total: z.string(),
  status: z.string(),
  status_class: z.enum(PAYMENT_STATUS_CLASSES),
  period_start_at: date.nullable(),
  created_at: instant,
});

/** How many of a subscription's payments the member's detail carries (the rest are a page away). */
export const SUBSCRIPTION_PAYMENTS_SHOWN = 25;

/** The member's latest subscription: every field of section 3 and its derived state and card colour. */
const memberSubscriptionSchema = z.object({
  id: z.number(),
  user: z.number(),
  gym: namedSchema,
  price: memberPriceSchema,
  start_date: date,
  current_period_start: date.nullable(),
  current_period_end: date.nullable(),
  ends_at: date.nullable(),
  paused_at: instant.nullable(),
  cancelled_at: instant.nullable(),
  grace_period_ends_at: date.nullable(),
  cancellation_reasons: z.array(z.string()),
  cancellation_comments: z.string().nullable(),
  /** The next unpaid charge, if one is due or made. */
  upcoming_payment: z
    .object({ due_date: date, amount: z.number().int(), formatted_amount: z.string() })
    .nullable(),
  /** The pause in force or booked (first day, first day back). */
  pause_start_at: date.nullable(),
  pause_end_at: date.nullable(),
  pause_days_credit: z.number().int(),
  pause_days_remaining: z.number().int(),
  pauses: z.array(
    z.object({ id: z.number(), start_date: date, end_date: date, credit_days: z.number().int() }),
  ),
  payments_sum: z.number().int(),
  formatted_payments_sum: z.string(),
  initial_state: z.string().nullable(),
  upcoming_state: z.string().nullable(),
  transition_to_date: date.nullable(),
  transition_to_price: memberPriceSchema.nullable(),
  transition_takes_effect_at: date.nullable(),
  undo_cancellation_until: instant.nullable(),
  can_undo_cancellation: z.boolean(),
  force_price_amount: z.number().int().nullable(),
  is_staging: z.boolean(),
  cooling_period_ends_at: date.nullable(),
  is_term_membership: z.boolean(),
  currently_within_term_membership: z.boolean(),
  on_term_membership_price: z.boolean(),
  cancelled_during_cooling_off_period: z.boolean(),
  term_ends_at: date.nullable(),
  latest_term_membership: z.object({ term_ends_at: date, formatted_term: z.string().nullable() }).nullable(),
  balance_owing: z.number().int(),
  formatted_balance_owing: z.string(),
  periods_owing: z.number().int(),
  version: z.number().int(),
  /** The payment that settled the first charge (a declined attempt before it is not it), else its latest attempt. */
  first_payment: paymentSummarySchema.nullable(),
  /** Its latest SUBSCRIPTION_PAYMENTS_SHOWN payments, newest first (all: GET /api/users/{id}/payments). */
  payments: z.array(paymentSummarySchema),
  payments_count: z.number().int(),
  private_price_link_id: z.number().nullable(),
  private_price_link: z.object({ id: z.number(), token: z.string() }).nullable(),
  created_at: instant,
  /** Derived by the domain (subscriptionState, cardColour, membershipType, shortTermLabel). */
  state: z.enum(SUBSCRIPTION_STATES),
  card_colour: z.enum(CARD_COLOURS),
  membership_type: z.object({
    label: z.string(),
    commitment_date: date.nullable(),
    short_term_label: z.string().nullable(),
  }),
});
export type MemberSubscription = z.infer<typeof memberSubscriptionSchema>;

/** One row of the members list. */
const memberListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  profile_picture: z.string().nullable(),
  home_gym: namedSchema.nullable(),
  tags: z.array(z.string()),
  created_at: instant,
  last_visit_at: instant.nullable(),
  subscription: z
    .object({
      id: z.number(),
      state: z.enum(SUBSCRIPTION_STATES),
      card_colour: z.enum(CARD_COLOURS),
      offering: namedSchema,
      price: z.object({
        id: z.number(),
        amount: z.number().int(),
        formatted_amount: z.string(),
        billing_frequency: z.enum(BILLING_FREQUENCIES),
      }),
      next_payment_date: date.nullable(),
      balance_owing: z.number().int(),
      formatted_balance_owing: z.string(),
    })
    .nullable(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;
/**
 * How far a filtered members list counts (issue 27): a filter matching more members than this answers
 * `total` = this and `total_capped`, shown as "10,000+", instead of counting every match on every page.
 */
export const MEMBER_COUNT_LIMIT = 10_000;
/** GET /api/members. */
export const memberPage = z.object({
  data: z.array(memberListItemSchema),
  meta: pageMeta.extend({
    total_capped: z
      .boolean()
      .describe(
        `True when more members match than the list counts (${MEMBER_COUNT_LIMIT}): total and last_page then stop there, and there are more.`,
      ),
  }),
});

export { paymentTypeModelSchema, paymentTypeSchema } from './payment-type';

/** GET /api/members/{id}/access-control-credentials. */
const accessCredentialSchema = z.object({
  id: z.number(),
  place: z.object({ id: z.number(), name: z.string(), place_id: z.string() }),
  status: z.enum(['active', 'revoked']),
  kisi_user_id: z.string().nullable(),
  login_id: z.string().nullable(),
  has_door_access: z.boolean(),
  valid_from: instant.nullable(),
  valid_until: instant.nullable(),
  updated_at: instant,
});
const memberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  dob: date.nullable(),
  email_notifications_enabled: z.boolean(),
  push_notifications_enabled: z.boolean(),
  payment_reminders: z.boolean(),
  emergency_contact_name: z.string().nullable(),
  emergency_contact_email: z.string().nullable(),
  emergency_contact_mobile_number: z.string().nullable(),
  emergency_contact_relationship: z.string().nullable(),
  address: z.string().nullable(),
  suburb: z.string().nullable(),
  city: z.string().nullable(),
  post_code: z.string().nullable(),
  confidence_and_experience: z.string().nullable(),
  /** 'Unknown answer' for a missing or unknown value. */
  confidence_and_experience_label: z.string(),
  hear_about_us: z.string().nullable(),
  hear_about_us_other: z.string().nullable(),
  hear_about_us_label: z.string(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  home_gym: namedSchema.nullable(),
  /** The member's fixed billing date: the first payment of their membership runs pro-rata up to it. */
  billing_date: date.nullable(),
  /**
   * Why the billing date cannot be changed now (their membership's billing is already running, or there
   * is no membership for it to shape), or null when staff can set or clear it.
   */
  billing_date_locked_reason: z.string().nullable(),
  profile_picture: z.string().nullable(),
  visits_count: z.number().int(),
  last_visit_at: instant.nullable(),
  is_returning_member: z.boolean(),
  reauthenticate_akahu: z.boolean(),
  has_akahu_connection: z.boolean(),
  default_payment_type: z.number().nullable(),
  latest_subscription: memberSubscriptionSchema.nullable(),
  /** The member's payment methods (as GET /api/members/{id}/payment-types answers them). */
  payment_types: z.array(paymentTypeSchema),
  /** The member's door credentials (as GET /api/members/{id}/access-control-credentials answers them). */
  access_control_credentials: z.array(accessCredentialSchema),
  created_at: instant,
  updated_at: instant,
  deleted_at: instant.nullable(),
});
export type Member = z.infer<typeof memberSchema>;
/** GET, PUT, DELETE /api/members/{id}; POST /api/members. */
export const memberAnswer = envelope(memberSchema);

/** A payment of the member (GET /api/users/{id}/payments), most recent first. */
const memberPaymentSchema = z.object({
  id: z.number(),
  amount: z.number().int(),
  formatted_amount: z.string(),
  surcharge: z.number().int(),
  formatted_surcharge: z.string(),
  /** amount + surcharge: what was taken (or asked for). */
  total: z.number().int(),
  formatted_total: z.string(),
  period_start_at: date.nullable(),
  period_end_at: date.nullable(),
  status: z.string(),
  status_class: z.enum(PAYMENT_STATUS_CLASSES),
  type: z.string(),
  is_retry: z.boolean(),
  is_pro_rata: z.boolean(),
  error_status: z.string().nullable(),
  error_description: z.string().nullable(),
  processed_by: namedSchema.nullable(),
  gym: namedSchema,
  subscription: z.number().nullable(),
  ...paymentStandingFields,
  created_at: instant,
});
export const memberPaymentPage = pageEnvelope(memberPaymentSchema);

/** A door visit of the member (GET /api/users/{id}/visits), most recent first. */
const memberVisitSchema = z.object({
  id: z.number(),
  gym: namedSchema,
  visited_at: instant,
  successful: z.boolean(),
});
export const memberVisitPage = pageEnvelope(memberVisitSchema);

export type PaymentType = z.infer<typeof paymentTypeSchema>;
/** GET /api/members/{id}/payment-types. */
export const paymentTypesAnswer = envelope(z.array(paymentTypeSchema));

/** An entry of the member's activity log (GET /api/members/{id}/activity-log), most recent first. */
const memberActivitySchema = z.object({
  id: z.number(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.number().nullable(),
  actor: namedSchema.nullable(),
  /** The member did it themselves (on their account on the join site). */
  by_member: z.boolean(),
  data: z.record(z.string(), z.unknown()),
  created_at: instant,
});
export const memberActivityPage = pageEnvelope(memberActivitySchema);

/** GET /api/members/{id}/access-control: whether the member should and does have door access, per place. */
const memberAccessControlSchema = z.object({
  should_have_access: z.boolean(),
  has_access: z.boolean(),
  integration: z.object({ id: z.number(), integration_type: z.string() }).nullable(),
  place: z.object({ id: z.number(), name: z.string(), place_id: z.string(), gym: namedSchema }).nullable(),
});
export const memberAccessControlAnswer = envelope(memberAccessControlSchema);

export type AccessCredential = z.infer<typeof accessCredentialSchema>;
export const accessCredentialsAnswer = envelope(z.array(accessCredentialSchema));

/** POST /api/users/{id}/recreate-kisi-login: the new login; its secret is shown this once. */
export const recreatedLoginAnswer = envelope(
  z.object({ credential: accessCredentialSchema, login_secret: z.string() }),
);

/** GET /api/members/{id}/weekly-visits: one point per week (weeks start on Monday, Auckland). */
export const weeklyVisitsAnswer = envelope(z.array(z.object({ week_start: date, visits: z.number().int() })));

/** GET /api/members/{id}/subscription-periods: the periods charged, with what and whether paid. */
export const subscriptionPeriodsAnswer = envelope(
  z.array(
    z.object({
      subscription_id: z.number(),
      period_start: date,
      period_end: date.nullable(),
      amount: z.number().int(),
      formatted_amount: z.string(),
      status: z.string(),
      offering: z.string(),
    }),
  ),
);

/** GET /api/members/{id}/weekly-cost-per-visit: what the member paid for the week ÷ its visits. */
export const weeklyCostPerVisitAnswer = envelope(
  z.array(
    z.object({
      week_start: date,
      paid: z.number().int(),
      formatted_paid: z.string(),
      visits: z.number().int(),
      cost_per_visit: z.number().int().nullable(),
      formatted_cost_per_visit: z.string().nullable(),
    }),
  ),
);
