// Creating, changing, archiving, restoring and deleting prices. Who may: whoever may change the offering.
import type { PriceInput } from '@gym/domain';
import type { AppDeps } from '../../app';
import type { Tx } from '../../db/client';
import { conflict, notFound, validationError } from '../../http/app-error';
import { findCatalogueSettings, insertActivity } from '../offerings/catalogue.repository';
import { frequencyNotEnabled, isFrequencyEnabled } from '../offerings/catalogue-rules';
import { type Actor, lockWritableOffering, OFFERING_ARCHIVED } from '../offerings/offerings.service';
import { priceInUse } from './prices.repository';
import {
  deletePrice as deletePriceRow,
  insertPrices,
  lockPrice,
  type PriceValues,
  updatePrice as updatePriceRow,
} from './prices-write.repository';

export const PRICE_ARCHIVED = 'This price is archived. Restore it to change it.';
export const PRICE_IN_USE = 'This price has subscriptions, so it cannot be deleted. Archive it instead.';
export const PRICE_TERMS_IN_USE =
  'This price has subscriptions, so its amount, billing frequency and term cannot change. Create a new price and move members to it with a price change.';
export const OFFERING_OF_PRICE_ARCHIVED =
  'The offering of this price is archived, so the price cannot be restored.';

const valuesOf = (input: PriceInput): PriceValues => ({
  amount: input.amount,
  billingFrequency: input.billing_frequency,
  joiningFee: input.joining_fee,
  private: input.private,
  termAmount: input.term_amount,
  termUnit: input.term_unit,
});

export const priceLog = (
  actor: Actor,
  priceId: number,
  action: string,
  data: Record<string, unknown> = {},
) => ({
  organisationId: actor.auth.organisationId,
  actorUserId: actor.auth.user.id,
  subjectType: 'price' as const,
  subjectId: priceId,
  action,
  data,
  requestId: actor.requestId,
});

async function assertFrequencyEnabled(
  tx: Tx,
  organisationId: number,
  frequency: PriceInput['billing_frequency'],
) {
  const settings = await findCatalogueSettings(tx, organisationId);
  if (!settings) throw notFound('Organisation not found.');
  if (!isFrequencyEnabled(frequency, settings))
    throw validationError({ billing_frequency: [frequencyNotEnabled(frequency)] });
}

/** The price (404 if not the organisation's) and its offering, locked, if the caller may change them (403). */
export async function lockWritablePrice(tx: Tx, actor: Actor, priceId: number) {
  const found = await lockPrice(tx, actor.auth.organisationId, priceId, false);
  if (!found) throw notFound('Price not found.');
  // Offering first, then price: the order archiving an offering takes them in, so the two never deadlock.
  const offering = await lockWritableOffering(tx, actor, found.offeringId);
  const price = (await lockPrice(tx, actor.auth.organisationId, priceId))!;
  return { price, offering };
}

export async function createPrice(
  deps: AppDeps,
  actor: Actor,
  offeringId: number,
  input: PriceInput,
): Promise<number> {
  const { organisationId } = actor.auth;
  return deps.db.transaction(async (tx) => {
    const offering = await lockWritableOffering(tx, actor, offeringId);
    if (offering.archivedAt) throw conflict(OFFERING_ARCHIVED);
    await assertFrequencyEnabled(tx, organisationId, input.billing_frequency);
    const [priceId] = await insertPrices(
      tx,
      { organisationId, offeringId, gymId: offering.gymId, now: deps.clock.now() },
      [valuesOf(input)],
    );
    await insertActivity(
      tx,
      priceLog(actor, priceId!, 'price.created', { offering_id: offeringId, amount: input.amount }),
    );
    return priceId!;
  });
}

export async function updatePrice(
  deps: AppDeps,
  actor: Actor,
  priceId: number,
  input: PriceInput,
): Promise<void> {
  const { organisationId } = actor.auth;
  await deps.db.transaction(async (tx) => {
    const { price } = await lockWritablePrice(tx, actor, priceId);
    if (price.archivedAt) throw conflict(PRICE_ARCHIVED);
    const next = valuesOf(input);
    if (next.billingFrequency !== price.billingFrequency)
      await assertFrequencyEnabled(tx, organisationId, input.billing_frequency);
    const termsChange =
      next.amount !== price.amount ||
      next.billingFrequency !== price.billingFrequency ||
      next.termAmount !== price.termAmount ||
      next.termUnit !== price.termUnit;
    // Members on this price were told what they pay; that changes only through a scheduled price change.
    if (termsChange && (await priceInUse(tx, organisationId, priceId))) throw conflict(PRICE_TERMS_IN_USE);
    await updatePriceRow(tx, organisationId, priceId, next, deps.clock.now());
    const before = {
      amount: price.amount,
      billing_frequency: price.billingFrequency,
      joining_fee: price.joiningFee,
      private: price.private,
    };
    await insertActivity(tx, priceLog(actor, priceId, 'price.updated', { before, after: input }));
  });
}

/** Takes the price off sale; members on it keep it. Archiving an archived price changes nothing. */
export async function archivePrice(deps: AppDeps, actor: Actor, priceId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { price } = await lockWritablePrice(tx, actor, priceId);
    if (price.archivedAt) return;
    await updatePriceRow(
      tx,
      actor.auth.organisationId,
      priceId,
      { archivedAt: deps.clock.now() },
      deps.clock.now(),
    );
    await insertActivity(tx, priceLog(actor, priceId, 'price.archived'));
  });
}

/** Puts an archived price back on sale, if its offering is on sale and its frequency still offered. */
export async function restorePrice(deps: AppDeps, actor: Actor, priceId: number): Promise<void> {
  const { organisationId } = actor.auth;
  await deps.db.transaction(async (tx) => {
    const { price, offering } = await lockWritablePrice(tx, actor, priceId);
    if (!price.archivedAt) return;
    if (offering.archivedAt) throw conflict(OFFERING_OF_PRICE_ARCHIVED);
    const settings = await findCatalogueSettings(tx, organisationId);
    const frequency = price.billingFrequency as PriceInput['billing_frequency'];
    if (settings && !isFrequencyEnabled(frequency, settings))
      throw conflict(`${frequencyNotEnabled(frequency)}.`);
    await updatePriceRow(tx, organisationId, priceId, { archivedAt: null }, deps.clock.now());
    await insertActivity(tx, priceLog(actor, priceId, 'price.restored'));
  });
}

/** Deletes a price nobody ever subscribed to; otherwise 409 (archive it instead). */
export async function deletePrice(deps: AppDeps, actor: Actor, priceId: number): Promise<void> {
  const { organisationId } = actor.auth;
  await deps.db.transaction(async (tx) => {
    const { price } = await lockWritablePrice(tx, actor, priceId);
    if (await priceInUse(tx, organisationId, priceId)) throw conflict(PRICE_IN_USE);
    await deletePriceRow(tx, organisationId, priceId);
    await insertActivity(
      tx,
      priceLog(actor, priceId, 'price.deleted', { offering_id: price.offeringId, amount: price.amount }),
    );
  });
}
