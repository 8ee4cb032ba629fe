// The billing engine's crash test (issue 11, "Crash tests"): a worker process killed with SIGKILL at random
// points of the daily run, and restarted, charges nobody twice and misses nobody, checked against the
// simulators' own ledgers. `npm run test:crash` (scripts/crash-test.ts) runs it on a PostgreSQL server;
// billing-crash.test.ts runs a short one on every `npm test`.
//
// The driver holds everything that must outlive a worker: the database, and the Akahu and Stripe
// simulators with their ledgers. It builds one organisation whose members pay by bank (Akahu) and some by
// card (Stripe), weekly, fortnightly or monthly, starting on the first fourteen days (every account holds
// plenty and every card pays, so each charge takes exactly one attempt), then runs the days in order. Each day it starts a worker process (billing-crash.worker.ts: `runBillingDay` for that
// day) again and again until one finishes the day without being killed. Each start gets, at random,
// GYM_FAILPOINTS (failpoints.ts: attempt.before-call, attempt.after-call, charges.before-write, each with a
// probability per pass) and/or a timer in the driver that sends SIGKILL after a random delay. Days go on
// until at least `kills` workers have died. A killed worker's database session is gone before the next
// starts (as a restart after a crash finds it), and the application clock runs on across restarts.
//
// Once a day (a day that starts at 1 a.m., not one a long outage the day before pushed later), a kill
// that leaves card attempts sent to Stripe with their answer unwritten becomes a long outage: the
// simulators' clock and the application's move on 25 hours before the restart, so Stripe (the simulator
// forgets keys 24 simulated hours on, as Stripe does) has forgotten the attempts' idempotency keys when
// the restart resends them; the harness asks the simulator that it has. Until that day's outage, card
// attempts die after the call more often (attempt.after-call.stripe_card), so outages keep happening.
//
// Then the checks, each against figures the engine did not make:
// - every (subscription, period start) due by the last day, worked out here from the subscription's start
//   and frequency, has its charge, made on its due day, and no other charge exists;
// - the providers' own ledgers, each member's payments at the Akahu simulator and every PaymentIntent on
//   the gym's Stripe account (whose metadata carries the attempt's idempotency key), hold exactly one
//   successful payment per charge, of its amount, and nothing else: no payment our attempts do not name,
//   no two for one charge, no key used twice;
// - our attempts agree with them: one attempt per charge, sent, naming its provider payment; the charge paid;
// - no attempt is left written but unsent, and the clean run after the last day finds none to resend;
// - each card attempt resent after its key was forgotten took the PaymentIntent its first request made
//   (no second charge), and a run of at least KEY_EXPIRY_MIN_KILLS kills had some.
//
// The worker is bundled once per run with the esbuild tsx itself runs on (third-party code included, so a
// start takes ~0.3 s instead of ~3 s of loading TypeScript and date-fns' hundreds of files); `bundle:
// false` runs it through tsx instead.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { SANDBOX_DEFAULTS, startSandbox } from '@gym/sandbox';
import { AkahuClient } from 'akahu';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createProviders } from '../../adapters/providers';
import { readEnv } from '../../config/env';
import { type Database, openDatabase, queryRows } from '../../db/client';
import { migrate } from '../../db/migrate';
import { gyms } from '../../db/schema/index';
import { secretBox } from '../../db/secrets';
import { insertPlannedMembers } from '../../test/billing-members';
import { createOffering } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { servePglite } from './billing-crash.pglite-socket';

export interface CrashTestOptions {
  /** At least this many workers are killed (default 200). */
  kills?: number;
  seed?: number;
  /** Members (default 300): four in five pay by bank, the rest by card. */
  subscriptions?: number;
  /** Days run at least (default 8), so that weekly members are charged more than once. */
  minDays?: number;
  /** A migrated database: a PostgreSQL server's (with its `url`) or PGlite (served to the workers over TCP). */
  database: Database;
  bundle?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
}

type KillPoint = 'attempt.before-call' | 'attempt.after-call' | 'charges.before-write' | 'timer';

