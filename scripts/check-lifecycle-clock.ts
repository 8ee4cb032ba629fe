// `npx tsx scripts/check-lifecycle-clock.ts [--days 400] [--port 3320]` (or `npm run test:lifecycle --
// --clock 400`): issue 23's "Done when" on a fresh demo. Starts the product as `npm start` does (the
// server and its provider simulators, scripts/serve.ts) on a throwaway PGlite data directory, so the demo
// is seeded from scratch; moves the clock forward the given days through POST /api/dev/clock (as `npm run
// clock` does, in moves of at most 25 days, each reported as it ends), running every
// billing day on the way; then, for every member of both demo organisations, reads
// GET /api/members/{id}/access-control and requires should_have_access === has_access, and reads
// GET /api/expected-payments-debugging?drift_only=true over every day since the demo's history began (in
// 62-day windows) and requires no drift. Prints what it found and the time it took; exits 1 on a mismatch.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/public';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '400' },
    port: { type: 'string', default: process.env.E2E_PORT ?? '3320' },
    keep: { type: 'boolean', default: false },
  },
});

const root = new URL('..', import.meta.url).pathname;
const port = Number(values.port);
const days = Number(values.days);
const base = `http://127.0.0.1:${port}`;
const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
const say = (line: string) => process.stdout.write(`${line}\n`);
const MOVE_DAYS = 25;

function startServer(dataDir: string): ChildProcess {
  // The embedded database, whatever DATABASE_URL the calling shell has.
  const { DATABASE_URL: _server, ...inherited } = process.env;
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['scripts/serve.ts'], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      REGISTER_URL: `http://join.localhost:${port}`,
      SANDBOX_AKAHU_PORT: String(port + 1),
      SANDBOX_STRIPE_PORT: String(port + 2),
      SANDBOX_KISI_PORT: String(port + 3),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitForHealth(child: ChildProcess, limitMs: number) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error(`the server did not answer /api/health within ${limitMs / 1000} s`);
}

/**
 * One API call over node:http, with no time limit: a move of the clock answers when its days have run,
 * which on a loaded machine takes longer than fetch waits for an answer's headers (300 s).
 */
function call(cookie: string, method: string, path: string, body?: unknown) {
  return new Promise<{ data: unknown; meta?: { last_page?: number } }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        headers: { ...headers, cookie, ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 300)
            reject(new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: DEMO_EMAILS.admin, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as ${DEMO_EMAILS.admin}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function main() {
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'gym-lifecycle-clock-'));
  say(`Fresh demo on ${dataDir}, port ${port} (simulators ${port + 1}-${port + 3})`);
  const child = startServer(dataDir);
  let failed = false;
  try {
    await waitForHealth(child, 60 * 60_000);
    const seededAt = Date.now();
    say(`Started and seeded in ${Math.round((seededAt - started) / 1000)} s`);
    const cookie = await signIn();
    const before = (await call(cookie, 'GET', '/api/dev/clock')).data as { today: string };
    for (let moved = 0; moved < days; moved += MOVE_DAYS) {
      const step = Math.min(MOVE_DAYS, days - moved);
      await call(cookie, 'POST', '/api/dev/clock', { days: step });
      say(`  moved ${moved + step} of ${days} days (${Math.round((Date.now() - seededAt) / 1000)} s)`);
    }
    const after = (await call(cookie, 'GET', '/api/dev/clock')).data as { today: string };
    const travelled = Date.now();
    say(`Clock ${before.today} → ${after.today} in ${Math.round((travelled - seededAt) / 1000)} s`);

    const me = (await call(cookie, 'GET', '/api/me')).data as {
      organisations: { id: number; name: string }[];
    };
    for (const organisation of me.organisations) {
      await call(cookie, 'POST', `/api/organisations/${organisation.id}/switch`, {});
      const memberIds: number[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await call(cookie, 'GET', `/api/members?per_page=100&page=${page}`);
        memberIds.push(...(answer.data as { id: number }[]).map((m) => m.id));
        if (page >= (answer.meta?.last_page ?? 1)) break;
      }
      const mismatches: string[] = [];
      let entitled = 0;
      for (const id of memberIds) {
        const access = (await call(cookie, 'GET', `/api/members/${id}/access-control`)).data as {
          should_have_access: boolean;
          has_access: boolean;
        };
        if (access.should_have_access) entitled += 1;
        if (access.should_have_access !== access.has_access)
          mismatches.push(
            `member ${id}: should_have_access ${access.should_have_access}, has_access ${access.has_access}`,
          );
      }
      // Every day since the demo's history began (its 42 days), in windows of 62 days.
      const drift: string[] = [];
      for (let from = addDays(before.today, -45); from <= after.today; from = addDays(from, 62)) {
        const to = addDays(from, 61) < after.today ? addDays(from, 61) : after.today;
        for (let page = 1; ; page += 1) {
          const answer = await call(
            cookie,
            'GET',
            `/api/expected-payments-debugging?from=${from}&to=${to}&drift_only=true&per_page=100&page=${page}`,
          );
          for (const row of answer.data as {
            subscription_id: number | null;
            period_start: string | null;
            drift: string | null;
            drift_label: string | null;
          }[])
            if (row.drift)
              drift.push(
                `subscription ${row.subscription_id} ${row.period_start}: ${row.drift} (${row.drift_label})`,
              );
          if (page >= (answer.meta?.last_page ?? 1)) break;
        }
      }
      say(
        `${organisation.name}: ${memberIds.length} members, ${entitled} entitled to the doors; ${mismatches.length} door access mismatches; ${drift.length} expected-payments drift rows`,
      );
      for (const line of [...mismatches, ...drift].slice(0, 40)) say(`  ${line}`);
      if (mismatches.length + drift.length > 0) failed = true;
    }
    say(
      `${failed ? 'FAILED' : 'PASSED'} in ${Math.round((Date.now() - started) / 1000)} s (start and seed ${Math.round((seededAt - started) / 1000)} s, ${days} days ${Math.round((travelled - seededAt) / 1000)} s, checks ${Math.round((Date.now() - travelled) / 1000)} s)`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
