// Organisation settings: only the current organisation, only its admins (the route guard checks the role).

import type { ActivityAction } from '@gym/domain/labels';
import {
  type FailedPaymentGracePeriodInput,
  failedPaymentGracePeriodSchema,
  type OfferingPermissionsInput,
  offeringPermissionsSchema,
  type PriceFrequenciesInput,
  priceFrequenciesSchema,
  type TermMembershipGracePeriodInput,
  termMembershipGracePeriodSchema,
} from '@gym/domain/organisation-settings';
import {
  type SelfServiceSettings,
  selfServiceSettingsSchema,
  type TaxDetails,
  taxDetailsSchema,
} from '@gym/domain/self-service';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { newToken } from '../../auth/tokens';
import { notFound } from '../../http/app-error';
import { mergedUpdate } from '../../http/merged-update';
import * as repo from './organisations.repository';

/** Another organisation (or one that is not the current one) answers 404, never its data. */
export async function organisationOf(deps: AppDeps, auth: AuthContext, organisationId: number) {
  const row =
    organisationId === auth.organisationId ? await repo.findOrganisation(deps.db, organisationId) : null;
  if (!row) throw notFound('Organisation not found.');
  return row;
}

async function change(
  deps: AppDeps,
  actor: Actor,
  organisationId: number,
  action: ActivityAction,
  changes: repo.OrganisationChanges,
) {
  const before = await organisationOf(deps, actor.auth, organisationId);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const after = await repo.updateOrganisation(tx, before.id, changes, now);
    if (!after) throw notFound('Organisation not found.');
    const previous = Object.fromEntries(
      Object.keys(changes).map((key) => [key, before[key as keyof typeof before]]),
    );
    await repo.insertActivity(tx, {
      organisationId: before.id,
      actorUserId: actor.auth.user.id,
      action,
      data: { before: previous, after: changes },
      requestId: actor.requestId,
    });
    return after;
  });
}

export const rename = (deps: AppDeps, actor: Actor, id: number, name: string) =>
  change(deps, actor, id, 'organisation.renamed', { name });

type Stored = Awaited<ReturnType<typeof organisationOf>>;

/**
 * A settings call saves the fields it was given (absent: unchanged); the settings after it must pass
 * the whole schema, so a period is checked against its unit even when only one of them was sent.
 */
async function settingsUpdate<S extends z.ZodType>(
  deps: AppDeps,
  actor: Actor,
  id: number,
  schema: S,
  storedInput: (row: Stored) => Record<string, unknown>,
  given: Record<string, unknown>,
): Promise<z.output<S>> {
  return mergedUpdate(schema, storedInput(await organisationOf(deps, actor.auth, id)), given);
}

export async function setGracePeriod(
  deps: AppDeps,
  actor: Actor,
  id: number,
  given: Partial<FailedPaymentGracePeriodInput>,
) {
  const input = await settingsUpdate(
    deps,
    actor,
    id,
    failedPaymentGracePeriodSchema,
    (row) => ({
      failed_payment_grace_period: row.failedPaymentGracePeriod,
      failed_payment_grace_period_unit: row.failedPaymentGracePeriodUnit,
    }),
    given,
  );
  return change(deps, actor, id, 'organisation.grace_period_changed', {
    failedPaymentGracePeriod: input.failed_payment_grace_period,
    failedPaymentGracePeriodUnit: input.failed_payment_grace_period_unit,
  });
}

export async function setTermGracePeriod(
  deps: AppDeps,
  actor: Actor,
  id: number,
  given: Partial<TermMembershipGracePeriodInput>,
) {
  const input = await settingsUpdate(
    deps,
    actor,
    id,
    termMembershipGracePeriodSchema,
    (row) => ({
      term_membership_grace_period: row.termMembershipGracePeriod,
      term_membership_grace_period_unit: row.termMembershipGracePeriodUnit,
    }),
    given,
  );
  return change(deps, actor, id, 'organisation.term_grace_period_changed', {
    termMembershipGracePeriod: input.term_membership_grace_period,
    termMembershipGracePeriodUnit: input.term_membership_grace_period_unit,
  });
}

