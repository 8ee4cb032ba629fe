// Answers of the member join site's calls (spec sections 2, 3, 7), shared by the server (which sends
// them) and the page (which checks them on arrival).
import { z } from 'zod';
import { normaliseFailureCode } from '../payment-retry';
import { envelope } from './envelope';

const money = { amount: z.number(), formatted_amount: z.string() };

const joinPriceSchema = z.object({
  id: z.number(),
  offering_id: z.number(),
  offering_name: z.string(),
  offering_description: z.string().nullable(),
  ...money,
  billing_frequency: z.string(),
  joining_fee: z.number(),
  formatted_joining_fee: z.string(),
  formatted_term: z.string().nullable(),
  private: z.boolean(),
});
export type JoinPrice = z.infer<typeof joinPriceSchema>;

const joinGymSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  organisation_name: z.string(),
  /** The gym has a card-payment (Stripe) account: members may pay by card. */
  takes_cards: z.boolean(),
  /** Its logo for the join site (public: GET /api/register/gyms/{uuid}/logo, versioned), or null. */
  logo_url: z.string().nullable(),
});
export type JoinGym = z.infer<typeof joinGymSchema>;

/** GET /api/register/options: the gyms to choose from, or the gym and memberships a link opened. */
const registerOptionsSchema = z.object({
  gyms: z.array(joinGymSchema),
  gym: joinGymSchema.nullable(),
  prices: z.array(joinPriceSchema),
  /** A private price link opened the flow on this price. */
  price_link: z.object({ price_id: z.number(), age_bypass: z.boolean() }).nullable(),
  age_bypass: z.boolean(),
  minimum_age: z.number().nullable(),
});
export type RegisterOptions = z.infer<typeof registerOptionsSchema>;
export const registerOptionsAnswer = envelope(registerOptionsSchema);

/** The join site's address of a gym's logo: public (the gym link names the gym), versioned so it caches. */
export const joinLogoUrl = (uuid: string, logoVersion: Date | string | null) =>
  logoVersion === null
    ? null
    : `/api/register/gyms/${uuid}/logo?v=${new Date(logoVersion).getTime().toString(36)}`;

export const uniqueEmailAnswer = envelope(z.object({ unique: z.boolean() }));

/** The first payment as the billing engine will charge it (its plan, from the domain's rules). */
const firstPaymentSchema = z.object({
  period_start: z.string(),
  period_end: z.string().nullable(),
  ...money,
  joining_fee: z.number(),
  formatted_joining_fee: z.string(),
  surcharge: z.number(),
  formatted_surcharge: z.string(),
  total: z.number(),
  formatted_total: z.string(),
  explanation: z.string(),
});
export type FirstPayment = z.infer<typeof firstPaymentSchema>;

export const paymentMethodSchema = z.object({
  id: z.number(),
  type: z.enum(['bank_account', 'stripe_card']),
  /** 'ANZ Everyday 01-0123-…' or 'Visa ending 4242'. */
  label: z.string(),
});

/** What the member is about to confirm, or has confirmed (GET /api/me/active-subscription). */
const joinSubscriptionSchema = z.object({
  id: z.number(),
  status: z.enum(['to_confirm', 'payment_failed', 'payment_pending', 'active']),
  gym: z.object({
    id: z.number(),
    name: z.string(),
    takes_cards: z.boolean(),
    logo_url: z.string().nullable(),
  }),
  offering: z.object({ id: z.number(), name: z.string() }),
  price: z.object({
    id: z.number(),
    ...money,
    billing_frequency: z.string(),
    frequency_label: z.string(),
  }),
  start_date: z.string(),
  formatted_start_date: z.string(),
  first_payment: firstPaymentSchema,
  payment_method: paymentMethodSchema.nullable(),
  /** Term and cooling-off in plain words; null for a flexi membership. */
  term_text: z.string().nullable(),
  cooling_off_text: z.string().nullable(),
  card_surcharge_text: z.string().nullable(),
  /** The last attempt at the first payment, when there was one. */
  last_attempt: z
    .object({ status: z.string(), error_status: z.string().nullable(), message: z.string().nullable() })
    .nullable(),
  door_access_text: z.string(),
  app_link: z.string().nullable(),
});
export type JoinSubscription = z.infer<typeof joinSubscriptionSchema>;
export const joinSubscriptionAnswer = envelope(joinSubscriptionSchema);

export const surchargeTotalAnswer = envelope(firstPaymentSchema.extend({ payment_type: z.string() }));

export const akahuAuthUrlAnswer = envelope(z.object({ url: z.string() }));

const bankAccountChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  formatted_account: z.string().nullable(),
  bank: z.string(),
  can_pay: z.boolean(),
});
export const akahuAccountsAnswer = envelope(
  z.object({ accounts: z.array(bankAccountChoiceSchema), payment_type_id: z.number().nullable() }),
);
export type AkahuAccounts = z.infer<typeof akahuAccountsAnswer>['data'];

export const cardSetupAnswer = envelope(z.object({ url: z.string() }));
export const paymentTypeAnswer = envelope(paymentMethodSchema);

export const handoverAnswer = envelope(z.object({ url: z.string() }));

const FIRST_PAYMENT_FAILURES: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'there was not enough money in the account',
  BANK_ERROR: 'the bank could not process it just now',
  PROVIDER_UNAVAILABLE: 'the payment service did not answer',
  AFTER_HOURS: 'the bank does not take payments at this hour',
  INVALID_ACCOUNT: 'the account cannot be paid from',
  CONSENT_REVOKED: 'the bank connection was withdrawn',
  CARD_LOST_OR_STOLEN: 'the card was reported lost or stolen',
  AUTHENTICATION_REQUIRED: 'the card needs you to approve each payment, which a membership cannot do',
};

/** A failed first payment in plain words for the member, with what to do next. */
export function firstPaymentFailureText(code: string | null, description: string | null): string {
  const known = code ? FIRST_PAYMENT_FAILURES[normaliseFailureCode(code) ?? ''] : undefined;
  const why = known ?? (description ? description.replace(/\.$/, '').toLowerCase() : 'it was declined');
  return `Your first payment did not go through: ${why}. Choose another way to pay and confirm again. Nothing was charged.`;
}
