// The Organisation entity of the specification (section 3) as the settings screen reads it.
import { GRACE_PERIOD_UNITS } from '@gym/domain/grace-period';
import { z } from 'zod';
import type { OrganisationRow } from './organisations.repository';

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
export type OrganisationSettings = z.infer<typeof organisationSchema>;

const asUnit = (value: string) => unit.parse(value);

export function presentOrganisation(row: OrganisationRow): OrganisationSettings {
  return {
    id: row.id,
    name: row.name,
    multi_gym: row.multiGym,
    minimum_age: row.minimumAge,
    offering_permissions: {
      enable_offerings: row.enableOfferings,
      non_stop: row.nonStop,
      limited_access: row.limitedAccess,
    },
    price_frequencies: {
      weekly: row.weekly,
      fortnightly: row.fortnightly,
      monthly: row.monthly,
      quarterly: row.quarterly,
      six_monthly: row.sixMonthly,
      yearly: row.yearly,
    },
    grace_period: {
      failed_payment_grace_period: row.failedPaymentGracePeriod,
      failed_payment_grace_period_unit: asUnit(row.failedPaymentGracePeriodUnit),
    },
    term_grace_period: {
      term_membership_grace_period: row.termMembershipGracePeriod,
      term_membership_grace_period_unit: asUnit(row.termMembershipGracePeriodUnit),
    },
    updated_at: row.updatedAt.toISOString(),
  };
}

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

export function presentAkahuWebhook(row: {
  id: number;
  eventType: string | null;
  externalId: string | null;
  signatureValid: boolean;
  status: string;
  error: string | null;
  payload: unknown;
  receivedAt: Date;
  processedAt: Date | null;
}): z.infer<typeof akahuWebhookSchema> {
  return {
    id: row.id,
    event_type: row.eventType,
    external_id: row.externalId,
    signature_valid: row.signatureValid,
    status: row.status,
    error: row.error,
    payload: row.payload ?? null,
    received_at: row.receivedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
  };
}
