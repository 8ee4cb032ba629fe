// The demo data a fresh install starts with: two New Zealand organisations, their staff and about 300
// members. The organisations moved onto the product HISTORY_DAYS days ago; the billing engine has run
// every day since (demo-journey.ts): every charge, attempt, retry, grace, pause, cancellation and door
// credential in the demo is the engine's. Members' door visits go back up to two years.
// Deterministic: the same `now` gives the same data.
import { addDays, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { type Db, queryRows } from '../db/client';
import * as s from '../db/schema/index';
import type { SecretBox } from '../db/secrets';
import { aucklandInstant } from './calendar';
import { seedCatalogue } from './catalogue-seed';
import {
  actionsOn,
  cancelMembership,
  joinMembership,
  schedulePause,
  schedulePriceChange,
} from './demo-events';
import { type StartJourneySimulators, startJourney } from './demo-journey';
import { DEMO_EMAILS, DEMO_PASSWORD } from './demo-people';
import { insertAll } from './insert';
import { HISTORY_DAYS, type MemberPlan, planMembers } from './member-plan';
import { Random } from './random';
import { keepsFailing, seedMembers } from './seed-members';
import { seedStaff } from './seed-staff';
import { type AccessHistory, planVisits } from './visits-plan';

const DEMO_SEED = 20_260_401;

/** The balance the simulator's remembered accounts hold when not "Pocket Money" (dollars). */
const PLENTY = 1_000_000;
/** A "Pocket Money" account's balance (dollars): README, "Staging a failure". */
const POCKET_MONEY = 3.5;
/** How often (simulated days) the history's tables are analyzed again as they grow. */
const ANALYZE_EVERY_DAYS = 7;

/**
 * The planner's statistics brought up to date. The embedded database has no autovacuum, so without this
 * its tables are never analyzed and the planner guesses: the at-risk report the weekly digest reads each
 * Monday of the history then took seconds a statement (nested loops over every payment), and more each
 * week. Plans only: what every statement answers is the same.
 */
async function analyze(db: Db) {
  await db.execute(sql`analyze`);
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from organisations limit 1`);
  return rows.length === 0;
}

export interface SeedOptions {
  now: Date;
  secrets: SecretBox;
  /** Simulators for the history's billing (`startHistorySimulators` from @gym/sandbox). */
  simulators: StartJourneySimulators;
  /** Days of billing history (HISTORY_DAYS); tests ask for fewer. */
  historyDays?: number;
  /** Told each simulated day as the history is made (the first start prints progress). */
  onDay?: (day: CalendarDate, done: number, of: number) => void;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<Record<string, number>> {
  const { now, secrets } = options;
  const today = todayInAuckland(now);
  const historyDays = options.historyDays ?? HISTORY_DAYS;
  const first = addDays(today, -historyDays);
  const random = new Random(DEMO_SEED);
  // One hash for every demo sign-in: argon2 is slow on purpose, and the password is the same.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Who there is: the organisations, their staff and members, as they were when they signed up.
  const setup = await db.transaction(async (tx) => {
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
    const people = await seedMembers(
      tx,
      random,
      secrets,
      planMembers(random, orgs, today, historyDays),
      passwordHash,
    );
    return { orgs, staff, admins, people };
  });
  const { orgs, staff, admins, people } = setup;
  await analyze(db);

  // What happened: the engine's history, day by day from the move onto the product.
  const journey = await startJourney(db, secrets, aucklandInstant(first, 12), options.simulators);
  const subscriptionOf = new Map<number, number>();
  try {
    const accounts = await queryRows<{ user_id: number; akahu_account_id: string }>(
      db,
      sql`select pt.user_id::int, ba.akahu_account_id from bank_accounts ba
          join payment_types pt on pt.id = ba.payment_type_id`,
    );
    const accountOf = new Map(accounts.map((a) => [Number(a.user_id), a.akahu_account_id]));
    const setBalance = (userId: number, dollars: number) => {
      const account = accountOf.get(userId);
      if (account) journey.simulators.setAccountBalance(account, dollars);
    };
    // An account that runs dry part-way holds plenty until then (and again once topped up).
    const balanceOn = (account: MemberPlan['account'], day: CalendarDate) =>
      account.kind === 'runs_dry' && account.on <= day && (account.topUp === null || account.topUp > day)
        ? POCKET_MONEY
        : PLENTY;

    for (let day = first, n = 0; day <= today; day = addDays(day, 1), n++) {
      if (n > 0 && n % ANALYZE_EVERY_DAYS === 0) await analyze(db);
      // The day's billing has run (00:05); now, at noon, what people did that day.
      const joined: typeof people = [];
      for (const person of people) {
        const acts = actionsOn(person.plan, day);
        const admin = admins.get(person.plan.org.id) ?? null;
        if (acts.join) {
          subscriptionOf.set(person.userId, await joinMembership(db, person, admin));
          joined.push(person);
        }
        const subscriptionId = subscriptionOf.get(person.userId);
        if (subscriptionId === undefined) continue;
        if (acts.pause) await schedulePause(db, person, subscriptionId, admin);
        if (acts.cancel) await cancelMembership(journey.deps, person, subscriptionId, admin);
        if (acts.change) await schedulePriceChange(db, person, subscriptionId, admin);
        const account = person.plan.account;
        if (account.kind === 'runs_dry' && !acts.join && (account.on === day || account.topUp === day))
          setBalance(person.userId, balanceOn(account, day));
      }
      // The simulators learn the new members' consents (with their gym's Akahu app) and cards.
      if (joined.length > 0) await journey.learn();
      for (const person of joined)
        if (person.plan.account.kind === 'runs_dry')
          setBalance(person.userId, balanceOn(person.plan.account, day));
      options.onDay?.(day, n, historyDays);
      const next = addDays(day, 1);
      await journey.travelTo(next > today ? now : aucklandInstant(next, 12));
    }
  } finally {
    await journey.close();
  }

  // The history's mail was queued, not sent (its members are made up); today's waits for the server.
  await db.execute(
    sql`update outbound_emails set status = 'skipped', error = 'demo history: not delivered'
        where status = 'queued' and created_at < ${aucklandInstant(today).toISOString()}`,
  );

  // Door visits over the access the engine left each membership with.
  const access = await accessHistories(db);
  const visits: (typeof s.visits.$inferInsert)[] = [];
  for (const person of people) {
    const subscriptionId = subscriptionOf.get(person.userId);
    const history = subscriptionId === undefined ? undefined : access.get(subscriptionId);
    if (!history) continue;
    for (const v of planVisits(random, person.plan, history, today, now)) {
      visits.push({
        organisationId: person.plan.org.id,
        gymId: v.gymId,
        userId: person.userId,
        doorId: v.doorId,
        visitedAt: v.at,
        successful: v.successful,
        createdAt: v.at,
      });
    }
  }
  visits.sort((a, b) => a.visitedAt.getTime() - b.visitedAt.getTime());
  await insertAll(db, s.visits, visits);
  // The server that opens this database next starts from statistics of what it holds.
  await analyze(db);

  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from subscriptions) as subscriptions,
               (select count(*)::int from charges) as charges,
               (select count(*)::int from payments) as payments,
               (select count(*)::int from subscription_pauses) as pauses,
               (select count(*)::int from price_changes) as "priceChanges",
               (select count(*)::int from activity_log) as activity`,
  );
  return {
    organisations: orgs.length,
    gyms: orgs.reduce((n, o) => n + o.gyms.length, 0),
    prices: orgs.reduce((n, o) => n + o.prices.size, 0),
    staff: staff.count,
    members: people.length,
    failingPaymentMethods: people.filter((p) => keepsFailing(p.plan)).length,
    historyDays,
    ...counts,
    visits: visits.length,
  };
}

async function accessHistories(db: Db): Promise<Map<number, AccessHistory>> {
  const subs = await queryRows<{
    id: number;
    ends_at: CalendarDate | null;
    cancelled: boolean;
    began: boolean;
  }>(
    db,
    sql`select id::int, ends_at::text, cancelled_at is not null as cancelled,
          current_period_start is not null as began
        from subscriptions`,
  );
  const pauses = await queryRows<{
    subscription_id: number;
    start_date: CalendarDate;
    end_date: CalendarDate;
  }>(
    db,
    sql`select subscription_id::int, start_date::text, end_date::text from subscription_pauses
        where cancelled_at is null`,
  );
  const map = new Map<number, AccessHistory>();
  for (const sub of subs) {
    map.set(Number(sub.id), { endsAt: sub.ends_at, cancelled: sub.cancelled, began: sub.began, pauses: [] });
  }
  for (const p of pauses)
    map.get(Number(p.subscription_id))?.pauses.push({ start: p.start_date, end: p.end_date });
  return map;
}
