// Price changes: the new price checked against the subscription's gym, the changes waiting, the
// member's history, and the subscription's transition columns the billing engine reads.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { priceChanges as priceChangesTable, prices } from '../../db/schema/index';

/** A price with its offering's name, and whether it is archived and offered at the gym (computed). */
export type TargetPrice = Pick<Row<typeof prices>, 'id' | 'amount' | 'billing_frequency'> & {
  offering_name: string;
  archived: boolean;
  at_gym: boolean;
};

/** A price of the organisation, whether it is live and offered at the gym. */
export async function findPriceForGym(db: Executor, organisationId: number, priceId: number, gymId: number) {
  const [row] = await queryRows<TargetPrice>(
    db,
    sql`select p.id::int, p.amount, p.billing_frequency, o.name as offering_name,
          (p.archived_at is not null or o.archived_at is not null) as archived,
          ((p.gym_id is null or p.gym_id = ${gymId})
            and (o.all_gyms_access or o.gym_id = ${gymId}
                 or exists (select 1 from offering_gyms og where og.offering_id = o.id and og.gym_id = ${gymId})))
            as at_gym
        from prices p join offerings o on o.id = p.offering_id
        where p.id = ${priceId} and p.organisation_id = ${organisationId}`,
  );
  return row ? { ...row, amount: Number(row.amount) } : null;
}

export async function waitingChanges(tx: Executor, organisationId: number, subscriptionId: number) {
  return queryRows<{ id: number; to_price_id: number; takes_effect_at: CalendarDate }>(
    tx,
    sql`select id::int, to_price_id::int, takes_effect_at::text from price_changes
        where organisation_id = ${organisationId} and subscription_id = ${subscriptionId}
          and applied_at is null and cancelled_at is null
        order by id`,
  );
}

export async function cancelWaitingChanges(
  tx: Executor,
  organisationId: number,
  subscriptionId: number,
  now: Date,
) {
  await tx.execute(
    sql`update price_changes set cancelled_at = ${now.toISOString()}
        where organisation_id = ${organisationId} and subscription_id = ${subscriptionId}
          and applied_at is null and cancelled_at is null`,
  );
}

export async function insertPriceChange(
  tx: Executor,
  c: {
    organisationId: number;
    subscriptionId: number;
    userId: number;
    fromPriceId: number;
    toPriceId: number;
    fromAmount: number;
    toAmount: number;
    takesEffectAt: CalendarDate;
    createdBy: number;
    now: Date;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into price_changes (organisation_id, subscription_id, user_id, from_price_id, to_price_id,
          from_amount, to_amount, takes_effect_at, created_by, created_at)
        values (${c.organisationId}, ${c.subscriptionId}, ${c.userId}, ${c.fromPriceId}, ${c.toPriceId},
          ${c.fromAmount}, ${c.toAmount}, ${c.takesEffectAt}, ${c.createdBy}, ${c.now.toISOString()})
        returning id::int`,
  );
  return Number(row!.id);
}

/** A price change with the name of the offering it moves to and who made it. */
export type PriceChangeRow = Pick<
  Row<typeof priceChangesTable>,
  | 'id'
  | 'subscription_id'
  | 'from_price_id'
  | 'to_price_id'
  | 'from_amount'
  | 'to_amount'
  | 'takes_effect_at'
  | 'notified_at'
  | 'applied_at'
  | 'cancelled_at'
  | 'created_at'
> & {
  to_price_name: string;
  created_by_id: number | null;
  created_by_name: string | null;
};

/** One change by id, or a page of a member's history (newest first), with who made each. */
export function priceChanges(
  db: Executor,
  organisationId: number,
  filter: { id: number } | { userId: number; limit: number; offset: number },
) {
  const where = 'id' in filter ? sql`pc.id = ${filter.id}` : sql`pc.user_id = ${filter.userId}`;
  const page = 'id' in filter ? sql`` : sql`limit ${filter.limit} offset ${filter.offset}`;
  return queryRows<PriceChangeRow>(
    db,
    sql`select pc.id::int, pc.subscription_id::int, pc.from_price_id::int, pc.to_price_id::int,
          o.name as to_price_name, pc.from_amount, pc.to_amount, pc.takes_effect_at::text, pc.notified_at,
          pc.applied_at, pc.cancelled_at, pc.created_at, cb.id::int as created_by_id, cb.name as created_by_name
        from price_changes pc
        join prices p on p.id = pc.to_price_id
        join offerings o on o.id = p.offering_id
        left join users cb on cb.id = pc.created_by
        where pc.organisation_id = ${organisationId} and ${where}
        order by pc.created_at desc, pc.id desc ${page}`,
  );
}

export async function countPriceChanges(db: Executor, organisationId: number, userId: number) {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from price_changes
        where organisation_id = ${organisationId} and user_id = ${userId}`,
  );
  return Number(row?.total ?? 0);
}

/** The gyms a person holds memberships at in the organisation; null if they are not its member. */
export async function gymsOfMember(db: Executor, organisationId: number, userId: number) {
  const rows = await queryRows<{ member: boolean; gym_id: number | null }>(
    db,
    sql`select true as member, s.gym_id::int from organisation_members m
        left join subscriptions s on s.user_id = m.user_id and s.organisation_id = m.organisation_id
        where m.organisation_id = ${organisationId} and m.user_id = ${userId}`,
  );
  if (rows.length === 0) return null;
  return rows.flatMap((r) => (r.gym_id === null ? [] : [Number(r.gym_id)]));
}