export interface CrashReport {
  seed: number;
  database: 'postgres' | 'pglite';
  subscriptions: { bank: number; card: number };
  days: { first: CalendarDate; last: CalendarDate; count: number };
  workerStarts: number;
  kills: { total: number; byPoint: Record<KillPoint, number>; byDetail: Record<string, number> };
  charges: { expected: number; made: number; missing: number; extra: number; late: number };
  providerPayments: { akahu: number; stripe: number; duplicates: number; orphans: number };
  attempts: { total: number; unsent: number; disagreements: number };
  /** What the last, clean run after the days found still to do: nothing should be left unsent. */
  finalRun: { resent: number; polled: number };
  /**
   * Outages longer than Stripe keeps an idempotency key: how many times the clocks moved on 25 hours
   * before a restart, and the card attempts then waiting on Stripe's answer, resent after their key was
   * forgotten (each should take the PaymentIntent its first request made).
   */
  keyExpiry: { outages: number; resent: number; answeredByFirstIntent: number };
  checks: { name: string; ok: boolean }[];
  /** Every disagreement, one line each (the first 50). */
  problems: string[];
  seconds: number;
}

const FIRST_DAY = '2027-05-03' as CalendarDate;
const MAX_DAYS = 400;
const MAX_STARTS_PER_DAY = 400;
const WORKER_APP = 'gym-crash-worker';
const SURCHARGE_BP = 190;
const POINTS: KillPoint[] = ['attempt.before-call', 'attempt.after-call', 'charges.before-write', 'timer'];
const HOUR_MS = 3_600_000;
/** A long outage: longer than Stripe keeps an idempotency key (24 hours; the simulator forgets it too). */
const OUTAGE_MS = 25 * HOUR_MS;
/** On a day that may still have its long outage, the chance a card attempt's worker dies after the call. */
const CARD_AFTER_CALL = 0.25;
/** From this many kills on, a run that resent no card attempt after its key expired fails. */
const KEY_EXPIRY_MIN_KILLS = 40;

// ---- Dates, on plain UTC day numbers (shared with nothing in the engine). ----
const DAY_MS = 86_400_000;
const dayNumber = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10) as CalendarDate;
const plusDays = (date: string, days: number) => dateOf(dayNumber(date) + days);
function plusMonths(date: string, months: number): CalendarDate {
  const total = +date.slice(5, 7) - 1 + months;
  const year = +date.slice(0, 4) + Math.floor(total / 12);
  return `${year}-${String((total % 12) + 1).padStart(2, '0')}-${date.slice(8, 10)}` as CalendarDate;
}

type Frequency = 'weekly' | 'fortnightly' | 'monthly';

/** The period starts due by `last`: monthly members start on days 1-28, so no month clamps them. */
function periodStarts(frequency: Frequency, start: CalendarDate, last: CalendarDate): CalendarDate[] {
  const starts: CalendarDate[] = [];
  for (let k = 0; ; k++) {
    const next =
      frequency === 'monthly' ? plusMonths(start, k) : plusDays(start, k * (frequency === 'weekly' ? 7 : 14));
    if (next > last) return starts;
    starts.push(next);
  }
}

