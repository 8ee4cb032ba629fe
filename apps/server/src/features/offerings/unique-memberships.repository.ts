// The distinct memberships members hold at one gym on one offering (price and what they pay), with counts:
// the choices of the bulk price-change screen.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface UniqueMembershipRow {
  price_id: number;
  amount: number;
  price_amount: number;
  billing_frequency: string;
  term_amount: number | null;
  term_unit: string | null;
  price_archived: boolean;
  members_count: number;
  subscriptions_count: number;
}

/** Subscriptions not cancelled, grouped by price and the amount actually charged (a staff override wins). */
export async function uniqueMemberships(
  db: Executor,
  organisationId: number,
  gymId: number,
  offeringId: number,
) {
  return queryRows<UniqueMembershipRow>(
    db,
    sql`
    select s.price_id::int as price_id, coalesce(s.force_price_amount, p.amount) as amount, p.amount as price_amount,
           p.billing_frequency, p.term_amount, p.term_unit, (p.archived_at is not null) as price_archived,
           count(distinct s.user_id)::int as members_count, count(*)::int as subscriptions_count
    from subscriptions s
    join prices p on p.id = s.price_id and p.organisation_id = s.organisation_id
    where s.organisation_id = ${organisationId} and s.gym_id = ${gymId} and p.offering_id = ${offeringId}
      and s.cancelled_at is null
    group by s.price_id, coalesce(s.force_price_amount, p.amount), p.amount, p.billing_frequency, p.term_amount,
             p.term_unit, p.archived_at
    order by amount, price_id`,
  );
}
