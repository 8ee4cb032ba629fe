// `npm run test:cluster [-- --verbose]`: starts the cluster (scripts/cluster/start-cluster.ts: its own
// PostgreSQL primary and streaming standby, s3rver, the simulators, two web servers, two workers, HAProxy),
// sends a bounded load through the balancer (CLUSTER_CONNECTIONS, default 40, for CLUSTER_SECONDS, default
// 50: member lists, member pages, payments, dashboard figures, on sessions made through the balancer,
// with fresh sign-ins and a few logo uploads beside it), travels the clock a day at a time four times
// meanwhile (each day's billing run for members paying by bank), kills one web server and one worker with
// SIGKILL at random moments and restarts them, then checks: no answer of 500 or more except requests the
// killed server had in flight, every upload readable through each server, every charge due made exactly
// once (against the schedule worked out here and the Akahu simulator's own ledger), every membership's
// door access (Kisi) equal to its entitlement, and the standby's figures equal to the primary's once it
// has caught up. Prints the figures and exits non-zero on a failed check.
import { randomInt } from 'node:crypto';
import { addDays, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { SANDBOX_DEFAULTS } from '@gym/sandbox';
import { AkahuClient } from 'akahu';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase, queryRows, secretBox } from '../apps/server/src/public';
import {
  type BillingMember,
  createBillingMembers,
  createDestinationAccount,
  createMember,
  createTenant,
  dashboardStats,
  TEST_PASSWORD,
} from '../apps/server/src/public-testing';
import { startCluster } from './cluster/start-cluster';

const connections = Number(process.env.CLUSTER_CONNECTIONS ?? 30);
const seconds = Number(process.env.CLUSTER_SECONDS ?? 50);
const TRAVELS = 4;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JSON_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

