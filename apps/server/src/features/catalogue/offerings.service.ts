// Offerings: reading for any staff member of the organisation (another organisation's records are 404), and
// creating, changing, archiving and deleting them (permission, the organisation's rules, one transaction
// with an activity-log entry each). Each function returns the finished answer of its route.

import { type OfferingBody, type OfferingUpdate, offeringBody } from '@gym/domain/api/catalogue-requests';
import type { Offering, UniqueMembership } from '@gym/domain/api/offerings';
import type { ActivityAction } from '@gym/domain/labels';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { conflict, notFound } from '../../http/app-error';
import { offsetOf, type PageQuery, page } from '../../http/envelope';
import { mergedUpdate } from '../../http/merged-update';
import { findGym, gymFor } from '../gyms';
import { findCatalogueSettings } from './catalogue.repository';
import { offeringAnswers, offeringSummaries } from './catalogue-answers';
import { assertMayWrite, catalogueWriter, lockWritableOffering, OFFERING_ARCHIVED } from './offering-access';
import { planOffering, requestedReach } from './offering-plan';
import { presentUniqueMembership } from './offerings.presenter';
import {
  archiveOffering as archiveOfferingRow,
  deleteOffering as deleteOfferingRow,
  findOffering,
  insertOffering,
  listGymOfferings,
  listOfferings,
  type OfferingFilter,
  offeringInUse,
  replaceOfferingGyms,
  replaceOfferingHours,
  uniqueMemberships,
  updateOffering as updateOfferingRow,
} from './offerings.repository';
import { insertPrices } from './prices.repository';

const OFFERING_IN_USE = 'This offering has subscriptions, so it cannot be deleted. Archive it instead.';

const logOf = (
  actor: Actor,
  offeringId: number,
  action: ActivityAction,
  data: Record<string, unknown> = {},
) => ({
  organisationId: actor.auth.organisationId,
  actorUserId: actor.auth.user.id,
  subjectType: 'offering' as const,
  subjectId: offeringId,
  action,
  data,
  requestId: actor.requestId,
});

// Reading

export async function offeringPage(
  deps: AppDeps,
  auth: AuthContext,
  query: PageQuery,
  filter: OfferingFilter,
) {
  // Another organisation's gym answers 404 rather than an empty list.
  if (filter.gymId !== undefined && !(await findGym(deps.db, auth.organisationId, filter.gymId)))
    throw notFound('Gym not found.');
  const { rows, total } = await listOfferings(deps.db, auth.organisationId, filter, {
    limit: query.per_page,
    offset: offsetOf(query),
  });
  return page(await offeringSummaries(deps, auth.organisationId, rows), total, query);
}

/** One offering with every price (archived ones too, marked), its hours and gyms; `db` may be a transaction. */
async function offeringDetailIn(deps: AppDeps, db: Executor, auth: AuthContext, offeringId: number) {
  const row = await findOffering(db, auth.organisationId, offeringId);
  if (!row) throw notFound('Offering not found.');
  const [offering] = await offeringAnswers({ env: deps.env, db }, auth.organisationId, [row], {
    contextGymId: auth.gym?.id ?? null,
  });
  return offering!;
}

export const offeringDetail = (deps: AppDeps, auth: AuthContext, offeringId: number): Promise<Offering> =>
  offeringDetailIn(deps, deps.db, auth, offeringId);

/** A gym the viewer holds a staff role at, as GET /api/gyms/{id} requires (403 otherwise, 404 elsewhere). */
async function gymOf(deps: AppDeps, auth: AuthContext, gymId: number) {
  return (await gymFor(deps, auth, gymId, 'read')).gym;
}

/** Offerings on sale at a gym, each with the prices on sale there (surcharges at that gym's rate). */
export async function gymOfferings(deps: AppDeps, auth: AuthContext, gymId: number): Promise<Offering[]> {
  await gymOf(deps, auth, gymId);
  const rows = await listGymOfferings(deps.db, auth.organisationId, gymId);
  return offeringAnswers(deps, auth.organisationId, rows, {
    archived: false,
    availableAtGymId: gymId,
    contextGymId: gymId,
  });
}

export async function gymOfferingUniqueMemberships(
  deps: AppDeps,
  auth: AuthContext,
  gymId: number,
  offeringId: number,
): Promise<UniqueMembership[]> {
  await gymOf(deps, auth, gymId);
  if (!(await findOffering(deps.db, auth.organisationId, offeringId))) throw notFound('Offering not found.');
  const rows = await uniqueMemberships(deps.db, auth.organisationId, gymId, offeringId);
  return rows.map(presentUniqueMembership);
}

// Writing

async function settingsOf(deps: AppDeps, organisationId: number) {
  const settings = await findCatalogueSettings(deps.db, organisationId);
  if (!settings) throw notFound('Organisation not found.');
  return settings;
}

