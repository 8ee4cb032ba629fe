// The database both engine benches build (bench/billing-run.ts, bench/clock-travel.ts): a fresh database
// of the bench's own on the PostgreSQL server, migrated, with one organisation whose first gym has a
// destination account and one all-gyms offering, and N members of that gym paying by bank account, each
// with a user, a bank payment type, an Akahu consent (its token sealed) and a membership.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Database, migrate, openDatabase, type secretBox } from '../apps/server/src/public';
import {
  createDestinationAccount,
  createOffering,
  createPrice,
  createTenant,
} from '../apps/server/src/public-testing';
import { recreateDatabase } from './bench-database';

type Frequency = 'weekly' | 'fortnightly' | 'monthly';

/** Drops and makes the database at `url`, migrated, with the gym and its prices (one per entry). */
export async function benchGymDatabase(
  url: string,
  input: {
    name: string;
    poolSize: number;
    prices: { amount: number; billingFrequency: Frequency }[];
    onStatement?: ((statement: string, params: unknown[]) => void) | undefined;
  },
) {
  await recreateDatabase(url);
  const database: Database = await openDatabase({
    kind: 'postgres',
    url,
    poolSize: input.poolSize,
    ...(input.onStatement ? { onStatement: input.onStatement } : {}),
  });
  await migrate(database);
  const db = database.db;
  const tenant = await createTenant(db, input.name);
  await createDestinationAccount(db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
  const offering = await createOffering(db, { organisationId: tenant.organisation.id, allGymsAccess: true });
  const priceIds: number[] = [];
  for (const price of input.prices) {
    const row = await createPrice(db, {
      organisationId: tenant.organisation.id,
      offeringId: offering.id,
      ...price,
    });
    priceIds.push(row.id);
  }
  return { database, organisationId: tenant.organisation.id, gymId: tenant.gymA.id, priceIds };
}

/** What each bank member of `insertBankMembers` is: named by its number i (0 to count − 1). */
export interface BankMembers {
  organisationId: number;
  gymId: number;
  count: number;
  /** Member i is `<label> Member i`, `<tag>-bench-i@bench.test`, paying from Akahu account `acc_<tag>_i`. */
  label: string;
  tag: string;
  /** Member i's Akahu token, sealed by the server's secret box. */
  token: (i: number) => string;
  secrets: ReturnType<typeof secretBox>;
  /** Member i pays `priceIds[i % length]`. */
  priceIds: number[];
  /** Member i starts on `startDate` + (i % spreadDays) days (1: all the same day), anchored on that day. */
  startDate: CalendarDate;
  spreadDays?: number;
  /** Memberships made `upcoming` (the engine starts them on their start date). */
  upcoming?: boolean;
}

/** Inserts the members 5,000 at a time, a statement per batch; answers nothing (the numbers name them). */
export async function insertBankMembers(db: Database['db'], m: BankMembers): Promise<void> {
  const spread = m.spreadDays ?? 1;
  for (let from = 0; from < m.count; from += 5_000) {
    const n = Math.min(5_000, m.count - from);
    const ids = Array.from({ length: n }, (_, i) => from + i);
    const sealed = ids.map((i) => m.secrets.seal(m.token(i)));
    await db.execute(sql`
      with people as (
        insert into users (name, email, email_verified_at)
        select ${`${m.label} Member `} || i, ${`${m.tag}-bench-`} || i || '@bench.test', now()
        from unnest(${`{${ids.join(',')}}`}::int[]) as i
        returning id, email),
      numbered as (select id, split_part(split_part(email, '@', 1), '-', 3)::int as i from people),
      types as (
        insert into payment_types (organisation_id, user_id, type)
        select ${m.organisationId}, id, 'bank_account' from numbered returning id, user_id),
      banks as (
        insert into bank_accounts (payment_type_id, organisation_id, akahu_account_id, account_number, name)
        select t.id, ${m.organisationId}, ${`acc_${m.tag}_`} || n.i, '12-3140-0123456-00', 'Everyday'
        from types t join numbered n on n.id = t.user_id returning payment_type_id),
      consents as (
        insert into akahu_connections (organisation_id, user_id, access_token)
        select ${m.organisationId}, n.id,
          (${`{${sealed.map((s) => `"${s}"`).join(',')}}`}::text[])[n.i - ${from} + 1]
        from numbered n returning id),
      joined as (
        select t.id as payment_type_id, t.user_id, n.i, ${m.startDate}::date + (n.i % ${spread}) as start_date
        from types t join numbered n on n.id = t.user_id)
      insert into subscriptions (organisation_id, gym_id, user_id, price_id, payment_type_id, start_date,
        anchor_day, upcoming_state, initial_state)
      select ${m.organisationId}, ${m.gymId}, j.user_id,
        (${`{${m.priceIds.join(',')}}`}::bigint[])[1 + j.i % ${m.priceIds.length}],
        j.payment_type_id, j.start_date, extract(day from j.start_date)::int,
        ${m.upcoming ? 'upcoming' : null}, ${m.upcoming ? 'upcoming' : null}
      from joined j`);
  }
}