const started = Date.now();
const cluster = await startCluster({ verbose: process.argv.includes('--verbose'), workerTickSeconds: 3 });
console.log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${cluster.balancerUrl}`);
const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 4 });
const replica = await openDatabase({ kind: 'postgres', url: cluster.replicaUrl, poolSize: 2 });
let stopping = false;
const stopAll = async () => {
  if (stopping) return;
  stopping = true;
  await database.close().catch(() => {});
  await replica.close().catch(() => {});
  await cluster.stop();
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

/** Every request the test itself sends through the balancer, with when it left and when it was answered. */
const answers: { sentAt: number; at: number; status: number; what: string }[] = [];
async function send(url: string, init: RequestInit & { what: string }): Promise<Response | null> {
  const sentAt = Date.now();
  try {
    const res = await fetch(url, init);
    answers.push({ sentAt, at: Date.now(), status: res.status, what: init.what });
    return res;
  } catch (error) {
    // A connection the balancer closed: counted as a 502 of this request.
    answers.push({ sentAt, at: Date.now(), status: 502, what: `${init.what} (${(error as Error).message})` });
    return null;
  }
}

const signIn = async (email: string) => {
  const res = await send(`${cluster.balancerUrl}/api/login`, {
    what: 'sign-in',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (res?.status !== 200) return null;
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
};

let exitCode = 1;
try {
  const secrets = secretBox(cluster.encryptionKey);
  const today = todayInAuckland(new Date());
  const firstDay = addDays(today, 1);
  const tenants: (Awaited<ReturnType<typeof createTenant>> & {
    members: { id: number }[];
    billing: BillingMember[];
  })[] = [];
  for (let i = 0; i < 3; i++) {
    const tenant = await createTenant(database.db);
    const members = [tenant.member];
    for (let m = 0; m < 12; m++)
      members.push(
        await createMember(database.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id }),
      );
    await createDestinationAccount(database.db, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
    });
    // Members paying by bank from the first travelled day: daily ones are charged every day, weekly ones
    // on their start day.
    const billing = await createBillingMembers(database.db, secrets, {
      organisationId: tenant.organisation.id,
      gymId: tenant.gymA.id,
      plans: Array.from({ length: 8 }, (_, n) => ({
        frequency: n % 2 === 0 ? ('daily' as const) : ('weekly' as const),
        start: addDays(firstDay, n % 3),
      })),
    });
    cluster.sandbox.controls.akahu.remember(billing.akahuConnections);
    tenants.push({ ...tenant, members, billing: billing.members });
  }
  const billingMembers = tenants.flatMap((t) => t.billing);

  const cookies: string[] = [];
  for (const t of tenants) {
    const cookie = await signIn(t.admin.email);
    if (!cookie) throw new Error(`sign-in through the balancer failed for ${t.admin.email}`);
    cookies.push(cookie);
  }
  // Door access: each organisation connected to the Kisi simulator and its gym A linked to a place.
  for (const [i, t] of tenants.entries()) {
    const headers = { ...JSON_HEADERS, cookie: cookies[i]! };
    const integration = await fetch(
      `${cluster.balancerUrl}/api/organisations/${t.organisation.id}/access-control/integration`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({ integration_type: 'kisi', api_key: SANDBOX_DEFAULTS.kisiApiKey }),
      },
    );
    if (integration.status !== 200) throw new Error(`Kisi integration: ${await integration.text()}`);
    const { placeId } = cluster.sandbox.controls.kisi.seed();
    const linked = await fetch(`${cluster.balancerUrl}/api/gyms/${t.gymA.id}/access-control/places`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ place_id: placeId }),
    });
    if (linked.status !== 200) throw new Error(`Kisi place: ${await linked.text()}`);
  }

  const headersFor = (i: number) => ({
    cookie: cookies[i % cookies.length]!,
    'x-requested-with': 'XMLHttpRequest',
    accept: 'application/json',
  });
  const requests = tenants.flatMap((tenant, i) => [
    { method: 'GET' as const, path: '/api/members?per_page=20', headers: headersFor(i) },
    {
      method: 'GET' as const,
      path: `/api/members/${tenant.members[randomInt(tenant.members.length)]!.id}`,
      headers: headersFor(i),
    },
    { method: 'GET' as const, path: '/api/payments', headers: headersFor(i) },
    { method: 'GET' as const, path: '/api/stats', headers: headersFor(i) },
    { method: 'GET' as const, path: `/api/members/${tenant.billing[0]!.userId}`, headers: headersFor(i) },
  ]);

  const loadAnswers: { sentAt: number; at: number; status: number }[] = [];
  /** When the killed web server's process had gone (its exit seen): what was sent to it until then was in flight. */
  let webGone = 0;
  const kills: { what: string; at: number }[] = [];
  const loadStart = Date.now();
  const loadMs = seconds * 1000;
  // (The package's types lack `requests`, which autocannon takes: one of them per request, in turn.)
  const load = autocannon({
    url: cluster.balancerUrl,
    connections,
    duration: seconds,
    // A request unanswered for 30 s counts as a timeout (autocannon's own 10 s is short on a busy machine).
    timeout: 30,
    requests,
  } as unknown as Parameters<typeof autocannon>[0]);
  load.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    const at = Date.now();
    loadAnswers.push({ sentAt: at - responseTime, at, status });
  });

  // Beside the load: fresh sign-ins (each person's session then used once), the clock travelled a day at
  // a time, logos uploaded, one web server and one worker killed and restarted.
  const signingIn = (async () => {
    let n = 0;
    while (Date.now() - loadStart < loadMs - 2_000) {
      const t = tenants[n % tenants.length]!;
      const person = [t.gymAdmin, t.trainer, t.admin][Math.floor(n / 3) % 3]!;
      const cookie = await signIn(person.email);
      if (cookie)
        await send(`${cluster.balancerUrl}/api/me`, {
          what: 'me after sign-in',
          headers: { ...headersFor(0), cookie },
        });
      n += 1;
      await sleep(1_500);
    }
    return n;
  })();
  const travels: { status: number | null; ms: number }[] = [];
  const travelling = (async () => {
    for (let k = 0; k < TRAVELS; k++) {
      await sleep(Math.max(0, loadStart + ((k + 1) * loadMs) / (TRAVELS + 1) - Date.now()));
      for (let attempt = 0; attempt < 5; attempt++) {
        const at = Date.now();
        const res = await send(`${cluster.balancerUrl}/api/dev/clock`, {
          what: 'clock travel',
          method: 'POST',
          headers: { ...JSON_HEADERS, cookie: cookies[0]! },
          body: JSON.stringify({ days: 1 }),
        });
        travels.push({ status: res?.status ?? null, ms: Date.now() - at });
        if (res?.status === 200) break;
        await sleep(1_000);
      }
    }
  })();
  const uploads: { gymId: number; cookie: string }[] = [];
  const uploading = (async () => {
    const gyms = tenants.flatMap((t, i) => [
      { gymId: t.gymA.id, cookie: cookies[i]! },
      { gymId: t.gymB.id, cookie: cookies[i]! },
    ]);
    for (const [n, gym] of gyms.entries()) {
      await sleep(Math.max(0, loadStart + ((n + 1) * loadMs) / (gyms.length + 2) - Date.now()));
      const png = await sharp({ create: { width: 64 + n, height: 64, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer();
      for (let attempt = 0; attempt < 3; attempt++) {
        const form = new FormData();
        form.append('collection', 'logo');
        form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
        const res = await send(`${cluster.balancerUrl}/api/gyms/${gym.gymId}/logo`, {
          what: 'logo upload',
          method: 'POST',
          headers: { cookie: gym.cookie, 'x-requested-with': 'XMLHttpRequest' },
          body: form,
        });
        if (res?.status === 200) {
          uploads.push(gym);
          break;
        }
        console.log(`  logo upload to gym ${gym.gymId}: ${res?.status ?? 'connection closed'} (tried again)`);
        await sleep(1_000);
      }
    }
    return gyms.length;
  })();
  const killing = Promise.all([
    (async () => {
      const web = cluster.webs[randomInt(2)]!;
      await sleep(randomInt(Math.round(loadMs * 0.2), Math.round(loadMs * 0.6)));
      kills.push({ what: web.name, at: Date.now() });
      await web.kill('SIGKILL');
      webGone = Date.now();
      await web.restart();
      kills.push({ what: `${web.name} ready again`, at: Date.now() });
    })(),
    (async () => {
      const worker = cluster.workers[randomInt(2)]!;
      await sleep(randomInt(Math.round(loadMs * 0.1), Math.round(loadMs * 0.8)));
      kills.push({ what: worker.name, at: Date.now() });
      await worker.kill('SIGKILL');
      await worker.restart();
      kills.push({ what: `${worker.name} ready again`, at: Date.now() });
    })(),
  ]);

  const result = await load;
  const [signIns, , uploadsTried] = await Promise.all([signingIn, travelling, uploading, killing]);

  const webKill = kills.find((k) => /^web\d$/.test(k.what))!;
  // The killed server's requests in flight: sent before its process had gone, answered after the kill
  // (HAProxy's 502 for a connection that died mid-request).
  const inFlight = (a: { sentAt: number; at: number }) => a.sentAt <= webGone && a.at >= webKill.at;
  const all = [...loadAnswers, ...answers];
  const fiveHundreds = all.filter((a) => a.status >= 500);
  const outside = fiveHundreds.filter((a) => !inFlight(a));
  const latencies = loadAnswers.map((a) => a.at - a.sentAt);
  const statuses: Record<string, number> = {};
  for (const a of all) statuses[a.status] = (statuses[a.status] ?? 0) + 1;

  // The end state: the shared clock, and everything the providers owe answered.
  const clockRes = await fetch(`${cluster.balancerUrl}/api/dev/clock`, { headers: headersFor(0) });
  const clockNow = ((await clockRes.json()) as { data: { now: string; today: CalendarDate } }).data;
  const lastDay = clockNow.today;
  const settleEnd = Date.now() + 60_000;
  let pending = 0;
  do {
    const [row] = await queryRows<{ pending: number }>(
      database.db,
      sql`select count(*)::int as pending from payments where status = 'pending_request'`,
    );
    pending = row?.pending ?? 0;
    if (pending > 0) await sleep(1_000);
  } while (pending > 0 && Date.now() < settleEnd);

  console.log(`
  load:     ${result.requests.total} requests in ${seconds} s (${result.requests.average}/s), ${connections} connections
  latency:  p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms
  beside:   ${signIns} sign-ins, ${uploads.length} of ${uploadsTried} logo uploads, clock travels ${travels.map((t) => `${t.status ?? 'closed'} in ${(t.ms / 1000).toFixed(1)} s`).join(', ')}
  statuses: ${JSON.stringify(statuses)}; connection errors ${result.errors}, timeouts ${result.timeouts}
  kills:    ${kills.map((k) => `${k.what} at ${((k.at - loadStart) / 1000).toFixed(1)} s`).join(', ')}
  5xx:      ${fiveHundreds.length} (${fiveHundreds.length - outside.length} in flight at the web server's kill, which took ${webGone - webKill.at} ms)
  clock:    ${clockNow.now} (Auckland ${lastDay}); attempts still waiting on the bank: ${pending}`);

  for (const a of outside.slice(0, 10))
    console.log(
      `  5xx ${a.status} ${'what' in a ? a.what : 'load'}: sent at ${((a.sentAt - loadStart) / 1000).toFixed(1)} s, answered at ${((a.at - loadStart) / 1000).toFixed(1)} s`,
    );
  check(
    outside.length === 0,
    `no answer of 500 or more except the killed server's requests in flight (${outside.length} others)`,
  );
  check(
    result.requests.total > 0 && latencies.length > 0 && (statuses['200'] ?? 0) >= all.length * 0.95,
    `19 in 20 requests answered 200 (${statuses['200'] ?? 0} of ${all.length})`,
  );
  check(travels.filter((t) => t.status === 200).length === TRAVELS, `the clock travelled ${TRAVELS} times`);
  check(uploads.length === uploadsTried, `every logo upload went through the balancer (${uploads.length})`);
  let readable = 0;
  for (const upload of uploads) {
    for (const url of cluster.webUrls) {
      const res = await fetch(`${url}/api/gyms/${upload.gymId}/logo`, {
        headers: { cookie: upload.cookie, 'x-requested-with': 'XMLHttpRequest' },
      });
      const body = Buffer.from(await res.arrayBuffer());
      const meta =
        res.status === 200
          ? await sharp(body)
              .metadata()
              .catch(() => null)
          : null;
      if (meta?.format === 'png') readable += 1;
      else console.log(`  gym ${upload.gymId}'s logo through ${url}: ${res.status}`);
    }
  }
  check(
    readable === uploads.length * cluster.webUrls.length,
    `every upload readable through each web server (${readable} reads)`,
  );

  // Charges: the schedule worked out here, against the charges made and the bank's own ledger.
  const charges = await queryRows<{ id: number; subscription_id: number; period_start: string }>(
    database.db,
    sql`select id::int, subscription_id::int, period_start::text from charges
        where kind = 'period' and subscription_id in ${billingMembers.map((m) => m.subscriptionId)}`,
  );
  const attempts = await queryRows<{
    charge_id: number;
    status: string;
    akahu_id: string | null;
    error: string | null;
  }>(
    database.db,
    sql`select charge_id::int, status, akahu_id, error_status || ': ' || coalesce(error_description, '') as error
        from payments
        where subscription_id in ${billingMembers.map((m) => m.subscriptionId)}`,
  );
  const made = new Map<string, number>();
  for (const c of charges)
    made.set(
      `${c.subscription_id} ${c.period_start}`,
      (made.get(`${c.subscription_id} ${c.period_start}`) ?? 0) + 1,
    );
  let expected = 0;
  let missing = 0;
  const due = new Set<string>();
  for (const m of billingMembers) {
    const step = m.frequency === 'daily' ? 1 : 7;
    for (let day = m.start; day <= lastDay; day = addDays(day, step)) {
      expected += 1;
      due.add(`${m.subscriptionId} ${day}`);
      if (!made.has(`${m.subscriptionId} ${day}`)) missing += 1;
    }
  }
  const twice = [...made.values()].filter((n) => n > 1).length;
  const extra = [...made.keys()].filter((k) => !due.has(k)).length;
  const attemptStatuses: Record<string, number> = {};
  const errors: Record<string, number> = {};
  for (const a of attempts) {
    attemptStatuses[a.status] = (attemptStatuses[a.status] ?? 0) + 1;
    if (a.error) errors[a.error] = (errors[a.error] ?? 0) + 1;
  }
  console.log(`  attempts: ${JSON.stringify(attemptStatuses)} ${JSON.stringify(errors)}`);
  const paidPerCharge = new Map<number, number>();
  for (const a of attempts)
    if (a.status === 'sent') paidPerCharge.set(a.charge_id, (paidPerCharge.get(a.charge_id) ?? 0) + 1);
  const paidTwice = [...paidPerCharge.values()].filter((n) => n > 1).length;
  const akahuUrl = new URL(cluster.sandbox.akahu.url);
  const bank = new AkahuClient({
    appToken: SANDBOX_DEFAULTS.akahuAppToken,
    appSecret: SANDBOX_DEFAULTS.akahuAppSecret,
    protocol: 'http',
    host: akahuUrl.hostname,
    port: Number(akahuUrl.port),
  });
  const chargeOfAkahu = new Map(attempts.flatMap((a) => (a.akahu_id ? [[a.akahu_id, a.charge_id]] : [])));
  const bankPaymentsPerCharge = new Map<number, number>();
  let bankPayments = 0;
  let unnamed = 0;
  for (const m of billingMembers) {
    for (const p of await bank.payments.list(m.akahuToken)) {
      bankPayments += 1;
      const charge = chargeOfAkahu.get(p._id);
      if (charge === undefined) unnamed += 1;
      else if (!['DECLINED', 'ERROR', 'CANCELLED'].includes(p.status))
        bankPaymentsPerCharge.set(charge, (bankPaymentsPerCharge.get(charge) ?? 0) + 1);
    }
  }
  const bankTwice = [...bankPaymentsPerCharge.values()].filter((n) => n > 1).length;
  console.log(
    `  charges:  ${expected} due by ${lastDay} for ${billingMembers.length} members paying by bank; ${charges.length} made, missing ${missing}, extra ${extra}, made twice ${twice}, paid twice ${paidTwice}; bank ledger ${bankPayments} payments, ${bankTwice} charges with two, ${unnamed} named by no attempt`,
  );
  check(
    missing === 0 && extra === 0 && twice === 0 && paidTwice === 0 && bankTwice === 0 && unnamed === 0,
    'every charge due made exactly once, and paid at the bank at most once',
  );
  check(
    paidPerCharge.size === charges.length && bankPaymentsPerCharge.size === charges.length,
    `every charge made was collected: ${paidPerCharge.size} of ${charges.length} paid, ${bankPaymentsPerCharge.size} at the bank`,
  );

  // Door access: what the rules entitle each membership to, against what Kisi holds, once the outbox
  // of door checks has drained (the workers drain it each pass). A working drain renews its claim every
  // 5 s, so a check a killed process had claimed is taken again once its claim is 30 s old
  // (billing/transitions.ts STALE_CLAIM), by the next worker pass (every 3 s here): 90 s is ample.
  let doorMismatches: { userId: number; line: string }[] = [];
  const doorStart = Date.now();
  const doorEnd = doorStart + 90_000;
  do {
    doorMismatches = [];
    for (const [i, t] of tenants.entries()) {
      for (const m of t.billing) {
        const res = await fetch(`${cluster.balancerUrl}/api/members/${m.userId}/access-control`, {
          headers: headersFor(i),
        });
        const { should_have_access, has_access } = (
          (await res.json()) as {
            data: { should_have_access: boolean; has_access: boolean };
          }
        ).data;
        if (res.status !== 200 || should_have_access !== has_access)
          doorMismatches.push({
            userId: m.userId,
            line: `member ${m.userId}: entitled ${should_have_access}, Kisi ${has_access}`,
          });
      }
    }
    if (doorMismatches.length > 0) await sleep(3_000);
  } while (doorMismatches.length > 0 && Date.now() < doorEnd);
  const entitled = billingMembers.length - doorMismatches.length;
  console.log(
    `  doors:    ${entitled} of ${billingMembers.length} memberships' door access as entitled (after ${((Date.now() - doorStart) / 1000).toFixed(0)} s)`,
  );
  for (const { line } of doorMismatches.slice(0, 5)) console.log(`            ${line}`);
  // What the database holds of a mismatched membership: its state, its door checks, its credentials and
  // the door entries of its activity (enough to tell a lost check from a wrong answer).
  for (const { userId } of doorMismatches.slice(0, 3)) {
    const facts = await queryRows<{ what: string; row: unknown }>(
      database.db,
      sql`select 'subscription' as what, to_jsonb(s) - 'meta' as row from subscriptions s where s.user_id = ${userId}
          union all select 'door check', to_jsonb(c) from membership_door_checks c
            join subscriptions s on s.id = c.subscription_id where s.user_id = ${userId}
          union all select 'credential', to_jsonb(k) from access_credentials k where k.user_id = ${userId}
          union all select 'activity', jsonb_build_object('at', a.created_at, 'action', a.action, 'data', a.data)
            from activity_log a where a.user_id = ${userId} order by 1`,
    ).catch((error: unknown) => [{ what: 'error', row: String(error) }]);
    for (const f of facts) console.log(`            ${f.what}: ${JSON.stringify(f.row)}`);
  }
  check(doorMismatches.length === 0, "every membership's door access equals its entitlement");

  // The standby: once it has replayed what the primary wrote, the same figures on both.
  const { lagMs } = await cluster.postgres.caughtUp();
  const now = new Date(clockNow.now);
  // The past days' roll-up is written on the primary (as the product's dashboard does with a replica).
  const figures = async (db: typeof database.db) => {
    const [counts] = await queryRows<Record<string, number>>(
      db,
      sql`select (select count(*) from charges)::int as charges, (select count(*) from payments)::int as payments,
                 (select coalesce(sum(amount), 0) from payments where status = 'sent')::bigint as collected,
                 (select count(*) from subscriptions)::int as subscriptions,
                 (select count(*) from activity_log)::int as activity`,
    );
    const stats = [];
    for (const t of tenants)
      stats.push(
        await dashboardStats(db, { organisationId: t.organisation.id, gymIds: null }, now, 30, database.db),
      );
    return JSON.stringify({ counts, stats });
  };
  const onPrimary = await figures(database.db);
  // What the primary's figures rolled up reaches the standby too before it answers.
  await cluster.postgres.caughtUp();
  const onStandby = await figures(replica.db);
  console.log(`  replica:  caught up in ${lagMs} ms; figures ${onPrimary.length} characters of JSON each`);
  check(onPrimary === onStandby, "the standby's figures equal the primary's once caught up");
  exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  failures.push(String(error));
} finally {
  await stopAll();
}
console.log(
  `\ncluster-test: ${failures.length === 0 ? 'passed' : `${failures.length} failed`} (${((Date.now() - started) / 1000).toFixed(0)} s; npm run test:cluster)`,
);
process.exit(exitCode);
