// The join site's reads and writes. Every query of a signed-in member is scoped by their organisation.
import { type JoinGym, type JoinPrice, joinLogoUrl } from '@gym/domain/api/registration';
import { formatMoney } from '@gym/domain/money';
import { formatTerm, termOf } from '@gym/domain/term';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { LeftJoined, Row } from '../../db/row-types';
import {
  type charges,
  type gyms,
  organisationMembers,
  type payments,
  type paymentTypes,
  type prices,
  subscriptions,
  users,
} from '../../db/schema/index';

type JoinGymRow = Omit<JoinGym, 'logo_url'> & { logo_version: Date | string | null };

/** When the gym's logo last changed (its address's version), null without one. */
const LOGO_VERSION = sql`case when g.logo_path is not null then coalesce(g.logo_updated_at, g.updated_at) end
  as logo_version`;

const presentJoinGym = ({ logo_version, ...gym }: JoinGymRow): JoinGym => ({
  ...gym,
  logo_url: joinLogoUrl(gym.uuid, logo_version),
});

/** Gyms a person can join, for the gym picker (names are public: they are on the door). */
export async function joinableGyms(db: Executor, filter: { uuid?: string; organisationId?: number } = {}) {
  const rows = await queryRows<JoinGymRow>(
    db,
    sql`select g.id::int, g.uuid::text, g.name, o.name as organisation_name,
          g.stripe_id is not null as takes_cards, ${LOGO_VERSION}
        from gyms g join organisations o on o.id = g.organisation_id
        where true
          ${filter.uuid ? sql`and g.uuid = ${filter.uuid}::uuid` : sql``}
          ${filter.organisationId ? sql`and g.organisation_id = ${filter.organisationId}` : sql``}
        order by o.name, g.name, g.id
        limit 500`,
  );
  return rows.map(presentJoinGym);
}

/** A price with its offering's name and description. */
type PriceRow = Pick<
  Row<typeof prices>,
  | 'id'
  | 'offering_id'
  | 'amount'
  | 'billing_frequency'
  | 'joining_fee'
  | 'term_amount'
  | 'term_unit'
  | 'private'
> & {
  offering_name: string;
  offering_description: string | null;
};

const presentPrice = (row: PriceRow): JoinPrice => ({
  id: row.id,
  offering_id: row.offering_id,
  offering_name: row.offering_name,
  offering_description: row.offering_description,
  amount: row.amount,
  formatted_amount: formatMoney(row.amount),
  billing_frequency: row.billing_frequency,
  joining_fee: row.joining_fee,
  formatted_joining_fee: formatMoney(row.joining_fee),
  formatted_term: formatTerm(termOf(row) ?? { termAmount: null, termUnit: null }),
  private: row.private,
});