/** mulberry32: the driver's choices repeat for a seed (the workers' own timing does not). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Member {
  subscriptionId: number;
  userId: number;
  frequency: Frequency;
  start: CalendarDate;
  amount: number;
  bank: { token: string } | null;
}

/** One organisation, its gym connected to Stripe, and `count` members due from the first day on. */
async function build(database: Database, count: number, next: () => number, key: string) {
  const db = database.db;
  const secrets = secretBox(key);
  const tag = randomBytes(3).toString('hex');
  const tenant = await createTenant(db, `Crash Test ${tag}`);
  const organisationId = tenant.organisation.id;
  const gymId = tenant.gymA.id;
  const stripeAccount = `acct_crash${tag}`;
  await db
    .update(gyms)
    .set({ stripeId: stripeAccount, cardSurchargeBasisPoints: SURCHARGE_BP })
    .where(sql`${gyms.id} = ${gymId}`);
  await createDestinationAccount(db, { organisationId, gymId });
  const offering = await createOffering(db, { organisationId, allGymsAccess: true });

  const plans = Array.from({ length: count }, (_, i) => {
    const r = next();
    const frequency: Frequency = r < 0.6 ? 'weekly' : r < 0.85 ? 'fortnightly' : 'monthly';
    return {
      i,
      frequency,
      start: plusDays(FIRST_DAY, Math.floor(next() * 14)),
      amount: 1500 + i,
      card: next() < 0.2,
    };
  });
  const made = await insertPlannedMembers(db, secrets, {
    organisationId,
    gymId,
    offeringId: offering.id,
    label: 'crash',
    tag,
    plans,
  });
  const members: Member[] = plans.map((p, n) => ({
    subscriptionId: made[n]!.subscriptionId,
    userId: made[n]!.userId,
    frequency: p.frequency,
    start: p.start,
    amount: p.amount,
    bank: made[n]!.bank,
  }));
  const teach = (sandbox: Awaited<ReturnType<typeof startSandbox>>) => {
    sandbox.controls.akahu.remember(
      made.flatMap((m) =>
        m.bank
          ? [
              {
                token: m.bank.token,
                email: m.email,
                accounts: [
                  {
                    id: m.bank.account,
                    name: 'Everyday',
                    formattedAccount: '12-3140-0123456-00',
                    holder: 'CRASH',
                  },
                ],
              },
            ]
          : [],
      ),
    );
    sandbox.controls.stripe.rememberAccounts([{ id: stripeAccount, name: 'Crash Test Gym' }]);
    sandbox.controls.stripe.rememberCards(
      made.flatMap((m) =>
        m.card
          ? [
              {
                account: stripeAccount,
                customer: m.card.customer,
                paymentMethod: m.card.paymentMethod,
                email: m.email,
                name: m.name,
                brand: 'visa',
                last4: '4242',
                expMonth: 12,
                expYear: 2031,
              },
            ]
          : [],
      ),
    );
  };
  return { members, stripeAccount, teach, organisationId };
}

// ---- The worker process. ----

interface EsbuildLike {
  build(options: Record<string, unknown>): Promise<unknown>;
}

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const workerEntry = fileURLToPath(new URL('./billing-crash.worker.ts', import.meta.url));

/** The command that starts a worker: node on a bundle of it, or node through tsx. */
async function workerCommand(bundle: boolean): Promise<{ args: string[]; cleanup(): void }> {
  if (!bundle) return { args: ['--import', 'tsx', workerEntry], cleanup: () => {} };
  const dir = join(repoRoot, '.tmp', 'crash-test');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `worker-${process.pid}-${randomBytes(3).toString('hex')}.mjs`);
  const fromHere = createRequire(import.meta.url);
  const esbuild = createRequire(fromHere.resolve('tsx/package.json'))('esbuild') as EsbuildLike;
  await esbuild.build({
    entryPoints: [workerEntry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outfile,
    logLevel: 'error',
    // CommonJS packages inside an ES module bundle still `require` Node's own modules.
    banner: {
      js: "import { createRequire as __crashRequire } from 'node:module'; const require = __crashRequire(import.meta.url);",
    },
    // PGlite loads its WebAssembly from beside its own files (the worker never opens one).
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg-native'],
  });
  return { args: [outfile], cleanup: () => rmSync(outfile, { force: true }) };
}

interface WorkerRun {
  /** Where it was killed, or null when it finished the day. */
  killedAt: KillPoint | null;
  detail: string | null;
  summary: Record<string, number> | null;
  ms: number;
}

function runWorker(
  args: string[],
  env: Record<string, string>,
  killAfterMs: number | null,
): Promise<WorkerRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let readyAt: number | null = null;
    let timerFired = false;
    let timer: NodeJS.Timeout | undefined;
    const hang = setTimeout(() => {
      stderr += '\n(the crash test stopped a worker that ran for 120 s)';
      child.kill('SIGKILL');
    }, 120_000);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (readyAt === null && stdout.includes('ready\n')) {
        readyAt = performance.now();
        if (killAfterMs !== null) {
          timer = setTimeout(() => {
            timerFired = true;
            child.kill('SIGKILL');
          }, killAfterMs);
        }
      }
    });
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(hang);
      clearTimeout(timer);
      const ms = readyAt === null ? 0 : performance.now() - readyAt;
      if (signal === 'SIGKILL') {
        const fired = /failpoint (\S+?)(?: (\S+))?: SIGKILL/.exec(stderr);
        if (fired && POINTS.includes(fired[1] as KillPoint)) {
          resolve({ killedAt: fired[1] as KillPoint, detail: fired[2] ?? null, summary: null, ms });
          return;
        }
        if (timerFired) {
          resolve({ killedAt: 'timer', detail: null, summary: null, ms });
          return;
        }
      }
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) {
        resolve({ killedAt: null, detail: null, summary: JSON.parse(last), ms });
        return;
      }
      reject(new Error(`a crash-test worker failed (exit ${code ?? signal}):\n${stderr.trim()}`));
    });
  });
}

