// Prices: reading for any staff member of the organisation (another organisation's records are 404), and
// creating, changing, archiving, restoring and deleting them and their private links. Who may change a
// price: whoever may change its offering. Each function returns the finished answer of its route.

import { randomBytes } from 'node:crypto';
import type { Price, PriceLink } from '@gym/domain/api/prices';
import type { ActivityAction } from '@gym/domain/labels';
import { type PriceInput, type PriceUpdate, priceInputSchema } from '@gym/domain/price-schema';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { appendActivity } from '../../db/activity';
import type { Executor, Tx } from '../../db/client';
import { conflict, notFound, validationError } from '../../http/app-error';
import { offsetOf, type PageQuery, page } from '../../http/envelope';
import { mergedUpdate } from '../../http/merged-update';
import { findGym } from '../gyms';
import { findCatalogueSettings } from './catalogue.repository';
import { loadPrice, loadPrices } from './catalogue-answers';
import { frequencyNotEnabled, isFrequencyEnabled } from './catalogue-rules';
import { lockWritableOffering, OFFERING_ARCHIVED } from './offering-access';
import { findOffering } from './offerings.repository';
import { presentLink } from './prices.presenter';
import {
  countPrices,
  deletePrice as deletePriceRow,
  insertPriceLink,
  insertPrices,
  lockPrice,
  type PriceFilter,
  type PriceValues,
  priceInUse,
  updatePrice as updatePriceRow,
} from './prices.repository';

export const PRICE_ARCHIVED = 'This price is archived. Restore it to change it.';
const PRICE_IN_USE = 'This price has subscriptions, so it cannot be deleted. Archive it instead.';
const PRICE_TERMS_IN_USE =
  'This price has subscriptions, so its amount, billing frequency and term cannot change. Create a new price and move members to it with a price change.';
const OFFERING_OF_PRICE_ARCHIVED = 'The offering of this price is archived, so the price cannot be restored.';

// Reading

/** One price; `db` may be the transaction that just changed it. */
async function priceDetailIn(
  deps: AppDeps,
  db: Executor,
  auth: AuthContext,
  priceId: number,
): Promise<Price> {
  const price = await loadPrice({ env: deps.env, db }, auth.organisationId, priceId, auth.gym?.id ?? null);
  if (!price) throw notFound('Price not found.');
  return price;
}

export async function offeringPrices(
  deps: AppDeps,
  auth: AuthContext,
  offeringId: number,
  archived: boolean | undefined,
) {
  if (!(await findOffering(deps.db, auth.organisationId, offeringId))) throw notFound('Offering not found.');
  return loadPrices(deps, auth.organisationId, {
    offeringIds: [offeringId],
    archived,
    contextGymId: auth.gym?.id ?? null,
  });
}

/** The current organisation's prices, a page at a time; any other organisation id is 404. */
export async function organisationPrices(
  deps: AppDeps,
  auth: AuthContext,
  organisationId: number,
  query: PageQuery,
  filter: { archived: boolean; offeringId?: number | undefined; gymId?: number | undefined },
) {
  if (organisationId !== auth.organisationId) throw notFound('Organisation not found.');
  // Another organisation's gym answers 404 rather than an empty list.
  if (filter.gymId !== undefined && !(await findGym(deps.db, auth.organisationId, filter.gymId)))
    throw notFound('Gym not found.');
  const priceFilter: PriceFilter = {
    archived: filter.archived,
    ...(filter.offeringId !== undefined ? { offeringIds: [filter.offeringId] } : {}),
    availableAtGymId: filter.gymId,
    contextGymId: filter.gymId ?? auth.gym?.id ?? null,
  };
  const data = await loadPrices(deps, organisationId, priceFilter, {
    limit: query.per_page,
    offset: offsetOf(query),
  });
  return page(data, await countPrices(deps.db, organisationId, priceFilter), query);
}

// Writing

const valuesOf = (input: PriceInput): PriceValues => ({
  amount: input.amount,
  billingFrequency: input.billing_frequency,
  joiningFee: input.joining_fee ?? 0,
  private: input.private,
  termAmount: input.term_amount ?? null,
  termUnit: input.term_unit ?? null,
});

const priceLog = (
  actor: Actor,
  priceId: number,
  action: ActivityAction,
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
async function lockWritablePrice(tx: Tx, actor: Actor, priceId: number) {
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
): Promise<Price> {
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
    await appendActivity(
      tx,
      priceLog(actor, priceId!, 'price.created', { offering_id: offeringId, amount: input.amount }),
    );
    return priceDetailIn(deps, tx, actor.auth, priceId!);
  });
}

