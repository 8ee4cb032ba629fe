// The organisation settings answers, checked on arrival. Mirrors `organisationSchema`,
// `ageBypassLinkSchema` and `akahuWebhookSchema` of
// apps/server/src/features/organisations/organisations.presenter.ts, so drift shows as 'invalid_response'.
import { GRACE_PERIOD_UNITS } from '@gym/domain/grace-period';
import { z } from 'zod';

const unit = z.enum(GRACE_PERIOD_UNITS);

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
  updated_at: z.string(),
});

export const organisationAnswer = z.object({ data: organisationSchema });

export const ageBypassLinkSchema = z.object({
  id: z.number(),
  token: z.string(),
  url: z.string(),
  created_at: z.string(),
});

export const akahuWebhookSchema = z.object({
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

export const pageMetaSchema = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});

export type Organisation = z.infer<typeof organisationSchema>;
export type AgeBypassLink = z.infer<typeof ageBypassLinkSchema>;
export type AkahuWebhook = z.infer<typeof akahuWebhookSchema>;

/** Query keys of this feature: everything under ['organisation-settings'] is refreshed after a change. */
export const organisationKeys = {
  all: ['organisation-settings'] as const,
  detail: (id: number) => ['organisation-settings', 'detail', id] as const,
  webhooks: (id: number, filters: object) =>
    ['organisation-settings', 'akahu-webhooks', id, filters] as const,
};