export async function createOffering(deps: AppDeps, actor: Actor, body: OfferingBody): Promise<Offering> {
  const { organisationId } = actor.auth;
  assertMayWrite(catalogueWriter(actor.auth), requestedReach(body));
  const settings = await settingsOf(deps, organisationId);
  return deps.db.transaction(async (tx) => {
    const plan = await planOffering(tx, organisationId, settings, body, null);
    const now = deps.clock.now();
    const offeringId = await insertOffering(tx, organisationId, plan.values, now);
    await replaceOfferingGyms(tx, organisationId, offeringId, plan.reach.gymIds);
    await replaceOfferingHours(tx, organisationId, offeringId, plan.hours);
    const priceIds = await insertPrices(
      tx,
      { organisationId, offeringId, gymId: plan.values.gymId ?? null, now },
      body.prices.map((p) => ({
        amount: p.amount,
        billingFrequency: p.billing_frequency,
        joiningFee: p.joining_fee,
        private: p.private,
        termAmount: p.term_amount,
        termUnit: p.term_unit,
      })),
    );
    await appendActivity(
      tx,
      logOf(actor, offeringId, 'offering.created', { name: body.name, type: body.type, price_ids: priceIds }),
    );
    return offeringDetailIn(deps, tx, actor.auth, offeringId);
  });
}

export async function updateOffering(
  deps: AppDeps,
  actor: Actor,
  offeringId: number,
  given: OfferingUpdate,
): Promise<Offering> {
  const { organisationId } = actor.auth;
  const writer = catalogueWriter(actor.auth);
  const settings = await settingsOf(deps, organisationId);
  return deps.db.transaction(async (tx) => {
    const previous = await lockWritableOffering(tx, actor, offeringId);
    // Fields not sent keep their stored values; the offering after the change passes the whole rule set.
    const stored = await offeringDetailIn(deps, tx, actor.auth, offeringId);
    const body = mergedUpdate(
      offeringBody,
      {
        name: stored.name,
        description: stored.description,
        type: stored.type,
        all_gyms_access: stored.all_gyms_access,
        mandated: stored.mandated,
        hours_mandated: stored.hours_mandated,
        prices_mandated: stored.prices_mandated,
        prices: [],
        hours: stored.hours.map(({ day, open_at, close_at }) => ({ day, open_at, close_at })),
        gyms: stored.gyms.map((gym) => gym.id),
        gym_id: stored.gym?.id ?? null,
      },
      given,
    );
    assertMayWrite(writer, requestedReach(body));
    if (previous.archivedAt) throw conflict(OFFERING_ARCHIVED);
    const plan = await planOffering(tx, organisationId, settings, body, previous);
    await updateOfferingRow(tx, organisationId, offeringId, plan.values, deps.clock.now());
    await replaceOfferingGyms(tx, organisationId, offeringId, plan.reach.gymIds);
    // Hours that are the same keep their rows (and ids).
    const hoursOf = (hours: readonly { day: number; open_at: string; close_at: string }[]) =>
      JSON.stringify(hours.map(({ day, open_at, close_at }) => [day, open_at, close_at]));
    if (hoursOf(plan.hours) !== hoursOf(stored.hours))
      await replaceOfferingHours(tx, organisationId, offeringId, plan.hours);
    await appendActivity(
      tx,
      logOf(actor, offeringId, 'offering.updated', { name: body.name, type: body.type }),
    );
    return offeringDetailIn(deps, tx, actor.auth, offeringId);
  });
}

/** Archives the offering and its prices on sale. Archiving an archived offering changes nothing. */
export async function archiveOffering(deps: AppDeps, actor: Actor, offeringId: number): Promise<Offering> {
  return deps.db.transaction(async (tx) => {
    const offering = await lockWritableOffering(tx, actor, offeringId);
    if (!offering.archivedAt) {
      const archivedPrices = await archiveOfferingRow(
        tx,
        actor.auth.organisationId,
        offeringId,
        deps.clock.now(),
      );
      await appendActivity(
        tx,
        logOf(actor, offeringId, 'offering.archived', { prices_archived: archivedPrices }),
      );
    }
    return offeringDetailIn(deps, tx, actor.auth, offeringId);
  });
}

/** Deletes an offering nobody ever subscribed to; otherwise 409 (archive it instead). */
export async function deleteOffering(deps: AppDeps, actor: Actor, offeringId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const offering = await lockWritableOffering(tx, actor, offeringId);
    if (await offeringInUse(tx, actor.auth.organisationId, offeringId)) throw conflict(OFFERING_IN_USE);
    await deleteOfferingRow(tx, actor.auth.organisationId, offeringId);
    await appendActivity(tx, logOf(actor, offeringId, 'offering.deleted', { name: offering.name }));
  });
}
