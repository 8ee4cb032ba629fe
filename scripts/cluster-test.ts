// `npm run test:cluster`: starts the cluster (scripts/cluster/start-cluster.ts), sends a bounded load
// through the balancer (CLUSTER_CONNECTIONS, default 50, for CLUSTER_SECONDS, default 40: member lists,
// member pages, payments, dashboard figures, all on sessions made through the balancer) with a few logo
// uploads, kills one web server and one worker with SIGKILL at random moments and restarts them, then
// checks: no answer of 500 or more except in the moments after the kill (the killed server's requests in
// flight), every upload readable through each server, no charge made twice. Prints the figures.
import { randomInt } from 'node:crypto';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/public';
import { createMember, createTenant, TEST_PASSWORD } from '../apps/server/src/public-testing';
import { startCluster } from './cluster/start-cluster';

const connections = Number(process.env.CLUSTER_CONNECTIONS ?? 50);
const seconds = Number(process.env.CLUSTER_SECONDS ?? 40);
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const started = Date.now();
const cluster = await startCluster({
  serverUrl: process.env.CLUSTER_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  verbose: process.argv.includes('--verbose'),
});
console.log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${cluster.balancerUrl}`);
const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 4 });
let exitCode = 1;
try {
  const tenants = [];
  for (let i = 0; i < 3; i++) {
    const tenant = await createTenant(database.db);
    const members = [tenant.member];
    for (let m = 0; m < 15; m++)
      members.push(
        await createMember(database.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id }),
      );
    tenants.push({ ...tenant, members });
  }

  // Sessions made through the balancer, then used on whichever server the balancer picks.
  const signInThroughBalancer = async (email: string) => {
    const res = await fetch(`${cluster.balancerUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    if (res.status !== 200)
      throw new Error(`sign-in through the balancer: ${res.status} ${await res.text()}`);
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  };
  const cookies = await Promise.all(tenants.map((t) => signInThroughBalancer(t.admin.email)));
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
    { method: 'GET' as const, path: '/api/me', headers: headersFor(i) },
  ]);

  const fiveHundreds: number[] = [];
  const kills: { what: string; at: number }[] = [];
  const loadStart = Date.now();
  // (The package's types lack `requests`, which autocannon takes: one of them per request, in turn.)
  const load = autocannon({
    url: cluster.balancerUrl,
    connections,
    duration: seconds,
    requests,
  } as unknown as Parameters<typeof autocannon>[0]);
  load.on('response', (_client: unknown, status: number) => {
    if (status >= 500) fiveHundreds.push(Date.now());
  });

  // The uploads, spread over the run; each gym's logo, read back afterwards through each server.
  const uploads: { gymId: number; cookie: string; bytes: number }[] = [];
  const uploading = (async () => {
    for (let n = 0; n < 6; n++) {
      await new Promise((r) => setTimeout(r, ((seconds * 1000) / 8) | 0));
      const i = n % tenants.length;
      const gym = n < 3 ? tenants[i]!.gymA : tenants[i]!.gymB;
      const png = await sharp({ create: { width: 64 + n, height: 64, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('collection', 'logo');
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
      const res = await fetch(`${cluster.balancerUrl}/api/gyms/${gym.id}/logo`, {
        method: 'POST',
        headers: { cookie: cookies[i]!, 'x-requested-with': 'XMLHttpRequest' },
        body: form,
      });
      if (res.status === 200) uploads.push({ gymId: gym.id, cookie: cookies[i]!, bytes: png.length });
      else console.log(`  upload ${n} answered ${res.status} (retried later)`);
    }
  })();

  // One web server and one worker killed at random moments, each restarted at once.
  const killing = (async () => {
    const web = cluster.webs[randomInt(2)]!;
    const worker = cluster.workers[randomInt(2)]!;
    const webAt = randomInt(5_000, Math.max(6_000, (seconds * 1000) / 2));
    const workerAt = randomInt(5_000, Math.max(6_000, (seconds * 1000) / 2));
    await Promise.all([
      (async () => {
        await new Promise((r) => setTimeout(r, webAt));
        kills.push({ what: web.name, at: Date.now() });
        await web.kill('SIGKILL');
        await web.restart();
      })(),
      (async () => {
        await new Promise((r) => setTimeout(r, workerAt));
        kills.push({ what: worker.name, at: Date.now() });
        await worker.kill('SIGKILL');
        await worker.restart();
      })(),
    ]);
  })();

  const result = await load;
  await Promise.all([uploading, killing]);
  const statuses = Object.fromEntries(
    Object.entries(
      (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats,
    ).map(([code, s]) => [code, s.count]),
  );
  const webKill = kills.find((k) => k.what.startsWith('web'))!;
  // A 5xx is the killed server's request in flight when it answers within 3 s of the kill (HAProxy's
  // answer for a connection that died mid-request); any other is a failure.
  const outside = fiveHundreds.filter((at) => at < webKill.at || at > webKill.at + 3_000);
  console.log(`
  requests: ${result.requests.total} in ${seconds} s (${result.requests.average}/s), ${connections} connections
  latency:  p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms
  statuses: ${JSON.stringify(statuses)}; errors (connection): ${result.errors}, timeouts: ${result.timeouts}
  kills:    ${kills.map((k) => `${k.what} at ${((k.at - loadStart) / 1000).toFixed(1)} s`).join(', ')}
  5xx:      ${fiveHundreds.length} (${fiveHundreds.length - outside.length} within 3 s of the web server's kill)
  uploads:  ${uploads.length}`);

  check(
    outside.length === 0,
    `no answer of 500 or more outside the killed server's requests in flight (${outside.length})`,
  );
  check(
    fiveHundreds.length <= connections,
    `at most one 5xx per connection at the kill (${fiveHundreds.length} ≤ ${connections})`,
  );
  check(
    result.requests.total > 0 && (statuses['200'] ?? 0) > result.requests.total * 0.9,
    'nine in ten requests answered 200',
  );
  check(uploads.length >= 5, `uploads through the balancer succeeded (${uploads.length} of 6)`);
  for (const upload of uploads) {
    for (const url of cluster.webUrls) {
      const res = await fetch(`${url}/api/gyms/${upload.gymId}/logo`, {
        headers: { cookie: upload.cookie, 'x-requested-with': 'XMLHttpRequest' },
      });
      const body = Buffer.from(await res.arrayBuffer());
      const meta = res.status === 200 ? await sharp(body).metadata() : null;
      check(res.status === 200 && meta?.format === 'png', `gym ${upload.gymId}'s logo read through ${url}`);
    }
  }
  const duplicates = await database.db.execute(
    `select subscription_id, kind, period_start from charges group by 1, 2, 3 having count(*) > 1` as never,
  );
  const paidTwice = await database.db.execute(
    `select charge_id from payments where status = 'paid' and charge_id is not null group by 1 having count(*) > 1` as never,
  );
  const [counts] = (
    (await database.db.execute(
      `select (select count(*) from charges)::int as charges, (select count(*) from payments)::int as payments` as never,
    )) as unknown as { rows: { charges: number; payments: number }[] }
  ).rows;
  console.log(`  charges:  ${counts?.charges} charges, ${counts?.payments} payments`);
  check((duplicates as unknown as { rows: unknown[] }).rows.length === 0, 'no charge made twice');
  check((paidTwice as unknown as { rows: unknown[] }).rows.length === 0, 'no charge paid twice');
  exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  failures.push(String(error));
} finally {
  await database.close();
  await cluster.stop();
}
console.log(
  `\ncluster-test: ${failures.length === 0 ? 1 : 0} passed, ${failures.length === 0 ? 0 : 1} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
process.exit(exitCode);
