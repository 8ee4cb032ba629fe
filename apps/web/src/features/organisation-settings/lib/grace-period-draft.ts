// The two grace-period sections (failed payments and term memberships): the same length-and-unit pair
// under each endpoint's own field names.
import {
  failedPaymentGracePeriodSchema,
  MAX_GRACE_PERIOD,
  termMembershipGracePeriodSchema,
} from '@gym/domain';
import { GRACE_PERIOD_UNIT_LABELS, GRACE_PERIOD_UNITS, type GracePeriodUnit } from '@gym/domain/grace-period';
import type { Organisation } from '../api/organisation-answers';

export type GraceKind = 'grace-period' | 'term-membership-grace-period';

export const GRACE_KINDS = {
  'grace-period': {
    period: 'failed_payment_grace_period',
    unit: 'failed_payment_grace_period_unit',
    schema: failedPaymentGracePeriodSchema,
  },
  'term-membership-grace-period': {
    period: 'term_membership_grace_period',
    unit: 'term_membership_grace_period_unit',
    schema: termMembershipGracePeriodSchema,
  },
} as const;

export { MAX_GRACE_PERIOD };

/** What the inputs hold: the length as typed (a number input gives a number or text), and the unit. */
export interface GraceDraft {
  period: number | string;
  unit: GracePeriodUnit | '';
}

export const UNIT_CHOICES = GRACE_PERIOD_UNITS.map((unit) => ({
  value: unit,
  label: GRACE_PERIOD_UNIT_LABELS[unit],
}));

export function graceDraftOf(organisation: Organisation, kind: GraceKind): GraceDraft {
  if (kind === 'grace-period') {
    const grace = organisation.grace_period;
    return { period: grace.failed_payment_grace_period, unit: grace.failed_payment_grace_period_unit };
  }
  const grace = organisation.term_grace_period;
  return { period: grace.term_membership_grace_period, unit: grace.term_membership_grace_period_unit };
}

/** Empty text is no value ('Value is required'); other text becomes a number for the schema to judge. */
function lengthOf(period: number | string): number | undefined {
  if (typeof period === 'number') return period;
  const text = period.trim();
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isNaN(value) ? undefined : value;
}

/** The request body under the endpoint's field names, before checking. */
export function gracePayload(kind: GraceKind, draft: GraceDraft): Record<string, unknown> {
  const names = GRACE_KINDS[kind];
  return {
    [names.period]: lengthOf(draft.period),
    [names.unit]: draft.unit === '' ? undefined : draft.unit,
  };
}