export async function updatePrice(
  deps: AppDeps,
  actor: Actor,
  priceId: number,
  given: PriceUpdate,
): Promise<Price> {
  const { organisationId } = actor.auth;
  return deps.db.transaction(async (tx) => {
    const { price } = await lockWritablePrice(tx, actor, priceId);
    if (price.archivedAt) throw conflict(PRICE_ARCHIVED);
    // Fields not sent keep their stored values; the price after the change passes the whole rule set.
    const input = mergedUpdate(
      priceInputSchema,
      {
        amount: price.amount,
        billing_frequency: price.billingFrequency,
        private: price.private,
        joining_fee: price.joiningFee,
        term_amount: price.termAmount,
        term_unit: price.termUnit as PriceInput['term_unit'],
      },
      given,
    );
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
    await appendActivity(tx, priceLog(actor, priceId, 'price.updated', { before, after: input }));
    return priceDetailIn(deps, tx, actor.auth, priceId);
  });
}

/** Takes the price off sale; members on it keep it. Archiving an archived price changes nothing. */
export async function archivePrice(deps: AppDeps, actor: Actor, priceId: number): Promise<Price> {
  return deps.db.transaction(async (tx) => {
    const { price } = await lockWritablePrice(tx, actor, priceId);
    if (!price.archivedAt) {
      const now = deps.clock.now();
      await updatePriceRow(tx, actor.auth.organisationId, priceId, { archivedAt: now }, now);
      await appendActivity(tx, priceLog(actor, priceId, 'price.archived'));
    }
    return priceDetailIn(deps, tx, actor.auth, priceId);
  });
}

/** Puts an archived price back on sale, if its offering is on sale and its frequency still offered. */
export async function restorePrice(deps: AppDeps, actor: Actor, priceId: number): Promise<Price> {
  const { organisationId } = actor.auth;
  return deps.db.transaction(async (tx) => {
    const { price, offering } = await lockWritablePrice(tx, actor, priceId);
    if (!price.archivedAt) return priceDetailIn(deps, tx, actor.auth, priceId);
    if (offering.archivedAt) throw conflict(OFFERING_OF_PRICE_ARCHIVED);
    const settings = await findCatalogueSettings(tx, organisationId);
    const frequency = price.billingFrequency as PriceInput['billing_frequency'];
    if (settings && !isFrequencyEnabled(frequency, settings))
      throw conflict(`${frequencyNotEnabled(frequency)}.`);
    await updatePriceRow(tx, organisationId, priceId, { archivedAt: null }, deps.clock.now());
    await appendActivity(tx, priceLog(actor, priceId, 'price.restored'));
    return priceDetailIn(deps, tx, actor.auth, priceId);
  });
}

/** Deletes a price nobody ever subscribed to; otherwise 409 (archive it instead). */
export async function deletePrice(deps: AppDeps, actor: Actor, priceId: number): Promise<void> {
  const { organisationId } = actor.auth;
  await deps.db.transaction(async (tx) => {
    const { price } = await lockWritablePrice(tx, actor, priceId);
    if (await priceInUse(tx, organisationId, priceId)) throw conflict(PRICE_IN_USE);
    await deletePriceRow(tx, organisationId, priceId);
    await appendActivity(
      tx,
      priceLog(actor, priceId, 'price.deleted', { offering_id: price.offeringId, amount: price.amount }),
    );
  });
}

// Private links: an unguessable token that opens one price on the join site; an age_bypass link also lets a
// person under the organisation's minimum age join through it.

/** 32 random bytes, base64url (43 characters): far beyond guessing, safe in a URL. */
const LINK_TOKEN_BYTES = 32;
const newLinkToken = () => randomBytes(LINK_TOKEN_BYTES).toString('base64url');

export async function createPrivateLink(
  deps: AppDeps,
  actor: Actor,
  priceId: number,
  ageBypass: boolean,
): Promise<PriceLink> {
  return deps.db.transaction(async (tx) => {
    const { price } = await lockWritablePrice(tx, actor, priceId);
    if (price.archivedAt) throw conflict(PRICE_ARCHIVED);
    const now = deps.clock.now();
    const token = newLinkToken();
    const id = await insertPriceLink(tx, {
      organisationId: actor.auth.organisationId,
      priceId,
      token,
      ageBypass,
      createdBy: actor.auth.user.id,
      now,
    });
    // The token is the secret: the log names the link, never its token.
    await appendActivity(
      tx,
      priceLog(actor, priceId, 'price.private_link_created', { link_id: id, age_bypass: ageBypass }),
    );
    return presentLink(deps.env.REGISTER_URL, {
      id,
      price_id: priceId,
      token,
      age_bypass: ageBypass,
      created_at: now,
    });
  });
}
