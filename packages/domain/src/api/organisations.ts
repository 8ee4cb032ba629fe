// The organisation settings answers (spec section 3 "Organisation", section 7 "Organisations"): the server
// checks what it sends against them and documents them, the page checks what arrives against them.
import { z } from 'zod';
import { GRACE_PERIOD_UNITS } from '../grace-period';
import { envelope, pageEnvelope } from './envelope';

const unit = z.enum(GRACE_PERIOD_UNITS);

/** The Organisation entity as the settings screen reads it. */
export const organisationSchema = z.object({
  id: z.number(),
  name: z.string(),
  multi_gym: z.boolean(),
  minimum_age: z.number(),
  offering_permissions: z.object({
    enable_offerings: z.boolean(),
    non_stop: z.boolean(),
    limited_access: z.boolean(),
  }),
  price_frequencies: z.object({
    weekly: z.boolean(),
    fortnightly: z.boolean(),
    monthly: z.boolean(),
    quarterly: z.boolean(),
    six_monthly: z.boolean(),
    yearly: z.boolean(),
  }),
  grace_period: z.object({ failed_payment_grace_period: z.number(), failed_payment_grace_period_unit: unit }),
  term_grace_period: z.object({
    term_membership_grace_period: z.number(),
    term_membership_grace_period_unit: unit,
  }),
  /** Printed on receipts as the supplier (New Zealand taxable supply information). */
  tax_details: z.object({ legal_name: z.string().nullable(), gst_number: z.string().nullable() }),
  /** What members may do on their own account on the join site. */
  self_service: z.object({
    member_pauses_allowed: z.boolean(),
    member_pause_min_days: z.number(),
    member_pause_max_days: z.number(),
    member_pauses_per_year: z.number(),
    member_pause_notice_days: z.number(),
    member_online_cancellation: z.boolean(),
  }),
  updated_at: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;
/** GET /api/organisations/{id} and each settings PUT. */
export const organisationAnswer = envelope(organisationSchema);

const ageBypassLinkSchema = z.object({
  id: z.number(),
  token: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export type AgeBypassLink = z.infer<typeof ageBypassLinkSchema>;
/** POST /api/organisations/{id}/age-bypass-links. */
export const ageBypassLinkAnswer = envelope(ageBypassLinkSchema);

/** The statuses an Akahu webhook call can be listed by. */
export const AKAHU_WEBHOOK_STATUSES = [
  'received',
  'processed',
  'rejected',
  'failed',
  'duplicate',
  'ignored',
] as const;
export type AkahuWebhookStatus = (typeof AKAHU_WEBHOOK_STATUSES)[number];

const akahuWebhookSchema = z.object({
  id: z.number(),
  event_type: z.string().nullable(),
  external_id: z.string().nullable(),
  signature_valid: z.boolean(),
  status: z.string(),
  error: z.string().nullable(),
  payload: z.unknown(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
});
export type AkahuWebhook = z.infer<typeof akahuWebhookSchema>;
/** GET /api/organisations/{id}/akahu-webhooks. */
export const akahuWebhookPage = pageEnvelope(akahuWebhookSchema);
