// The demo seed on a fresh embedded database: its history made by the billing engine against simulators
// of its own, deterministic, every membership state, the demo sign-ins.
import { randomBytes } from 'node:crypto';
import { isValidNzBankAccount, subscriptionState } from '@gym/domain';
import { rememberProductRecords, SANDBOX_DEFAULTS, startHistorySimulators, startSandbox } from '@gym/sandbox';
import { AkahuClient } from 'akahu';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import { type Database, openDatabase, queryRows } from '../db/client';
import { migrate } from '../db/migrate';
import { secretBox } from '../db/secrets';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './demo-people';
import { HISTORY_DAYS } from './member-plan';
import { loadProviderRecords } from './provider-records';
import { isDatabaseEmpty, seedDemo } from './seed-demo';

// A Sunday in autumn, the week daylight saving ends (5 April 2026): date arithmetic must not care.
const NOW = new Date('2026-04-04T22:30:00Z');
const TODAY = '2026-04-05';

async function seeded(historyDays?: number) {
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  expect(await isDatabaseEmpty(database.db)).toBe(true);
  const started = performance.now();
  const secrets = secretBox(randomBytes(32).toString('base64'));
  const counts = await seedDemo(database.db, {
    now: NOW,
    secrets,
    simulators: startHistorySimulators,
    ...(historyDays ? { historyDays } : {}),
  });
  return { database, counts, secrets, ms: performance.now() - started };
}

