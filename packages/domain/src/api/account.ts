// Answers of the member's own account on the join site (GET/POST /api/me/…, issue 24): the membership
// as the member sees it, their payments and receipts, ways to pay, and what pay-now did. The server
// checks what it sends against them; the page checks what arrives.
import { z } from 'zod';
import { envelope, pageEnvelope } from './envelope';
import { subscriptionActionsSchema } from './subscriptions';

const date = z.string();
const instant = z.string();

export const paymentMethodSchema = z.object({
  id: z.number(),
  type: z.enum(['bank_account', 'stripe_card']),
  label: z.string(),
  is_default: z.boolean(),
});
export type AccountPaymentMethod = z.infer<typeof paymentMethodSchema>;

const selfServiceSchema = z.object({
  member_pauses_allowed: z.boolean(),
  member_pause_min_days: z.number().int(),
  member_pause_max_days: z.number().int(),
  member_pauses_per_year: z.number().int(),
  member_pause_notice_days: z.number().int(),
  member_online_cancellation: z.boolean(),
});

/** GET /api/me/account: the home screen. `membership` is null for someone who holds none. */
const accountSchema = z.object({
  name: z.string(),
  membership: z
    .object({
      subscription: subscriptionActionsSchema,
      gym: z.object({ id: z.number(), name: z.string() }),
      offering_name: z.string(),
      frequency_label: z.string(),
      membership_type_label: z.string(),
      cooling_period_ends_at: date.nullable(),
      next_payment: z
        .object({
          date,
          amount: z.number().int(),
          surcharge: z.number().int(),
          total: z.number().int(),
          formatted_total: z.string(),
        })
        .nullable(),
      door_access: z.object({ open: z.boolean(), text: z.string() }),
      payment_method: paymentMethodSchema.nullable(),
      /** The member cancelled it themselves on this site. */
      cancelled_online: z.boolean(),
    })
    .nullable(),
  self_service: selfServiceSchema,
});
export type Account = z.infer<typeof accountSchema>;
export const accountAnswer = envelope(accountSchema);

/** One of the member's payments (GET /api/me/payments), in plain words. */
const accountPaymentSchema = z.object({
  id: z.number(),
  created_at: instant,
  description: z.string(),
  total: z.number().int(),
  formatted_total: z.string(),
  status: z.string(),
  status_text: z.string(),
  /** Collected, so it has a receipt. */
  has_receipt: z.boolean(),
});
export type AccountPayment = z.infer<typeof accountPaymentSchema>;
export const accountPaymentsPage = pageEnvelope(accountPaymentSchema);

/** A receipt: New Zealand taxable supply information for one collected payment. */
const receiptSchema = z.object({
  payment_id: z.number(),
  number: z.string(),
  supplier: z.object({
    legal_name: z.string(),
    trading_name: z.string(),
    gst_number: z.string().nullable(),
  }),
  date,
  formatted_date: z.string(),
  description: z.string(),
  total: z.number().int(),
  formatted_total: z.string(),
  gst: z.number().int(),
  formatted_gst: z.string(),
  /** Any part refunded (a cooling-off cancellation). */
  refunded: z.number().int(),
  formatted_refunded: z.string(),
  paid_by: z.string(),
  /** Set above $1,000: the recipient's name and address. */
  recipient: z.object({ name: z.string(), address: z.string().nullable() }).nullable(),
  lines: z.array(z.string()),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptAnswer = envelope(receiptSchema);

/** GET /api/me/payment-methods: the member's ways to pay, and the next payment by each kind. */
const paymentMethodsSchema = z.object({
  methods: z.array(paymentMethodSchema),
  takes_cards: z.boolean(),
  next_payment_by_type: z
    .object({
      bank_account: z.object({ total: z.number().int(), formatted_total: z.string() }),
      stripe_card: z.object({
        total: z.number().int(),
        formatted_total: z.string(),
        surcharge: z.number().int(),
        formatted_surcharge: z.string(),
      }),
    })
    .nullable(),
  card_surcharge_text: z.string().nullable(),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;
export const paymentMethodsAnswer = envelope(paymentMethodsSchema);

/** POST /api/me/pay-now: the attempts made (or already waiting) and where the membership stands. */
const payNowSchema = z.object({
  attempts: z.array(z.object({ payment_id: z.number(), status: z.string(), created: z.boolean() })),
  balance_owing: z.number().int(),
  formatted_balance_owing: z.string(),
  door_access: z.object({ open: z.boolean(), text: z.string() }),
});
export type PayNow = z.infer<typeof payNowSchema>;
export const payNowAnswer = envelope(payNowSchema);

/** GET /api/me/details. */
const accountDetailsSchema = z.object({
  name: z.string(),
  email: z.string(),
  pending_email: z.string().nullable(),
  mobile_number: z.string().nullable(),
  address: z.string().nullable(),
  suburb: z.string().nullable(),
  city: z.string().nullable(),
  post_code: z.string().nullable(),
  emergency_contact_name: z.string().nullable(),
  emergency_contact_email: z.string().nullable(),
  emergency_contact_mobile_number: z.string().nullable(),
  emergency_contact_relationship: z.string().nullable(),
  email_notifications_enabled: z.boolean(),
  push_notifications_enabled: z.boolean(),
  payment_reminders: z.boolean(),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;
export const accountDetailsAnswer = envelope(accountDetailsSchema);
