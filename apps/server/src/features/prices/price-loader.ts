// Prices as answers: two queries (prices, then their links) for any number of prices.
import type { Price } from '@gym/domain/api/prices';
import type { AppDeps } from '../../app';
import type { Executor } from '../../db/client';
import { presentPrice } from './price.presenter';
import { linksOfPrices, type PriceFilter, selectPrices } from './prices.repository';

export async function loadPrices(
  deps: Pick<AppDeps, 'env'> & { db: Executor },
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
  deps: Pick<AppDeps, 'env'> & { db: Executor },
  organisationId: number,
  priceId: number,
  contextGymId: number | null,
): Promise<Price | null> {
  const [price] = await loadPrices(deps, organisationId, { ids: [priceId], contextGymId });
  return price ?? null;
}
