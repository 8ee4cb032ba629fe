// `npm run bench [-- scenario-name …] [--duration 10] [--connections 10]`: starts the real server on the
// bench database (build it first: npm run bench:data) on free ports, signs in as the bench admins, and for
// every scenario in bench/scenarios drives the API call with autocannon over loopback and, beside it, the
// SQL that call runs straight through the driver at the same concurrency; prints requests/s, p50, p95 and
// p99 of both and the ratio app ÷ raw, and appends them to bench/RESULTS.md.
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { BENCH_ADMIN, BENCH_DATABASE_URL, BENCH_GYM_ADMIN, option } from './bench-config';
import { driveApi, driveSql } from './measure';
import { appendResults, type Figures } from './results';
import { type BenchContext, pageHeaders, type Scenario } from './scenario';
import { benchPort, startServer } from './server';

async function loadScenarios(only: string[]): Promise<Scenario[]> {
  const dir = new URL('./scenarios/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  const loaded = await Promise.all(
    files.map(async (f) => (await import(new URL(f, dir).href)).scenarios as Scenario[]),
  );
  return loaded
    .flat()
    .filter((s) => only.length === 0 || only.some((o) => s.name === o || s.name.startsWith(`${o}-`)))
    .sort((a, b) => a.order - b.order);
}

/** What the bench database holds, or null when `npm run bench:data` has not been run. */
async function describeData(pool: pg.Pool): Promise<string | null> {
  try {
    const { rows } = await pool.query(`select current_setting('server_version') as version,
      (select count(*) from organisation_members)::int as members, (select count(*) from payments)::int as payments,
      (select count(*) from visits)::int as visits`);
    const r = rows[0];
    if (!r.members) return null;
    const n = (v: number) => v.toLocaleString('en-NZ');
    return `PostgreSQL ${r.version}; ${n(r.members)} members, ${n(r.payments)} payments, ${n(r.visits)} visits`;
  } catch {
    return null;
  }
}

async function benchContext(pool: pg.Pool): Promise<BenchContext> {
  const { rows } = await pool.query<{ org: string; gyms: string[] | null }>(
    `select s.organisation_id as org,
       (select array_agg(g.gym_id) from gym_staff g join users gu on gu.id = g.user_id where gu.email = $2) as gyms
     from organisation_staff s join users u on u.id = s.user_id where u.email = $1`,
    [BENCH_ADMIN.email, BENCH_GYM_ADMIN.email],
  );
  const row = rows[0];
  if (!row) throw new Error(`${BENCH_ADMIN.email} is not on the bench database: run npm run bench:data`);
  return { pool, organisationId: Number(row.org), gymIds: (row.gyms ?? []).map(Number) };
}

async function signIn(
  baseUrl: string,
  person: { email: string; password: string },
): Promise<{ cookie?: string; problem?: string }> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: pageHeaders(undefined, true),
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith('gym_session='));
  if (response.ok && session) return { cookie: session.split(';')[0] };
  return {
    problem: `POST /api/login as ${person.email} answered ${response.status} ${(await response.text()).slice(0, 120)}`,
  };
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

async function main() {
  const duration = Number(option('duration', '10'));
  const connections = Number(option('connections', '10'));
  const only = process.argv
    .slice(2)
    .filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  const scenarios = await loadScenarios(only);
  // The raw side's own pool: a client per connection, like the server's pool of DATABASE_POOL_SIZE (10).
  const pool = new pg.Pool({ connectionString: BENCH_DATABASE_URL, max: connections });
  const figures: Figures[] = [];
  const skipped: string[] = [];
  try {
    const data = await describeData(pool);
    if (!data)
      throw new Error(`No bench data at ${BENCH_DATABASE_URL}. Run: npm run bench:data -- --members 100000`);
    const context = await benchContext(pool);
    const server = await startServer(await benchPort());
    try {
      const sessions = {
        admin: await signIn(server.baseUrl, BENCH_ADMIN),
        'gym-admin': await signIn(server.baseUrl, BENCH_GYM_ADMIN),
      };
      for (const scenario of scenarios) {
        const session = scenario.session ? sessions[scenario.session] : undefined;
        if (session && !session.cookie) {
          skipped.push(`${scenario.name} (no session: ${session.problem})`);
          continue;
        }
        const request =
          typeof scenario.request === 'function' ? await scenario.request(context) : scenario.request;
        const { method, path, body } = request;
        process.stdout.write(`${scenario.name}: ${method} ${path} ${body ? JSON.stringify(body) : ''}\n`);
        const statements = await scenario.statements(context);
        const clients = scenario.connections ?? connections;
        const app = await driveApi(
          server.baseUrl,
          request,
          pageHeaders(session?.cookie, body !== undefined),
          clients,
          duration,
          scenario.timeoutSeconds,
        );
        const raw = await driveSql(pool, statements, clients, duration);
        const f: Figures = { name: scenario.name, statements: statements.length, app, raw };
        figures.push(f);
        for (const [side, s] of [
          ['  app', app],
          ['  raw', raw],
        ] as const)
          process.stdout.write(
            `${side}: ${s.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, p99 ${ms(s.p99)} ms, failures ${s.failures}\n`,
          );
        process.stdout.write(
          `  app ÷ raw: p50 ${(app.p50 / raw.p50).toFixed(2)}, p95 ${(app.p95 / raw.p95).toFixed(2)} (${statements.length} statements a request)\n`,
        );
      }
    } finally {
      await server.stop();
    }
    const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
    const own = scenarios
      .filter((s) => s.connections !== undefined && figures.some((f) => f.name === s.name))
      .map((s) => `${s.name} at ${s.connections}`);
    const load = `${duration} s and ${connections} connections per side and scenario${own.length ? ` (${own.join(', ')})` : ''}, loopback`;
    appendResults(figures, { command, load, data, skipped });
    process.stdout.write('Figures appended to bench/RESULTS.md\n');
  } finally {
    await pool.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
