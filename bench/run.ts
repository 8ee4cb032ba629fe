// `npm run bench [-- scenario-name …] [--duration 10] [--connections 10]`: starts the real server on the
// bench database (build it first: npm run bench:data), signs in as the bench admin, runs every scenario
// in bench/scenarios with autocannon over loopback, and appends the figures to bench/RESULTS.md.
import { readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_ADMIN, BENCH_DATABASE_URL, option } from './bench-config';
import { appendResults, type Figures } from './results';
import { pageHeaders, type Scenario } from './scenario';
import { startServer } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3999);

async function loadScenarios(only: string[]): Promise<Scenario[]> {
  const dir = new URL('./scenarios/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  const loaded = await Promise.all(
    files.map(async (f) => (await import(new URL(f, dir).href)).scenario as Scenario),
  );
  return loaded.filter((s) => only.length === 0 || only.includes(s.name)).sort((a, b) => a.order - b.order);
}

/** What the bench database holds, or null when `npm run bench:data` has not been run. */
async function describeData(): Promise<string | null> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query(`select current_setting('server_version') as version,
      (select count(*) from organisation_members)::int as members, (select count(*) from payments)::int as payments,
      (select count(*) from visits)::int as visits`);
    const r = rows[0];
    if (!r.members) return null;
    const n = (v: number) => v.toLocaleString('en-NZ');
    return `PostgreSQL ${r.version}; ${n(r.members)} members, ${n(r.payments)} payments, ${n(r.visits)} visits`;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function signIn(baseUrl: string): Promise<{ cookie?: string; problem?: string }> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: pageHeaders(undefined, true),
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith('gym_session='));
  if (response.ok && session) return { cookie: session.split(';')[0] };
  return { problem: `POST /api/login answered ${response.status} ${(await response.text()).slice(0, 120)}` };
}

async function main() {
  const duration = Number(option('duration', '10'));
  const connections = Number(option('connections', '10'));
  const only = process.argv
    .slice(2)
    .filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  const scenarios = await loadScenarios(only);
  const data = await describeData();
  if (!data)
    throw new Error(`No bench data at ${BENCH_DATABASE_URL}. Run: npm run bench:data -- --members 100000`);

  const server = await startServer(PORT);
  const figures: Figures[] = [];
  const skipped: string[] = [];
  try {
    const session = await signIn(server.baseUrl);
    if (session.problem)
      process.stdout.write(`Sign-in failed, skipping scenarios that need a session: ${session.problem}\n`);
    for (const scenario of scenarios) {
      if (scenario.needsSession && !session.cookie) {
        skipped.push(`${scenario.name} (no session: ${session.problem})`);
        continue;
      }
      const { method, path, body } = scenario.request;
      process.stdout.write(
        `${scenario.name}: ${method} ${path}, ${duration} s, ${connections} connections… `,
      );
      const result = await autocannon({
        url: `${server.baseUrl}${path}`,
        method,
        connections,
        duration,
        headers: pageHeaders(session.cookie, body !== undefined),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const f: Figures = {
        name: scenario.name,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        total: result.requests.total,
      };
      figures.push(f);
      process.stdout.write(
        `${f.requestsPerSecond.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, non-2xx ${f.non2xx}\n`,
      );
    }
  } finally {
    await server.stop();
  }
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const load = `${duration} s and ${connections} connections per scenario, loopback`;
  appendResults(figures, { command, load, data, skipped });
  process.stdout.write('Figures appended to bench/RESULTS.md\n');
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