// ---- The test. ----

export async function runCrashTest(options: CrashTestOptions): Promise<CrashReport> {
  const started = performance.now();
  const killTarget = options.kills ?? 200;
  const seed = options.seed ?? randomBytes(4).readUInt32BE(0);
  const count = options.subscriptions ?? 300;
  const minDays = options.minDays ?? 8;
  const log = options.log ?? (() => {});
  const next = random(seed);
  const database = options.database;
  const key = randomBytes(32).toString('base64');

  const sandbox = await startSandbox();
  const served = database.kind === 'pglite' ? await servePglite(database.pglite!) : null;
  const command = await workerCommand(options.bundle ?? true);
  try {
    const built = await build(database, count, next, key);
    built.teach(sandbox);
    log(
      `built ${count} members (${built.members.filter((m) => m.bank).length} bank, ${built.members.filter((m) => !m.bank).length} card) on ${database.kind === 'pglite' ? 'PGlite, served over TCP' : 'a PostgreSQL server'}; seed ${seed}`,
    );

    const workerUrl = served ? new URL(served.url) : new URL(database.url!);
    workerUrl.searchParams.set('application_name', WORKER_APP);
    const baseEnv: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PROVIDERS: 'sandbox',
      SEED_DEMO: 'false',
      DATABASE_URL: workerUrl.toString(),
      // PGlite is one session: its worker keeps to one connection.
      DATABASE_POOL_SIZE: served ? '1' : '5',
      ENCRYPTION_KEY: key,
      ...sandbox.serverSettings,
    };
    /** Until the killed worker's connections are gone, as a restart after a crash finds the database. */
    const settled = async () => {
      if (served) return served.idle();
      for (let waited = 0; waited < 10_000; waited += 20) {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and application_name = ${WORKER_APP}`,
        );
        if (row?.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('a killed worker’s database connections did not go away in 10 s');
    };

    const byPoint = Object.fromEntries(POINTS.map((p) => [p, 0])) as Record<KillPoint, number>;
    const byDetail: Record<string, number> = {};
    let kills = 0;
    let starts = 0;
    let typicalMs = 800;
    let day = FIRST_DAY;
    let dayCount = 0;
    // The application clock runs on across restarts, from 1 a.m. on each day, or from where a long
    // outage the day before left it; an outage moves it on with the simulators' clock.
    let clockAt = startOfDayInstant(FIRST_DAY).getTime() + HOUR_MS;
    let clockFrom = performance.now();
    const appNow = () => new Date(clockAt + (performance.now() - clockFrom));
    const keyExpiry = { outages: 0, resent: 0, answeredByFirstIntent: 0 };
    const keyProblems: string[] = [];
    for (; ; day = plusDays(day, 1)) {
      dayCount += 1;
      const opens = startOfDayInstant(day).getTime() + HOUR_MS;
      // A day the outage before pushed past 1 a.m. has none of its own, so the clock never drifts far.
      const mayHaveOutage = appNow().getTime() <= opens;
      clockAt = Math.max(opens, appNow().getTime());
      clockFrom = performance.now();
      /** The card attempts the day's long outage caught waiting on Stripe, with the intent each made. */
      let outage: { attemptId: number; key: string; intentId: string }[] | null = null;
      let dayKills = 0;
      for (let attempt = 1; ; attempt++) {
        if (attempt > MAX_STARTS_PER_DAY)
          throw new Error(`${day} did not finish in ${MAX_STARTS_PER_DAY} starts`);
        const probability = [0, 0.05, 0.1, 0.2, 0.3][Math.floor(next() * 5)]!;
        const timed = next() < 0.3;
        const killAfterMs = timed ? Math.round(next() * typicalMs * 1.2) : null;
        const env: Record<string, string> = { ...baseEnv, APP_NOW: appNow().toISOString(), CRASH_DAY: day };
        if (probability > 0) {
          // Until the day has its long outage, card attempts die after the call more often (the points
          // before the call, passed first, would otherwise take most kills).
          const cardAfterCall =
            mayHaveOutage && outage === null ? `,attempt.after-call.stripe_card=${CARD_AFTER_CALL}` : '';
          env.GYM_FAILPOINTS = `attempt.before-call=${probability},attempt.after-call=${probability},charges.before-write=${probability / 2}${cardAfterCall}`;
        }
        starts += 1;
        const run = await runWorker(command.args, env, killAfterMs);
        await settled();
        if (run.killedAt === null) {
          typicalMs = Math.min(5_000, Math.max(100, Math.round(typicalMs * 0.7 + run.ms * 0.3)));
          break;
        }
        kills += 1;
        dayKills += 1;
        byPoint[run.killedAt] += 1;
        if (run.detail)
          byDetail[`${run.killedAt} ${run.detail}`] = (byDetail[`${run.killedAt} ${run.detail}`] ?? 0) + 1;
        if (mayHaveOutage && outage === null) {
          // Card attempts Stripe answered whose answer the killed worker never wrote: the worker stays
          // down longer than Stripe keeps their keys, and its restart resends them.
          const waiting = await sentUnanswered(database, sandbox, built);
          if (waiting.length > 0) {
            await sandbox.controls.advanceClock(OUTAGE_MS);
            clockAt += OUTAGE_MS;
            outage = waiting;
            keyExpiry.outages += 1;
            for (const w of waiting) {
              if (sandbox.controls.stripe.idempotentRequest(built.stripeAccount, w.key) !== null)
                keyProblems.push(`key kept: Stripe still held attempt ${w.attemptId}'s key 25 hours on`);
            }
            log(
              `${day}: the worker stays down 25 hours, ${waiting.length} card attempt${waiting.length === 1 ? '' : 's'} waiting on Stripe's answer`,
            );
          }
        }
      }
      for (const w of outage ?? []) {
        keyExpiry.resent += 1;
        const [row] = await queryRows<{ status: string; stripe_id: string | null }>(
          database.db,
          sql`select status, stripe_id from payments where id = ${w.attemptId}`,
        );
        if (row?.status === 'sent' && row.stripe_id === w.intentId) keyExpiry.answeredByFirstIntent += 1;
        else
          keyProblems.push(
            `resent after its key expired: attempt ${w.attemptId} is ${row?.status} naming ${row?.stripe_id}, not ${w.intentId}, the PaymentIntent its first request made`,
          );
      }
      log(`${day}: finished after ${dayKills} kill${dayKills === 1 ? '' : 's'} (${kills} in all)`);
      if (kills >= killTarget && dayCount >= minDays) break;
      if (dayCount >= MAX_DAYS) break;
    }
    const lastDay = day;

    // The banks answer everything sent, and one more clean run asks them (and would send anything left).
    await sandbox.controls.advanceClock(SANDBOX_DEFAULTS.akahuPaymentDelayMs + 2_000);
    await sandbox.controls.settle();
    const final = await runWorker(
      command.args,
      {
        ...baseEnv,
        APP_NOW: new Date(
          Math.max(startOfDayInstant(lastDay).getTime() + 20 * HOUR_MS, appNow().getTime()),
        ).toISOString(),
        CRASH_DAY: lastDay,
      },
      null,
    );
    await settled();

    const verdict = await verify(database, sandbox, built, lastDay);
    const checks = [
      { name: `at least ${killTarget} workers killed`, ok: kills >= killTarget },
      {
        name: 'no charge missing, none extra, each made on its due day',
        ok: verdict.missing + verdict.extra + verdict.late === 0,
      },
      {
        name: 'no provider payment twice for a charge, none unnamed',
        ok: verdict.duplicates + verdict.orphans === 0,
      },
      { name: 'every charge paid once at its provider, of its amount', ok: verdict.unpaid === 0 },
      { name: 'our attempts agree with the providers’ ledgers', ok: verdict.disagreements === 0 },
      {
        name: 'no attempt left unsent, none for the run after the last day to send',
        ok: verdict.unsent === 0 && final.summary?.resent === 0,
      },
      {
        name: 'every card attempt resent after Stripe forgot its key took the PaymentIntent its first request made',
        ok: keyProblems.length === 0,
      },
      ...(killTarget >= KEY_EXPIRY_MIN_KILLS
        ? [
            {
              name: 'at least one card attempt resent after Stripe forgot its key',
              ok: keyExpiry.resent > 0,
            },
          ]
        : []),
    ];
    return {
      seed,
      database: database.kind,
      subscriptions: {
        bank: built.members.filter((m) => m.bank).length,
        card: built.members.filter((m) => !m.bank).length,
      },
      days: { first: FIRST_DAY, last: lastDay, count: dayCount },
      workerStarts: starts + 1,
      kills: { total: kills, byPoint, byDetail },
      charges: {
        expected: verdict.expected,
        made: verdict.made,
        missing: verdict.missing,
        extra: verdict.extra,
        late: verdict.late,
      },
      providerPayments: {
        akahu: verdict.akahuPayments,
        stripe: verdict.stripePayments,
        duplicates: verdict.duplicates,
        orphans: verdict.orphans,
      },
      attempts: {
        total: verdict.attempts,
        unsent: verdict.unsent,
        disagreements: verdict.disagreements + verdict.unpaid,
      },
      finalRun: { resent: final.summary?.resent ?? -1, polled: final.summary?.polled ?? -1 },
      keyExpiry,
      checks,
      problems: [...keyProblems, ...verdict.problems].slice(0, 50),
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    command.cleanup();
    await served?.close();
    await sandbox.close();
  }
}