/** Prices open at a gym: its offerings' (or all-gyms offerings'), not archived, public unless `priceId` names one. */
export async function pricesAtGym(
  db: Executor,
  organisationId: number,
  gymId: number,
  onlyPriceId: number | null = null,
): Promise<JoinPrice[]> {
  const rows = await queryRows<PriceRow>(
    db,
    sql`select p.id::int, o.id::int as offering_id, o.name as offering_name, o.description as offering_description,
          p.amount, p.billing_frequency, p.joining_fee, p.term_amount, p.term_unit, p.private
        from prices p
        join offerings o on o.id = p.offering_id and o.organisation_id = p.organisation_id
        where p.organisation_id = ${organisationId}
          and p.archived_at is null and o.archived_at is null
          and (p.gym_id is null or p.gym_id = ${gymId})
          and (o.all_gyms_access or o.gym_id = ${gymId}
               or exists (select 1 from offering_gyms og where og.offering_id = o.id and og.gym_id = ${gymId}))
          ${onlyPriceId === null ? sql`and not p.private` : sql`and p.id = ${onlyPriceId}`}
        order by o.name, p.amount, p.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), offering_id: Number(r.offering_id) })).map(presentPrice);
}

/** Gyms of the organisation where a price can be joined. */
export async function gymsOfPrice(db: Executor, organisationId: number, priceId: number) {
  const rows = await queryRows<JoinGymRow>(
    db,
    sql`select g.id::int, g.uuid::text, g.name, org.name as organisation_name,
          g.stripe_id is not null as takes_cards, ${LOGO_VERSION}
        from prices p
        join offerings o on o.id = p.offering_id
        join organisations org on org.id = p.organisation_id
        join gyms g on g.organisation_id = p.organisation_id
        where p.organisation_id = ${organisationId} and p.id = ${priceId}
          and (p.gym_id is null or p.gym_id = g.id)
          and (o.all_gyms_access or o.gym_id = g.id
               or exists (select 1 from offering_gyms og where og.offering_id = o.id and og.gym_id = g.id))
        order by g.name, g.id`,
  );
  return rows.map(presentJoinGym);
}

/** A gym's logo file, by the uuid its join link carries (public, like its name); undefined for none. */
export async function joinGymLogo(db: Executor, uuid: string) {
  const [row] = await queryRows<{ logo_path: string; logo_version: Date | string }>(
    db,
    sql`select g.logo_path, coalesce(g.logo_updated_at, g.updated_at) as logo_version from gyms g
        where g.uuid = ${uuid}::uuid and g.logo_path is not null`,
  );
  return row;
}

export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    db,
    sql`select exists (select 1 from users where lower(email) = ${email.trim().toLowerCase()}) as taken`,
  );
  return Boolean(row?.taken);
}

export async function organisationOfGym(db: Executor, gymId: number) {
  const [row] = await queryRows<{ organisation_id: number; minimum_age: number }>(
    db,
    sql`select g.organisation_id::int, o.minimum_age from gyms g join organisations o on o.id = g.organisation_id
        where g.id = ${gymId}`,
  );
  return row ?? null;
}

export async function minimumAge(db: Executor, organisationId: number): Promise<number> {
  const [row] = await queryRows<{ minimum_age: number }>(
    db,
    sql`select minimum_age from organisations where id = ${organisationId}`,
  );
  return row?.minimum_age ?? 16;
}

export async function liveAgeBypassLink(db: Executor, token: string) {
  const [row] = await queryRows<{ id: number; organisation_id: number }>(
    db,
    sql`select id::int, organisation_id::int from age_bypass_links where token = ${token} and revoked_at is null`,
  );
  return row ?? null;
}

export type UserFields = Partial<typeof users.$inferInsert>;
export type MemberFields = Partial<typeof organisationMembers.$inferInsert>;

export async function insertUser(tx: Executor, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

/** The member's own fields as stored, to lay a partial change over. */
export async function findUser(db: Executor, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function updateUser(tx: Executor, userId: number, values: UserFields) {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

export async function insertMember(tx: Executor, values: typeof organisationMembers.$inferInsert) {
  await tx.insert(organisationMembers).values(values);
}

/** The member's row, locked: confirms and changes of one member happen one after the other. */
export async function lockMember(tx: Executor, organisationId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.userId, userId),
        isNull(organisationMembers.deletedAt),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function updateMember(
  tx: Executor,
  organisationId: number,
  userId: number,
  values: MemberFields,
) {
  await tx
    .update(organisationMembers)
    .set(values)
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
    );
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The member's membership on the join site: the newest one not cancelled (staging while still joining). */
export async function currentSubscription(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organisationId, organisationId),
        eq(subscriptions.userId, userId),
        isNull(subscriptions.cancelledAt),
      ),
    )
    .orderBy(sql`${subscriptions.id} desc`)
    .limit(1);
  return row ?? null;
}

export async function insertSubscription(tx: Executor, values: typeof subscriptions.$inferInsert) {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(
  tx: Executor,
  organisationId: number,
  id: number,
  values: Partial<typeof subscriptions.$inferInsert>,
) {
  await tx
    .update(subscriptions)
    .set({ ...values, version: sql`${subscriptions.version} + 1` })
    .where(and(eq(subscriptions.organisationId, organisationId), eq(subscriptions.id, id)));
}

/** The subscription being joined with its gym, offering and price. */
export type SubscriptionDetail = Pick<
  Row<typeof subscriptions>,
  'id' | 'start_date' | 'anchor_day' | 'is_staging' | 'current_period_start' | 'payment_type_id'
> &
  Pick<Row<typeof prices>, 'amount' | 'billing_frequency' | 'joining_fee' | 'term_amount' | 'term_unit'> &
  Pick<
    Row<typeof gyms>,
    | 'branch_app_id'
    | 'branch_key'
    | 'card_surcharge_basis_points'
    | 'general_card_surcharge_text'
    | 'break_fee_basis_points'
  > & {
    gym_id: number;
    gym_name: string;
    gym_uuid: string;
    /** The gym has a Stripe account. */
    takes_cards: boolean;
    /** When the gym's logo last changed (its address's version), null without one. */
    logo_version: Date | string | null;
    offering_id: number;
    offering_name: string;
    price_id: number;
  };

export async function subscriptionDetail(db: Executor, organisationId: number, id: number) {
  const [row] = await queryRows<SubscriptionDetail>(
    db,
    sql`select s.id::int, g.id::int as gym_id, g.name as gym_name, g.uuid::text as gym_uuid, g.stripe_id is not null as takes_cards, ${LOGO_VERSION}, g.branch_app_id,
          g.branch_key, o.id::int as offering_id, o.name as offering_name, p.id::int as price_id, p.amount,
          p.billing_frequency, p.joining_fee, p.term_amount, p.term_unit, g.card_surcharge_basis_points,
          g.general_card_surcharge_text, g.break_fee_basis_points, s.start_date::text, s.anchor_day,
          s.is_staging, s.current_period_start::text, s.payment_type_id::int
        from subscriptions s
        join gyms g on g.id = s.gym_id
        join prices p on p.id = s.price_id
        join offerings o on o.id = p.offering_id
        where s.organisation_id = ${organisationId} and s.id = ${id}`,
  );
  return row ?? null;
}

/** The first charge of a subscription with its latest attempt, if it was charged. */
export async function firstChargeOf(db: Executor, organisationId: number, subscriptionId: number) {
  const [row] = await queryRows<
    Pick<
      Row<typeof charges>,
      'id' | 'status' | 'amount' | 'surcharge' | 'period_start' | 'period_end' | 'is_pro_rata'
    > &
      LeftJoined<Pick<Row<typeof payments>, 'error_status' | 'error_description'>> & {
        /** The latest attempt's status (left joined). */
        attempt_status: string | null;
        /** From the attempt's meta (jsonb), cast to int. */
        joining_fee: number | null;
      }
  >(
    db,
    sql`select c.id::int, c.status, c.amount, c.surcharge, c.period_start::text, c.period_end::text,
          c.is_pro_rata,
          a.status as attempt_status, a.error_status, a.error_description,
          (a.meta->>'joining_fee')::int as joining_fee
        from charges c
        left join lateral (select p.status, p.error_status, p.error_description, p.meta from payments p
          where p.charge_id = c.id order by p.attempt desc limit 1) a on true
        where c.organisation_id = ${organisationId} and c.subscription_id = ${subscriptionId} and c.kind = 'period'
        order by c.period_start limit 1`,
  );
  return row ?? null;
}

/** A member's payment method with its bank account's or card's face. */
export type PaymentMethodRow = Pick<Row<typeof paymentTypes>, 'id' | 'gym_id'> & {
  /** The schema's text, narrowed by its check constraint (payment_types_type). */
  type: 'bank_account' | 'stripe_card';
  /** From the bank account or the card (left joins): null for the other kind. */
  bank_name: string | null;
  account_number: string | null;
  brand: string | null;
  last_four: string | null;
};

export function paymentMethods(db: Executor, organisationId: number, userId: number) {
  return queryRows<PaymentMethodRow>(
    db,
    sql`select pt.id::int, pt.type, pt.gym_id::int, ba.name as bank_name, ba.account_number, c.brand, c.last_four
        from payment_types pt
        left join bank_accounts ba on ba.payment_type_id = pt.id
        left join cards c on c.payment_type_id = pt.id
        where pt.organisation_id = ${organisationId} and pt.user_id = ${userId} and pt.deleted_at is null
        order by pt.id`,
  );
}

/** The gym a member joins, with what its card and bank providers need; undefined for none here. */
export async function joinGymOf(db: Executor, organisationId: number, gymId: number) {
  const [gym] = await queryRows<
    Pick<Row<typeof gyms>, 'id' | 'name' | 'stripe_id' | 'akahu_app_token' | 'akahu_app_secret'>
  >(
    db,
    sql`select id::int, name, stripe_id, akahu_app_token, akahu_app_secret from gyms
        where organisation_id = ${organisationId} and id = ${gymId}`,
  );
  return gym;
}

/** The member's live way to pay from this Akahu account, if they connected it before. */
export async function bankPaymentTypeOf(
  db: Executor,
  organisationId: number,
  userId: number,
  akahuAccountId: string,
) {
  const [existing] = await queryRows<{ id: number }>(
    db,
    sql`select pt.id::int from payment_types pt join bank_accounts ba on ba.payment_type_id = pt.id
        where pt.organisation_id = ${organisationId} and pt.user_id = ${userId}
          and pt.deleted_at is null and ba.akahu_account_id = ${akahuAccountId} limit 1`,
  );
  return existing;
}

/** The Stripe customer the member's newest card at this gym belongs to, if any. */
export async function stripeCustomerOf(db: Executor, organisationId: number, userId: number, gymId: number) {
  const [known] = await queryRows<{ stripe_customer_id: string }>(
    db,
    sql`select c.stripe_customer_id from cards c join payment_types pt on pt.id = c.payment_type_id
        where pt.organisation_id = ${organisationId} and pt.user_id = ${userId} and pt.gym_id = ${gymId}
        order by pt.id desc limit 1`,
  );
  return known;
}

/** The member's way to pay holding this Stripe payment method, if it was saved before. */
export async function cardPaymentTypeOf(
  db: Executor,
  organisationId: number,
  userId: number,
  paymentMethodId: string | null,
) {
  const [existing] = await queryRows<{ id: number }>(
    db,
    sql`select pt.id::int from payment_types pt join cards c on c.payment_type_id = pt.id
        where pt.organisation_id = ${organisationId} and pt.user_id = ${userId}
          and c.stripe_payment_method_id = ${paymentMethodId} limit 1`,
  );
  return existing;
}

/** A user's photo path, for the person themself or staff of an organisation they belong to. */
export async function profilePictureVisibleTo(
  db: Executor,
  userId: number,
  viewer: { userId: number; isStaffHere: boolean; organisationId: number },
) {
  const [row] = await queryRows<{ path: string | null }>(
    db,
    sql`select u.profile_picture_path as path from users u
        where u.id = ${userId} and u.deleted_at is null
          and (u.id = ${viewer.userId}
               or (${viewer.isStaffHere} and exists (select 1 from organisation_members m
                     where m.user_id = u.id and m.organisation_id = ${viewer.organisationId})))`,
  );
  return row;
}

/** What the age gate needs at the confirm: whether the member may join under age, and the minimum. */
export async function ageGateOf(
  db: Executor,
  organisationId: number,
  userId: number,
  privatePriceLinkId: number | null,
) {
  const [bypass] = await queryRows<{ bypass: boolean; minimum_age: number }>(
    db,
    sql`select (m.age_bypass_link_id is not null or coalesce(l.age_bypass, false)) as bypass, o.minimum_age
        from organisation_members m join organisations o on o.id = m.organisation_id
        left join private_price_links l on l.id = ${privatePriceLinkId}
        where m.organisation_id = ${organisationId} and m.user_id = ${userId}`,
  );
  return bypass;
}

/** Locks the subscription until the transaction ends, answering whether it is still being joined. */
export async function lockSubscriptionStaging(db: Executor, organisationId: number, subscriptionId: number) {
  const [live] = await queryRows<{ is_staging: boolean }>(
    db,
    sql`select is_staging from subscriptions
        where organisation_id = ${organisationId} and id = ${subscriptionId} for update`,
  );
  return live;
}
