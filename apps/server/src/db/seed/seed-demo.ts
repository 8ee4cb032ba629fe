// The demo data a fresh install starts with: two New Zealand organisations, their staff and about 300
// members with two years of billing and visits. Deterministic: the same `now` gives the same data.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { type Db, queryRows } from '../client';
import type { SecretBox } from '../secrets';
import { simulate } from './billing-sim';
import { addDays, aucklandDate, aucklandInstant } from './calendar';
import { seedCatalogue } from './catalogue-seed';
import { DEMO_EMAILS, DEMO_PASSWORD } from './demo-people';
import { planMembers } from './member-plan';
import { Random } from './random';
import { seedBilling } from './seed-billing';
import { seedHistory } from './seed-history';
import { seedMembers } from './seed-members';
import { seedStaff } from './seed-staff';

export const DEMO_SEED = 20_260_401;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from organisations limit 1`);
  return rows.length === 0;
}

export async function seedDemo(
  db: Db,
  options: { now: Date; secrets: SecretBox },
): Promise<Record<string, number>> {
  const { now, secrets } = options;
  const today = aucklandDate(now);
  const random = new Random(DEMO_SEED);
  // One hash for every demo sign-in: argon2 is slow on purpose, and the password is the same.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const openedAt = aucklandInstant(addDays(today, -760), 9);
    const orgs = await seedCatalogue(tx, random, secrets, openedAt);
    const staff = await seedStaff(tx, orgs, passwordHash, openedAt);
    // Actions in each organisation are made by its admin: Sarah at Southern Strength, Priya at Kōwhai.
    const admins = new Map(
      orgs.map((o) => [
        o.id,
        staff.ids.get(o.def.key === 'kowhai' ? DEMO_EMAILS.twoFactor : DEMO_EMAILS.admin)!,
      ]),
    );
    const items = planMembers(random, orgs, today).map((plan) => ({
      plan,
      outcome: simulate(plan, random, today, now),
    }));
    const planned = await seedMembers(tx, random, secrets, items, passwordHash);
    const billing = await seedBilling(tx, random, planned, admins);
    const history = await seedHistory(tx, random, planned, admins, today, now);
    // The history runs to today: the billing run's first day of its own is tomorrow.
    await tx.execute(
      sql`insert into billing_runs (day, started_at, finished_at, summary)
          values (${today}, ${now.toISOString()}, ${now.toISOString()}, '{"seeded": 1}'::jsonb)`,
    );
    return {
      organisations: orgs.length,
      gyms: orgs.reduce((n, o) => n + o.gyms.length, 0),
      prices: orgs.reduce((n, o) => n + o.prices.size, 0),
      staff: staff.count,
      members: planned.length,
      subscriptions: planned.length,
      ...billing,
      ...history,
    };
  });
}