/**
 * Card attempts sent to Stripe whose answer nobody wrote: still waiting, naming no PaymentIntent, while
 * Stripe keeps an answer under their key (the PaymentIntent the request made).
 */
async function sentUnanswered(
  database: Database,
  sandbox: Awaited<ReturnType<typeof startSandbox>>,
  built: Awaited<ReturnType<typeof build>>,
) {
  const ids = sql.raw(built.members.map((m) => m.subscriptionId).join(','));
  const rows = await queryRows<{ id: number; idempotency_key: string }>(
    database.db,
    sql`select id::int, idempotency_key from payments
        where subscription_id in (${ids}) and type = 'stripe_card' and status = 'pending_request'
          and stripe_id is null`,
  );
  return rows.flatMap((row) => {
    const kept = sandbox.controls.stripe.idempotentRequest(built.stripeAccount, row.idempotency_key);
    const made = kept?.body as { object?: string; id?: string } | undefined;
    const intentId = made?.object === 'payment_intent' ? made.id : undefined;
    return intentId ? [{ attemptId: row.id, key: row.idempotency_key, intentId }] : [];
  });
}

interface ChargeRow {
  id: number;
  subscription_id: number;
  period_start: string;
  total: number;
  status: string;
}

interface AttemptRow {
  id: number;
  charge_id: number;
  attempt: number;
  type: string;
  status: string;
  total: number;
  idempotency_key: string;
  akahu_id: string | null;
  stripe_id: string | null;
  made_on: string;
}

