// `npm run clock -- --days 30` (or `--to 2027-01-01T09:00:00+13:00`, or no option to read it): moves the
// running sandbox's clock forward through POST /api/dev/clock, as an organisation admin (the demo's by
// default; --email and --password for another), and prints each billing day it ran on the way.
import { parseArgs } from 'node:util';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/public';

const { values } = parseArgs({
  options: {
    days: { type: 'string' },
    to: { type: 'string' },
    email: { type: 'string', default: DEMO_EMAILS.admin },
    password: { type: 'string', default: DEMO_PASSWORD },
    url: { type: 'string', default: process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
  },
});

const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

async function main() {
  const login = await fetch(`${values.url}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: values.email, password: values.password }),
  });
  if (!login.ok) throw new Error(`Sign-in as ${values.email} failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const moving = values.days !== undefined || values.to !== undefined;
  const body = values.to !== undefined ? { to: values.to } : { days: Number(values.days) };
  const started = Date.now();
  const res = await fetch(`${values.url}/api/dev/clock`, {
    method: moving ? 'POST' : 'GET',
    headers: { ...headers, cookie },
    ...(moving ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await res.json()) as {
    data?: { now: string; today: string; days?: Record<string, number | string>[] };
    message?: string;
    errors?: Record<string, string[]>;
  };
  if (!res.ok || !answer.data) {
    throw new Error(`${res.status}: ${answer.message ?? ''} ${JSON.stringify(answer.errors ?? {})}`);
  }
  for (const day of answer.data.days ?? []) {
    const { day: date, ...counts } = day;
    const done = Object.entries(counts).filter(([, n]) => n !== 0);
    process.stdout.write(`${date}  ${done.map(([k, n]) => `${k} ${n}`).join(', ') || 'nothing due'}\n`);
  }
  process.stdout.write(
    `The clock reads ${answer.data.now} (${answer.data.today} in Auckland)${moving ? `; moved in ${((Date.now() - started) / 1000).toFixed(1)} s` : ''}.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
