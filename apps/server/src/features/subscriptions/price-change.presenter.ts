// A price change as the history and the schedule call answer it.
import type { PriceChange } from '@gym/domain/api/subscriptions';
import { formatMoney } from '@gym/domain/money';
import { isoOrNull } from '../../http/instants';
import type { PriceChangeRow } from './price-change.repository';

export function presentPriceChange(row: PriceChangeRow): PriceChange {
  return {
    id: row.id,
    subscription_id: row.subscription_id,
    from_price_id: row.from_price_id,
    to_price_id: row.to_price_id,
    to_price_name: row.to_price_name,
    from_amount: Number(row.from_amount),
    formatted_from_amount: formatMoney(Number(row.from_amount)),
    to_amount: Number(row.to_amount),
    formatted_to_amount: formatMoney(Number(row.to_amount)),
    takes_effect_at: row.takes_effect_at,
    status: row.applied_at !== null ? 'applied' : row.cancelled_at !== null ? 'cancelled' : 'scheduled',
    notified_at: isoOrNull(row.notified_at),
    applied_at: isoOrNull(row.applied_at),
    cancelled_at: isoOrNull(row.cancelled_at),
    created_at: isoOrNull(row.created_at)!,
    created_by:
      row.created_by_id === null ? null : { id: row.created_by_id, name: row.created_by_name ?? '' },
  };
}