const rows = <T>(database: Database, query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

let first: Awaited<ReturnType<typeof seeded>>;
let second: Awaited<ReturnType<typeof seeded>>;

// The full demo once for what it holds; determinism on two short histories (each day the engine runs
// costs about a second, and the suite runs beside other files on two cores).
let short: Awaited<ReturnType<typeof seeded>>;
beforeAll(async () => {
  first = await seeded();
  short = await seeded(7);
  second = await seeded(7);
  console.info(`demo seed: ${Math.round(first.ms)} ms (7 days: ${Math.round(short.ms)} ms)`, first.counts);
}, 600_000);

afterAll(async () => {
  await first?.database.close();
  await second?.database.close();
  await short?.database.close();
});

describe('demo seed', () => {
  it('is quick and believable in size', () => {
    // Its time is printed above and measured in README "Demo data", not asserted here.
    expect(first.counts).toMatchObject({ organisations: 2, gyms: 4, members: 300, subscriptions: 300 });
    expect(first.counts.charges).toBeGreaterThan(500);
    expect(first.counts.payments).toBeGreaterThan(first.counts.charges!);
    expect(first.counts.visits).toBeGreaterThan(10_000);
  });

  it('gives the same data for the same now', async () => {
    expect(second.counts).toEqual(short.counts);
    const fingerprint = (database: Database) =>
      rows<Record<string, string>>(
        database,
        sql`
        select (select sum(amount + surcharge)::text from payments) as paid,
               (select string_agg(email, ',' order by id) from users) as emails,
               (select string_agg(status || attempt || ':' || amount || ':' || period_start_at, ',' order by id) from payments) as attempts,
               (select string_agg(coalesce(ends_at::text, '-') || coalesce(grace_period_ends_at::text, '-') || balance_owing, ',' order by id) from subscriptions) as subscriptions,
               (select sum(extract(epoch from visited_at))::text from visits) as visits,
               (select string_agg(bank_account_number, ',' order by id) from destination_accounts) as accounts`,
      );
    expect(await fingerprint(second.database)).toEqual(await fingerprint(short.database));
  });

  it('has a subscription in every state of spec section 4', async () => {
    const subs = await rows<Record<string, string | null> & { is_term_membership: boolean }>(
      first.database,
      sql`
      select s.*, p.start_date as pause_start_at, p.end_date as pause_end_at
      from subscriptions s
      left join lateral (select * from subscription_pauses p where p.subscription_id = s.id order by start_date desc limit 1) p on true`,
    );
    const states = new Set(subs.map((s) => subscriptionState(camel(s), NOW)));
    expect([...states].sort()).toEqual(['active', 'cancelled', 'grace', 'paused', 'upcoming']);
    const some = (test: (s: Record<string, unknown>) => boolean) => subs.some(test);
    expect(some((s) => s.cancelled_at !== null && new Date(String(s.undo_cancellation_until)) > NOW)).toBe(
      true,
    );
    expect(some((s) => s.cancelled_during_cooling_off_period === true)).toBe(true);
    // Grace that ran out: the engine cancelled the membership for non-payment.
    expect(some((s) => String(s.cancellation_reasons).includes('non_payment'))).toBe(true);
    expect(
      some(
        (s) =>
          s.is_term_membership === true &&
          String(s.term_ends_at) > TODAY &&
          String(s.cooling_period_ends_at) < TODAY &&
          !s.cancelled_at,
      ),
    ).toBe(true);
    expect(
      some(
        (s) => s.is_term_membership === true && String(s.cooling_period_ends_at) > TODAY && !s.cancelled_at,
      ),
    ).toBe(true);
    expect(
      some((s) => s.transition_to_price_id !== null && String(s.transition_takes_effect_at) > TODAY),
    ).toBe(true);
    expect(
      some(
        (s) =>
          Number(s.balance_owing) > 0 &&
          Number(s.periods_owing) > 0 &&
          String(s.grace_period_ends_at) > TODAY,
      ),
    ).toBe(true);
    const [changes] = await rows<{ scheduled: number; applied: number }>(
      first.database,
      sql`
      select count(*) filter (where applied_at is null)::int as scheduled, count(*) filter (where applied_at is not null)::int as applied
      from price_changes`,
    );
    expect(changes!.scheduled).toBeGreaterThan(0);
    expect(changes!.applied).toBeGreaterThan(0);
  });

  it('creates the demo sign-ins with their roles', async () => {
    const people = await rows<{
      email: string;
      is_staff: boolean;
      two_factor_enabled: boolean;
      password_hash: string;
      org_roles: string | null;
      gym_roles: string | null;
    }>(
      first.database,
      sql`select u.email, u.is_staff, u.two_factor_enabled, u.password_hash,
            (select string_agg(coalesce(role, '-'), ',' order by organisation_id) from organisation_staff s where s.user_id = u.id) as org_roles,
            (select string_agg(role, ',' order by gym_id) from gym_staff g where g.user_id = u.id) as gym_roles
          from users u where u.email like '%@demo.test' order by u.email`,
    );
    const by = Object.fromEntries(people.map((p) => [p.email, p]));
    expect(Object.keys(by).sort()).toEqual(DEMO_SIGN_INS.map((s) => s.email).sort());
    expect(by['admin@demo.test']).toMatchObject({
      is_staff: true,
      org_roles: 'admin,admin',
      gym_roles: null,
    });
    expect(by['gymadmin@demo.test']).toMatchObject({
      is_staff: true,
      org_roles: '-',
      gym_roles: 'admin,admin',
    });
    expect(by['trainer@demo.test']).toMatchObject({ is_staff: true, gym_roles: 'personal_trainer' });
    expect(by['twofactor@demo.test']).toMatchObject({
      is_staff: true,
      two_factor_enabled: true,
      org_roles: 'admin',
    });
    expect(by['member@demo.test']).toMatchObject({ is_staff: false, org_roles: null });
    expect(await verifyPassword(by['admin@demo.test']!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(new Set(people.map((p) => p.password_hash)).size).toBe(1);
    const [member] = await rows<{
      cancelled_at: string | null;
      grace_period_ends_at: string | null;
      type: string;
      account_number: string;
    }>(
      first.database,
      sql`select s.cancelled_at, s.grace_period_ends_at, t.type, b.account_number
          from users u join subscriptions s on s.user_id = u.id join payment_types t on t.id = s.payment_type_id
          join bank_accounts b on b.payment_type_id = t.id where u.email = 'member@demo.test'`,
    );
    expect(member).toMatchObject({ cancelled_at: null, grace_period_ends_at: null, type: 'bank_account' });
    expect(isValidNzBankAccount(member!.account_number)).toBe(true);
  });

  it('keeps the billing invariants and references', async () => {
    const [check] = await rows<Record<string, number>>(
      first.database,
      sql`
      select
        (select count(*) from (select charge_id from payments where status = 'sent' group by charge_id having count(*) > 1) x)::int as double_sent,
        (select count(*) from (select charge_id from payments where status in ('upcoming','pending_request') group by charge_id having count(*) > 1) x)::int as double_in_flight,
        (select count(*) - count(distinct idempotency_key) from payments)::int as duplicate_keys,
        (select count(*) from payments p join destination_accounts d on d.id = p.destination_account_id where d.gym_id <> p.gym_id)::int as wrong_account,
        (select count(*) from payments where status = 'failed' and (error_status is null or error_description is null))::int as unexplained_failures,
        (select count(*) from payments where is_retry)::int as retries,
        (select count(*) from payments where is_retry and status = 'sent')::int as recovered,
        (select count(*) from charges where kind = 'break_fee')::int as break_fees,
        (select count(*) from payment_refunds)::int as refunded,
        (select count(*) from subscription_pauses where ended_at is not null)::int as pauses_ended,
        (select count(*) from billing_runs where finished_at is not null)::int as days_run,
        (select count(*) from visits where not successful)::int as denied,
        (select count(*) from activity_log where action = 'subscription.created')::int as created_logged,
        (select count(*) from activity_log where action = 'subscription.grace_started')::int as grace_logged,
        (select count(*) from subscriptions where grace_period_ends_at is not null and cancelled_at is null)::int as in_grace,
        (select count(*) from subscriptions)::int as subscriptions`,
    );
    expect(check).toMatchObject({
      double_sent: 0,
      double_in_flight: 0,
      duplicate_keys: 0,
      wrong_account: 0,
      unexplained_failures: 0,
    });
    expect(check!.retries).toBeGreaterThan(0);
    expect(check!.recovered).toBeGreaterThan(0);
    expect(check!.break_fees).toBeGreaterThan(0);
    expect(check!.refunded).toBeGreaterThan(0);
    expect(check!.pauses_ended).toBeGreaterThan(0);
    expect(check!.days_run).toBeGreaterThanOrEqual(HISTORY_DAYS);
    expect(check!.denied).toBeGreaterThan(0);
    expect(check!.created_logged).toBe(check!.subscriptions);
    expect(check!.grace_logged).toBeGreaterThanOrEqual(check!.in_grace!);
    expect(check!.in_grace).toBeGreaterThan(0);
    const accounts = await rows<{ bank_account_number: string }>(
      first.database,
      sql`select bank_account_number from destination_accounts`,
    );
    for (const { bank_account_number } of accounts)
      expect(isValidNzBankAccount(bank_account_number)).toBe(true);
  });
});

describe('what the simulators learn of the demo', () => {
  it('holds every bank consent, pending bank payment and saved card, with failing ones kept to members who fail', async () => {
    const records = await loadProviderRecords(first.database.db, first.secrets);
    const [expected] = await rows<Record<string, number>>(
      first.database,
      sql`select (select count(*) from akahu_connections where revoked_at is null)::int as connections,
            (select count(*) from cards)::int as cards,
            (select count(*) from payments where status = 'pending_request' and akahu_id is not null)::int as pending`,
    );
    expect(records.akahuConnections).toHaveLength(expected!.connections!);
    expect(records.stripeCards).toHaveLength(expected!.cards!);
    const learnt = records.akahuConnections.flatMap((c) => c.pendingPayments);
    expect(learnt.filter((p) => !p.final)).toHaveLength(expected!.pending!);
    // The last days' answered payments too, so the first night's reconciliation after a start agrees.
    expect(learnt.filter((p) => p.final?.status === 'SENT').length).toBeGreaterThan(0);
    expect(records.stripePaymentIntents.length).toBeGreaterThan(0);
    for (const c of records.akahuConnections) expect(c.webhookState).toMatch(/^org_\d+\.user_\d+$/);
    const pocket = records.akahuConnections.filter((c) => c.accounts.some((a) => a.name === 'Pocket Money'));
    const declining = records.stripeCards.filter((c) => c.last4 === '9995');
    expect(pocket.length + declining.length).toBeGreaterThan(2);
    const failingEmails = await rows<{ email: string }>(
      first.database,
      sql`select u.email from users u join subscriptions s on s.user_id = u.id
          where s.grace_period_ends_at is not null or s.cancellation_reasons::text like '%non_payment%'`,
    );
    const failing = new Set(failingEmails.map((r) => r.email));
    for (const who of [...pocket, ...declining]) expect(failing.has(who.email)).toBe(true);
  });

  it("lets a sandbox that remembers them take the demo member's payment", async () => {
    const records = await loadProviderRecords(first.database.db, first.secrets);
    const sandbox = await startSandbox({ akahuPaymentDelayMs: 1_000 });
    try {
      // Every consent on the sandbox's own app, so this test's client can use them.
      const connections = records.akahuConnections.map((c) => ({ ...c, appToken: null }));
      rememberProductRecords(
        sandbox.controls,
        { ...records, akahuConnections: connections },
        SANDBOX_DEFAULTS.akahuAppToken,
      );
      const member = records.akahuConnections.find((c) => c.email === 'member@demo.test')!;
      const url = new URL(sandbox.akahu.url);
      const akahu = new AkahuClient({
        appToken: SANDBOX_DEFAULTS.akahuAppToken,
        appSecret: SANDBOX_DEFAULTS.akahuAppSecret,
        protocol: 'http',
        host: url.hostname,
        port: Number(url.port),
      });
      const payment = await akahu.payments.create(member.token, {
        from: member.accounts[0]!.id,
        amount: 25.9,
        to: { name: 'Southern Strength', account_number: '12-3140-0123456-00' },
      });
      await sandbox.controls.advanceClock(1_000);
      expect(sandbox.controls.akahu.payment(payment._id)?.status).toBe('SENT');
      // A payment answered before the restart is known, with its answer, to a sandbox that remembers.
      const answered = records.akahuConnections.find((c) => c.pendingPayments.some((p) => p.final))!;
      const before = answered.pendingPayments.find((p) => p.final)!;
      expect(sandbox.controls.akahu.payment(before.id)).toMatchObject({
        status: before.final!.status,
        final: true,
      });
      const intent = records.stripePaymentIntents[0]!;
      expect(sandbox.controls.stripe.paymentIntent(intent.id)).toMatchObject({ amount: intent.amount });
    } finally {
      await sandbox.close();
    }
  });
});

/** Row keys as @gym/domain names them. */
function camel(row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );
}
