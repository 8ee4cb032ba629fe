// Offering rows → the Offering of specification section 3 (summary for lists; with prices and hours in full;
// its schema: @gym/domain/api/offerings).
import { dayLabel, type OfferingType, offeringTypeLabel } from '@gym/domain';
import type { Offering, OfferingSummary } from '@gym/domain/api/offerings';
import type { AppDeps } from '../../app';
import type { Executor } from '../../db/client';
import { iso } from '../prices/price.presenter';
import { loadPrices } from '../prices/price-loader';
import type { PriceFilter } from '../prices/prices.repository';
import { gymsOfOfferings, hoursOfOfferings, type OfferingRow } from './offerings.repository';

type Deps = Pick<AppDeps, 'env'> & { db: Executor };

export async function presentSummaries(
  deps: Deps,
  organisationId: number,
  rows: readonly OfferingRow[],
): Promise<OfferingSummary[]> {
  const gyms = await gymsOfOfferings(
    deps.db,
    organisationId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as OfferingType,
    type_label: offeringTypeLabel(row.type),
    all_gyms_access: row.all_gyms_access,
    mandated: row.mandated,
    hours_mandated: row.hours_mandated,
    prices_mandated: row.prices_mandated,
    gym: row.gym_id !== null && row.gym_name !== null ? { id: row.gym_id, name: row.gym_name } : null,
    gyms: gyms.filter((g) => g.offering_id === row.id).map((g) => ({ id: g.id, name: g.name })),
    prices_count: row.prices_count,
    archived_at: iso(row.archived_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  }));
}

/** Offerings with their hours and prices: a fixed four queries for any number of offerings. */
export async function presentOfferings(
  deps: Deps,
  organisationId: number,
  rows: readonly OfferingRow[],
  prices: Omit<PriceFilter, 'offeringIds' | 'ids'>,
): Promise<Offering[]> {
  const ids = rows.map((r) => r.id);
  const summaries = await presentSummaries(deps, organisationId, rows);
  const hours = await hoursOfOfferings(deps.db, organisationId, ids);
  const priceAnswers = await loadPrices(deps, organisationId, { ...prices, offeringIds: ids });
  return summaries.map((summary) => ({
    ...summary,
    prices: priceAnswers.filter((p) => p.offering_id === summary.id),
    hours: hours
      .filter((h) => h.offering_id === summary.id)
      .map((h) => ({
        id: h.id,
        day: h.day,
        day_label: dayLabel(h.day),
        open_at: h.open_at,
        close_at: h.close_at,
      })),
  }));
}
