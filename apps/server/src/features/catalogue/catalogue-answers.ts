// Catalogue answers from rows: each runs a fixed few queries for any number of records, then the pure
// presenters. Offerings with prices: four queries (gyms, hours, prices, links); prices alone: two.
import type { Offering, OfferingSummary } from '@gym/domain/api/offerings';
import type { Price } from '@gym/domain/api/prices';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { presentOffering, presentSummary } from './offerings.presenter';
import { gymsOfOfferings, hoursOfOfferings, type OfferingRow } from './offerings.repository';
import { presentPrice } from './prices.presenter';
import { linksOfPrices, type PriceFilter, selectPrices } from './prices.repository';

type Deps = Pick<AppDeps, 'env'> & { db: Executor };

export async function loadPrices(
  deps: Deps,
  organisationId: number,
  filter: PriceFilter,
  page?: { limit: number; offset: number },
): Promise<Price[]> {
  const rows = await selectPrices(deps.db, organisationId, filter, page);
  const links = await linksOfPrices(
    deps.db,
    organisationId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentPrice(deps.env.REGISTER_URL, row, links));
}

export async function loadPrice(
  deps: Deps,
  organisationId: number,
  priceId: number,
  contextGymId: number | null,
): Promise<Price | null> {
  const [price] = await loadPrices(deps, organisationId, { ids: [priceId], contextGymId });
  return price ?? null;
}

export async function offeringSummaries(
  deps: Deps,
  organisationId: number,
  rows: readonly OfferingRow[],
): Promise<OfferingSummary[]> {
  const ids = rows.map((r) => r.id);
  const gyms = await gymsOfOfferings(deps.db, organisationId, ids);
  return rows.map((row) => presentSummary(row, gyms));
}

export async function offeringAnswers(
  deps: Deps,
  organisationId: number,
  rows: readonly OfferingRow[],
  prices: Omit<PriceFilter, 'offeringIds' | 'ids'>,
): Promise<Offering[]> {
  const ids = rows.map((r) => r.id);
  const gyms = await gymsOfOfferings(deps.db, organisationId, ids);
  const hours = await hoursOfOfferings(deps.db, organisationId, ids);
  const priceAnswers = await loadPrices(deps, organisationId, { ...prices, offeringIds: ids });
  return rows.map((row) => presentOffering(row, gyms, hours, priceAnswers));
}
