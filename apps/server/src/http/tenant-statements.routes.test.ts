// The tenant statement test (issue 28, decision 014): records every statement the database runs while an
// organisation's staff call the application, and fails on one that reads or writes a tenant table without
// that organisation in it, or that names another organisation (db/tenant-statements.ts holds the check and
// its one list of allowed exceptions). The calls: every GET operation of the OpenAPI document (a new route
// is covered without anyone adding it), with path ids of the caller's own records, then changes of a
// membership (pause, cancel, undo, manual payment), a member's details and a bulk price change, all while a
// second organisation with the same kinds of records exists. Organisation ids start at 700001, far above
// every other id, so an organisation's id in a statement is told apart from a record's.
import { addDays } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import {
  ALLOWED_REQUESTS,
  ALLOWED_STATEMENTS,
  checkStatements,
  type RecordedStatement,
  tablesOf,
} from '../db/tenant-statements';
import {
  makeWorld,
  todayOf,
  type World,
  weeklyMember,
  weeklyPrice,
} from '../features/subscriptions/subscriptions.test-support';
import { createTestApp, pageRequest, type TestApp } from '../test/test-app';

let recording: string | null = null;
const recorded: RecordedStatement[] = [];
let t: TestApp;
let w: World;
let tenantTables: Set<string>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onStatement: (statement, params) => {
        if (recording !== null) recorded.push({ statement, params, during: recording });
      },
    },
  );
  await t.db.execute(sql`alter table organisations alter column id restart with 700001`);
  w = await makeWorld(t);
  tenantTables = new Set(
    (
      await queryRows<{ table_name: string }>(
        t.db,
        sql`select table_name from information_schema.columns
            where table_schema = 'public' and column_name = 'organisation_id'`,
      )
    ).map((r) => r.table_name),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(method: Method, url: string, payload?: object, cookie = w.cookies.admin) {
  recording = `${method} ${url}`;
  try {
    return await t.app.inject(pageRequest({ method, url, cookie, ...(payload ? { payload } : {}) }));
  } finally {
    recording = null;
  }
}

describe('the statements of an organisation’s calls', () => {
  it('every tenant table carries organisation_id (the distribution key)', async () => {
    const tables = await queryRows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    // The tables of no organisation, each for a reason (decision 014 makes them reference or local tables).
    const global: Record<string, string> = {
      organisations: 'the tenants themselves (distributed by their id, co-located with the rest)',
      users: 'a person may be a member or staff of several organisations',
      sessions: "a person's sign-in, before and across organisations",
      email_changes: "a person's own e-mail address change",
      rate_limits: 'counters by address and e-mail, before anyone is known',
      billing_runs: 'one row per business day the daily run has passed, for every organisation',
      dev_clock: 'the sandbox clock',
      __drizzle_migrations: 'the schema version',
    };
    const missing = tables
      .map((r) => r.table_name)
      .filter((name) => !tenantTables.has(name) && !(name in global));
    expect(missing).toEqual([]);
    expect(tenantTables.has('jobs')).toBe(true);
  });

  it('names the caller’s organisation in every statement on a tenant table, and no other', async () => {
    const other = await weeklyMember({ ...w, tenant: w.other });
    const { member, sub } = await weeklyMember(w);
    const second = await weeklyMember(w);
    const [payment] = await queryRows<{ id: number }>(
      t.db,
      sql`select id::int from payments where organisation_id = ${w.tenant.organisation.id} limit 1`,
    );
    const price = await weeklyPrice(w);
    const ids: Record<string, number> = {
      members: member.id,
      users: member.id,
      subscriptions: sub.id,
      gyms: w.tenant.gymA.id,
      organisations: w.tenant.organisation.id,
      prices: price.id,
      offerings: price.offeringId,
      staff: w.tenant.gymAdmin.id,
      payments: payment?.id ?? 1,
    };

    recording = 'openapi';
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    recording = null;
    let gets = 0;
    const notAnswered: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!('get' in operations) || path.startsWith('/api/dev/') || path.includes('/webhooks/')) continue;
      // Each id of the path is a record of the caller's organisation of the kind the segment before names.
      const segments = path.split('/');
      const url = segments
        .map((segment, i) =>
          segment.startsWith('{') ? String(ids[segments[i - 1] ?? ''] ?? member.id) : segment,
        )
        .join('/');
      // The member's own calls (/api/me/…) as a member of the organisation, the rest as its admin.
      const res = await call(
        'GET',
        url,
        undefined,
        path.startsWith('/api/me/') ? w.cookies.member : w.cookies.admin,
      );
      gets += 1;
      if (res.statusCode !== 200) notAnswered.push(`${url} ${res.statusCode}`);
    }
    expect(gets).toBeGreaterThan(60);
    // Most calls find their record (a refusal runs fewer statements).
    expect(notAnswered.length, notAnswered.join('\n')).toBeLessThan(gets / 4);

    // Changes of a membership and a member, as the back office makes them.
    const today = todayOf(t);
    expect(
      (
        await call('POST', `/api/subscriptions/${sub.id}/pause`, {
          start_date: addDays(today, 2),
          end_date: addDays(today, 9),
          reason: 'Travel',
        })
      ).statusCode,
    ).toBeLessThan(500);
    expect(
      (
        await call('POST', `/api/subscriptions/${second.sub.id}/cancel`, {
          cancellation_reasons: ['moving'],
          comment: 'Moving away',
        })
      ).statusCode,
    ).toBeLessThan(500);
    await call('POST', `/api/subscriptions/${second.sub.id}/undo-cancellation`, {});
    await call('PUT', `/api/members/${member.id}`, { name: 'Renamed Member' });
    await call('POST', '/api/subscriptions/bulk', {
      gym_id: null,
      current_price_ids: [price.id],
      new_price_id: price.id,
      takes_effect_at: addDays(today, 10),
    });
    // Another organisation's records asked for: refused, and still only the caller's organisation named.
    await call('GET', `/api/members/${other.member.id}`);
    await call('GET', `/api/subscriptions/${other.sub.id}`);

    const problems = checkStatements(
      recorded,
      tenantTables,
      w.tenant.organisation.id,
      w.other.organisation.id,
    );
    const seen = new Set<string>();
    const unique = problems.filter((p) => {
      const key = `${p.problem} ${p.statement.slice(0, 160)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(
      unique.map(
        (p) => `${p.problem} (${p.tables.join(', ')}) during ${p.during}: ${p.statement.slice(0, 300)}`,
      ),
    ).toEqual([]);
    expect(
      recorded.filter((r) => tablesOf(r.statement).some((t) => tenantTables.has(t))).length,
    ).toBeGreaterThan(150);
  }, 180_000);

  it('gives a reason for every allowed exception', () => {
    for (const allowed of [...ALLOWED_STATEMENTS, ...ALLOWED_REQUESTS])
      expect(allowed.reason.length).toBeGreaterThan(40);
  });
});