async function verify(
  database: Database,
  sandbox: Awaited<ReturnType<typeof startSandbox>>,
  built: Awaited<ReturnType<typeof build>>,
  lastDay: CalendarDate,
) {
  const problems: string[] = [];
  const db = database.db;
  const ids = built.members.map((m) => m.subscriptionId);
  const idList = sql.raw(ids.join(','));
  const chargeRows = await queryRows<ChargeRow>(
    db,
    sql`select id::int, subscription_id::int, period_start::text, (amount + surcharge)::int as total, status
        from charges where subscription_id in (${idList})`,
  );
  const attemptRows = await queryRows<AttemptRow>(
    db,
    sql`select id::int, charge_id::int, attempt, type, status, (amount + surcharge)::int as total,
          idempotency_key, akahu_id, stripe_id,
          (created_at at time zone 'Pacific/Auckland')::date::text as made_on
        from payments where subscription_id in (${idList})`,
  );

  // Charges against the schedule worked out here.
  const chargeOf = new Map(chargeRows.map((c) => [`${c.subscription_id} ${c.period_start}`, c]));
  const attemptsOf = new Map<number, AttemptRow[]>();
  for (const a of attemptRows) attemptsOf.set(a.charge_id, [...(attemptsOf.get(a.charge_id) ?? []), a]);
  let expected = 0;
  let missing = 0;
  let late = 0;
  const expectedKeys = new Set<string>();
  for (const m of built.members) {
    for (const start of periodStarts(m.frequency, m.start, lastDay)) {
      expected += 1;
      expectedKeys.add(`${m.subscriptionId} ${start}`);
      const charge = chargeOf.get(`${m.subscriptionId} ${start}`);
      if (!charge) {
        missing += 1;
        problems.push(`missing: subscription ${m.subscriptionId} has no charge for the period from ${start}`);
        continue;
      }
      const first = attemptsOf.get(charge.id)?.find((a) => a.attempt === 1);
      if (first && first.made_on !== start) {
        late += 1;
        problems.push(`late: charge ${charge.id} (due ${start}) was first attempted on ${first.made_on}`);
      }
    }
  }
  const extraRows = chargeRows.filter((c) => !expectedKeys.has(`${c.subscription_id} ${c.period_start}`));
  for (const c of extraRows)
    problems.push(`extra: charge ${c.id} of subscription ${c.subscription_id} from ${c.period_start}`);

  // The providers' ledgers.
  const akahuUrl = new URL(sandbox.akahu.url);
  const bankApi = new AkahuClient({
    appToken: SANDBOX_DEFAULTS.akahuAppToken,
    appSecret: SANDBOX_DEFAULTS.akahuAppSecret,
    protocol: 'http',
    host: akahuUrl.hostname,
    port: Number(akahuUrl.port),
  });
  const subscriptionOfCharge = new Map(chargeRows.map((c) => [c.id, c.subscription_id]));
  /** Provider payment id → what the ledger says. */
  const ledger = new Map<
    string,
    { provider: 'akahu' | 'stripe'; ok: boolean; cents: number; key: string | null }
  >();
  const ledgerBySubscription = new Map<number, string[]>();
  let akahuPayments = 0;
  for (const m of built.members) {
    if (!m.bank) continue;
    const items = await bankApi.payments.list(m.bank.token);
    akahuPayments += items.length;
    ledgerBySubscription.set(
      m.subscriptionId,
      items.map((p) => p._id),
    );
    for (const p of items) {
      ledger.set(p._id, {
        provider: 'akahu',
        ok: p.status === 'SENT',
        cents: Math.round(p.amount * 100),
        key: null,
      });
    }
  }
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...sandbox.serverSettings });
  const intents = await createProviders(env).stripe.listPaymentIntents(
    built.stripeAccount,
    new Date(Date.now() - 30 * DAY_MS),
  );
  const stripePayments = intents.length;
  const keysSeen = new Map<string, number>();
  const attemptById = new Map(attemptRows.map((a) => [a.id, a]));
  for (const pi of intents) {
    const key = pi.metadata.payment_idempotency_key ?? null;
    ledger.set(pi.id, { provider: 'stripe', ok: pi.status === 'succeeded', cents: pi.amountCents, key });
    if (key) keysSeen.set(key, (keysSeen.get(key) ?? 0) + 1);
    const attempt = attemptById.get(Number(pi.metadata.payment_id));
    const sub = attempt ? subscriptionOfCharge.get(attempt.charge_id) : undefined;
    if (sub === undefined) continue;
    ledgerBySubscription.set(sub, [...(ledgerBySubscription.get(sub) ?? []), pi.id]);
  }

  // Each provider payment named by exactly one attempt; each charge paid exactly once.
  let duplicates = 0;
  let orphans = 0;
  let unpaid = 0;
  let disagreements = 0;
  const named = new Map<string, number>();
  for (const a of attemptRows) {
    const id = a.akahu_id ?? a.stripe_id;
    if (id) named.set(id, (named.get(id) ?? 0) + 1);
  }
  for (const [id, times] of named) {
    if (times > 1) {
      disagreements += 1;
      problems.push(`disagree: provider payment ${id} is named by ${times} attempts`);
    }
  }
  for (const [id, entry] of ledger) {
    if (named.has(id)) continue;
    orphans += 1;
    problems.push(`orphan: ${entry.provider} payment ${id} (${entry.cents} c) is named by no attempt`);
  }
  for (const [key, times] of keysSeen) {
    if (times > 1) problems.push(`duplicate: ${times} PaymentIntents carry the key ${key}`);
  }
  const chargesOfSubscription = new Map<number, number>();
  for (const c of chargeRows)
    chargesOfSubscription.set(c.subscription_id, (chargesOfSubscription.get(c.subscription_id) ?? 0) + 1);
  for (const m of built.members) {
    // Every payment the provider took from the member counts, settled or not.
    const taken = ledgerBySubscription.get(m.subscriptionId)?.length ?? 0;
    const owed = chargesOfSubscription.get(m.subscriptionId) ?? 0;
    if (taken > owed) {
      duplicates += taken - owed;
      problems.push(`duplicate: subscription ${m.subscriptionId} paid ${taken} times for ${owed} charges`);
    }
  }
  for (const c of chargeRows) {
    const attempts = attemptsOf.get(c.id) ?? [];
    const paid = attempts.filter((a) => {
      const entry = ledger.get(a.akahu_id ?? a.stripe_id ?? '');
      return entry?.ok === true;
    });
    if (paid.length !== 1) {
      unpaid += 1;
      problems.push(`unpaid: charge ${c.id} has ${paid.length} successful provider payments`);
    }
    if (c.status !== 'paid') {
      disagreements += 1;
      problems.push(
        `disagree: charge ${c.id} is ${c.status}, its provider payment ${paid.length ? 'succeeded' : 'is missing'}`,
      );
    }
    if (attempts.length !== 1) {
      disagreements += 1;
      problems.push(`disagree: charge ${c.id} has ${attempts.length} attempts (every payment succeeds)`);
    }
    for (const a of attempts) {
      const id = a.akahu_id ?? a.stripe_id;
      const entry = id ? ledger.get(id) : undefined;
      const provider = a.type === 'stripe_card' ? 'stripe' : 'akahu';
      if (!entry) {
        disagreements += 1;
        problems.push(`disagree: attempt ${a.id} (${a.status}) names no payment the provider has`);
      } else if (
        entry.provider !== provider ||
        entry.cents !== a.total ||
        (entry.ok && a.status !== 'sent')
      ) {
        disagreements += 1;
        problems.push(
          `disagree: attempt ${a.id} (${a.type}, ${a.status}, ${a.total} c) against ${entry.provider} ${id} (${entry.ok ? 'paid' : 'not paid'}, ${entry.cents} c)`,
        );
      } else if (entry.key !== null && entry.key !== a.idempotency_key) {
        disagreements += 1;
        problems.push(
          `disagree: attempt ${a.id} has key ${a.idempotency_key}, its PaymentIntent ${entry.key}`,
        );
      }
    }
  }
  const unsent = attemptRows.filter((a) => a.status === 'pending_request' && !a.akahu_id && !a.stripe_id);
  for (const a of unsent) problems.push(`unsent: attempt ${a.id} was written and never sent`);
  return {
    unsent: unsent.length,
    expected,
    made: chargeRows.length,
    missing,
    extra: extraRows.length,
    late,
    attempts: attemptRows.length,
    akahuPayments,
    stripePayments,
    duplicates,
    orphans,
    unpaid,
    disagreements,
    problems,
  };
}

// ---- A database of its own, for `npm run test:crash`. ----

/** Creates and migrates `gym_crash_<random>` on the server `adminUrl` names; `drop` removes it. */
export async function createCrashDatabase(adminUrl: string) {
  const name = `gym_crash_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await migrate(database);
  return {
    name,
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
    },
  };
}

/** A migrated PGlite, for a crash test without a PostgreSQL server. */
export async function createCrashPglite(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  return database;
}