export async function setOfferingPermissions(
  deps: AppDeps,
  actor: Actor,
  id: number,
  given: Partial<OfferingPermissionsInput>,
) {
  const input = await settingsUpdate(
    deps,
    actor,
    id,
    offeringPermissionsSchema,
    (row) => ({
      enable_offerings: row.enableOfferings,
      non_stop: row.nonStop,
      limited_access: row.limitedAccess,
    }),
    given,
  );
  return change(deps, actor, id, 'organisation.offering_permissions_changed', {
    enableOfferings: input.enable_offerings,
    nonStop: input.non_stop,
    limitedAccess: input.limited_access,
  });
}

export async function setPriceFrequencies(
  deps: AppDeps,
  actor: Actor,
  id: number,
  given: Partial<PriceFrequenciesInput>,
) {
  const input = await settingsUpdate(
    deps,
    actor,
    id,
    priceFrequenciesSchema,
    (row) => ({
      weekly: row.weekly,
      fortnightly: row.fortnightly,
      monthly: row.monthly,
      quarterly: row.quarterly,
      six_monthly: row.sixMonthly,
      yearly: row.yearly,
    }),
    given,
  );
  return change(deps, actor, id, 'organisation.price_frequencies_changed', {
    weekly: input.weekly,
    fortnightly: input.fortnightly,
    monthly: input.monthly,
    quarterly: input.quarterly,
    sixMonthly: input.six_monthly,
    yearly: input.yearly,
  });
}

export async function setTaxDetails(deps: AppDeps, actor: Actor, id: number, given: Partial<TaxDetails>) {
  const input = await settingsUpdate(
    deps,
    actor,
    id,
    taxDetailsSchema,
    (row) => ({ legal_name: row.legalName, gst_number: row.gstNumber }),
    given,
  );
  return change(deps, actor, id, 'organisation.tax_details_changed', {
    legalName: input.legal_name,
    gstNumber: input.gst_number,
  });
}

export async function setSelfService(
  deps: AppDeps,
  actor: Actor,
  id: number,
  given: Partial<SelfServiceSettings>,
) {
  const input = await settingsUpdate(
    deps,
    actor,
    id,
    selfServiceSettingsSchema,
    (row) => ({
      member_pauses_allowed: row.memberPausesAllowed,
      member_pause_min_days: row.memberPauseMinDays,
      member_pause_max_days: row.memberPauseMaxDays,
      member_pauses_per_year: row.memberPausesPerYear,
      member_pause_notice_days: row.memberPauseNoticeDays,
      member_online_cancellation: row.memberOnlineCancellation,
    }),
    given,
  );
  return change(deps, actor, id, 'organisation.self_service_changed', {
    memberPausesAllowed: input.member_pauses_allowed,
    memberPauseMinDays: input.member_pause_min_days,
    memberPauseMaxDays: input.member_pause_max_days,
    memberPausesPerYear: input.member_pauses_per_year,
    memberPauseNoticeDays: input.member_pause_notice_days,
    memberOnlineCancellation: input.member_online_cancellation,
  });
}

/** An unguessable, organisation-wide link that lets a person under the minimum age register. */
export async function createAgeBypassLink(deps: AppDeps, actor: Actor, organisationId: number) {
  const organisation = await organisationOf(deps, actor.auth, organisationId);
  const now = deps.clock.now();
  const link = await repo.insertAgeBypassLink(deps.db, {
    organisationId: organisation.id,
    token: newToken(24),
    createdBy: actor.auth.user.id,
    now,
  });
  const url = new URL('/', deps.env.REGISTER_URL);
  url.searchParams.set('age_bypass', link.token);
  return { id: link.id, token: link.token, url: url.toString(), created_at: link.createdAt.toISOString() };
}
