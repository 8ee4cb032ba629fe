// The Organisation entity of the specification (section 3) as the settings screen reads it; the answer
// schemas are shared with the page (packages/domain/src/api/organisations.ts).
import type { AkahuWebhook, Organisation } from '@gym/domain/api/organisations';
import { GRACE_PERIOD_UNITS } from '@gym/domain/grace-period';
import { z } from 'zod';
import type { OrganisationRow } from './organisations.repository';

const unit = z.enum(GRACE_PERIOD_UNITS);

const asUnit = (value: string) => unit.parse(value);

export function presentOrganisation(row: OrganisationRow): Organisation {
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
    tax_details: { legal_name: row.legalName, gst_number: row.gstNumber },
    self_service: selfServiceOf(row),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The organisation's self-service settings in the shape the domain's rules read. */
export function selfServiceOf(row: OrganisationRow) {
  return {
    member_pauses_allowed: row.memberPausesAllowed,
    member_pause_min_days: row.memberPauseMinDays,
    member_pause_max_days: row.memberPauseMaxDays,
    member_pauses_per_year: row.memberPausesPerYear,
    member_pause_notice_days: row.memberPauseNoticeDays,
    member_online_cancellation: row.memberOnlineCancellation,
  };
}

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
}): AkahuWebhook {
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
