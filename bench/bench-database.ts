// The bench database: recreated from scratch, the organisation's catalogue and admin, and the bulk-load
// helpers (indexes rebuilt after the load; references checked in bulk).
import pg from 'pg';
import { emailPart, hashPassword, nzBankAccount, Random } from '../apps/server/src/public';
import { BENCH_ADMIN, BENCH_GYM_ADMIN, BENCH_ORGANISATION } from './bench-config';

const GYMS = [
  ['Bench Fitness Britomart', 250],
  ['Bench Fitness Newmarket', 250],
  ['Bench Fitness Lambton Quay', 250],
  ['Bench Fitness Riccarton', 200],
  ['Bench Fitness Hamilton East', 200],
] as const;
const PRICES = [
  ['weekly', 2199],
  ['fortnightly', 4398],
  ['monthly', 9500],
] as const;

export async function recreateDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  let admin: pg.Client | undefined;
  for (const maintenance of ['test', 'postgres']) {
    target.pathname = `/${maintenance}`;
    const client = new pg.Client({ connectionString: target.toString() });
    try {
      await client.connect();
      admin = client;
      break;
    } catch {
      await client.end().catch(() => {});
    }
  }
  if (!admin) throw new Error(`Cannot reach a maintenance database (test or postgres) beside ${name}`);
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** Drops the secondary indexes of `tables`; returns the statements that recreate them. */
export async function dropIndexes(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = any($1) and indexname not in (select conname from pg_constraint)`,
    [tables],
  );
  for (const { name } of rows) await client.query(`drop index "${name}"`);
  return rows.map((r) => r.definition);
}

/** What the skipped foreign-key triggers would have checked, as anti-joins over whole tables. */
export async function checkReferences(client: pg.Client) {
  const { rows } = await client.query(`select
    (select count(*) from charges c where not exists (select 1 from subscriptions s where s.id = c.subscription_id))
    + (select count(*) from payments p where not exists (select 1 from charges c where c.id = p.charge_id))
    + (select count(*) from payments p where not exists (select 1 from users u where u.id = p.user_id))
    + (select count(*) from payments p where not exists (select 1 from destination_accounts d where d.id = p.destination_account_id))
    + (select count(*) from visits v where not exists (select 1 from users u where u.id = v.user_id))
    + (select count(*) from subscriptions s where not exists (select 1 from payment_types t where t.id = s.payment_type_id))
    + (select count(*) from organisation_members o where not exists (select 1 from users u where u.id = o.user_id)) as orphans`);
  if (Number(rows[0].orphans) !== 0) throw new Error(`${rows[0].orphans} rows reference nothing`);
}

/** The organisation, its gyms with their bank accounts, one offering with a price per frequency, and its admin. */
export async function catalogue(client: pg.Client) {
  const random = new Random(4242);
  const one = async (sql: string, params: unknown[]) => Number((await client.query(sql, params)).rows[0].id);
  const org = await one(
    `insert into organisations (name, multi_gym, quarterly, yearly) values ($1, true, true, true) returning id`,
    [BENCH_ORGANISATION],
  );
  const gyms: number[] = [];
  for (const [name, surcharge] of GYMS) {
    const slug = emailPart(name);
    const gym = await one(
      `insert into gyms (organisation_id, name, card_surcharge_basis_points, break_fee_basis_points, stripe_id,
         price_change_notification_reply_to) values ($1, $2, $3, 2500, $4, $5) returning id`,
      [org, name, surcharge, `acct_bench_${slug}`, `${slug}@bench.example.co.nz`],
    );
    await client.query(
      `insert into destination_accounts (organisation_id, gym_id, name, bank_account_number) values ($1, $2, $3, $4)`,
      [org, gym, `${name} operating account`, nzBankAccount(random).number],
    );
    gyms.push(gym);
  }
  const offering = await one(
    `insert into offerings (organisation_id, name, description, type, all_gyms_access) values ($1, 'All Clubs 24/7', 'Every club, any hour.', '24_7', true) returning id`,
    [org],
  );
  for (const [frequency, amount] of PRICES) {
    await client.query(
      `insert into prices (organisation_id, offering_id, amount, billing_frequency) values ($1, $2, $3, $4)`,
      [org, offering, amount, frequency],
    );
  }
  const admin = await one(
    `insert into users (name, email, password_hash, is_staff, email_verified_at) values ($1, $2, $3, true, now()) returning id`,
    [BENCH_ADMIN.name, BENCH_ADMIN.email, await hashPassword(BENCH_ADMIN.password)],
  );
  await client.query(
    `insert into organisation_staff (organisation_id, user_id, role, access_enabled, accepted_at) values ($1, $2, 'admin', true, now())`,
    [org, admin],
  );
  const gymAdmin = await one(
    `insert into users (name, email, password_hash, is_staff, email_verified_at) values ($1, $2, $3, true, now()) returning id`,
    [BENCH_GYM_ADMIN.name, BENCH_GYM_ADMIN.email, await hashPassword(BENCH_GYM_ADMIN.password)],
  );
  await client.query(
    `insert into organisation_staff (organisation_id, user_id, role, access_enabled, accepted_at) values ($1, $2, null, true, now())`,
    [org, gymAdmin],
  );
  await client.query(
    `insert into gym_staff (organisation_id, gym_id, user_id, role) values ($1, $2, $3, 'admin')`,
    [org, gyms[0], gymAdmin],
  );
  return { org, gyms };
}
