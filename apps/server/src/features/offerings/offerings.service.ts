// Creating, changing, archiving and deleting offerings: permission, the organisation's rules, one transaction
// with an activity-log entry each.
import type { AppDeps } from '../../app';
import type { AuthContext } from '../../auth/guard';
import type { Tx } from '../../db/client';
import { conflict, notFound } from '../../http/app-error';
import { insertPrices } from '../prices/prices-write.repository';
import { findCatalogueSettings, insertActivity } from './catalogue.repository';
import { assertMayWrite, catalogueWriter } from './offering-access';
import { planOffering, requestedReach } from './offering-plan';
import { offeringInUse } from './offerings.repository';
import type { OfferingBody } from './offerings.schemas';
import {
  archiveOffering as archiveOfferingRow,
  deleteOffering as deleteOfferingRow,
  insertOffering,
  lockOffering,
  replaceOfferingGyms,
  replaceOfferingHours,
  updateOffering as updateOfferingRow,
} from './offerings-write.repository';

export interface Actor {
  auth: AuthContext;
  requestId: string;
}

export const OFFERING_ARCHIVED = 'This offering is archived and can no longer be changed.';
export const OFFERING_IN_USE =
  'This offering has subscriptions, so it cannot be deleted. Archive it instead.';

const logOf = (actor: Actor, offeringId: number, action: string, data: Record<string, unknown> = {}) => ({
  organisationId: actor.auth.organisationId,
  actorUserId: actor.auth.user.id,
  subjectType: 'offering' as const,
  subjectId: offeringId,
  action,
  data,
  requestId: actor.requestId,
});

async function settingsOf(deps: AppDeps, organisationId: number) {
  const settings = await findCatalogueSettings(deps.db, organisationId);
  if (!settings) throw notFound('Organisation not found.');
  return settings;
}

export async function createOffering(deps: AppDeps, actor: Actor, body: OfferingBody): Promise<number> {
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
    await insertActivity(
      tx,
      logOf(actor, offeringId, 'offering.created', { name: body.name, type: body.type, price_ids: priceIds }),
    );
    return offeringId;
  });
}

/** Loads and locks an offering of the caller's organisation that the caller may change (404, then 403). */
export async function lockWritableOffering(tx: Tx, actor: Actor, offeringId: number) {
  const offering = await lockOffering(tx, actor.auth.organisationId, offeringId);
  if (!offering) throw notFound('Offering not found.');
  assertMayWrite(catalogueWriter(actor.auth), {
    allGymsAccess: offering.allGymsAccess,
    gymId: offering.gymId,
    gymIds: offering.gymIds,
  });
  return offering;
}

export async function updateOffering(
  deps: AppDeps,
  actor: Actor,
  offeringId: number,
  body: OfferingBody,
): Promise<void> {
  const { organisationId } = actor.auth;
  const writer = catalogueWriter(actor.auth);
  const settings = await settingsOf(deps, organisationId);
  await deps.db.transaction(async (tx) => {
    const previous = await lockWritableOffering(tx, actor, offeringId);
    assertMayWrite(writer, requestedReach(body));
    if (previous.archivedAt) throw conflict(OFFERING_ARCHIVED);
    const plan = await planOffering(tx, organisationId, settings, body, previous);
    await updateOfferingRow(tx, organisationId, offeringId, plan.values, deps.clock.now());
    await replaceOfferingGyms(tx, organisationId, offeringId, plan.reach.gymIds);
    await replaceOfferingHours(tx, organisationId, offeringId, plan.hours);
    await insertActivity(
      tx,
      logOf(actor, offeringId, 'offering.updated', { name: body.name, type: body.type }),
    );
  });
}

/** Archives the offering and its prices on sale. Archiving an archived offering changes nothing. */
export async function archiveOffering(deps: AppDeps, actor: Actor, offeringId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const offering = await lockWritableOffering(tx, actor, offeringId);
    if (offering.archivedAt) return;
    const archivedPrices = await archiveOfferingRow(
      tx,
      actor.auth.organisationId,
      offeringId,
      deps.clock.now(),
    );
    await insertActivity(
      tx,
      logOf(actor, offeringId, 'offering.archived', { prices_archived: archivedPrices }),
    );
  });
}

/** Deletes an offering nobody ever subscribed to; otherwise 409 (archive it instead). */
export async function deleteOffering(deps: AppDeps, actor: Actor, offeringId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const offering = await lockWritableOffering(tx, actor, offeringId);
    if (await offeringInUse(tx, actor.auth.organisationId, offeringId)) throw conflict(OFFERING_IN_USE);
    await deleteOfferingRow(tx, actor.auth.organisationId, offeringId);
    await insertActivity(tx, logOf(actor, offeringId, 'offering.deleted', { name: offering.name }));
  });
}
