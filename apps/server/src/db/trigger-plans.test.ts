// On the embedded database every trigger function plans its statements once a session (migration 0043):
// PostgreSQL's plan cache would otherwise plan a statement keyed by an array of ids again on each call,
// most of the summary triggers' time in PGlite. A PostgreSQL server keeps its own choice. The migrator gives
// the setting again after every run (db/migrate.ts), so a function a migration replaced has it too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { type Database, queryRows } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

describe('trigger functions', () => {
  it('each plans generically on the embedded database, and as PostgreSQL chooses on a server', async () => {
    const functions = await queryRows<{ name: string; config: string[] | null }>(
      database.db,
      sql`select p.proname as name, p.proconfig as config from pg_proc p
          where p.prorettype = 'trigger'::regtype and p.pronamespace = 'public'::regnamespace
          order by p.proname`,
    );
    expect(functions.length).toBeGreaterThan(30);
    const without = functions
      .filter((f) => !(f.config ?? []).includes('plan_cache_mode=force_generic_plan'))
      .map((f) => f.name);
    const [{ embedded } = { embedded: false }] = await queryRows<{ embedded: boolean }>(
      database.db,
      sql`select version() like '%PGlite%' as embedded`,
    );
    expect(without).toEqual(embedded ? [] : functions.map((f) => f.name));
  });

  it("keep the daily figures' helpers' plans for the session, on a server too (migration 0046)", async () => {
    // A SQL-language function that is not inlined is planned again at every call; the helpers every
    // payment's and charge's trigger calls are PL/pgSQL, whose statements look rows up by id one at a time
    // whatever the tables' sizes, so their generic plans serve at any size.
    const helpers = await queryRows<{ name: string; language: string; config: string[] | null }>(
      database.db,
      sql`select p.proname as name, l.lanname as language, p.proconfig as config
          from pg_proc p join pg_language l on l.oid = p.prolang
          where p.pronamespace = 'public'::regnamespace
            and (p.proname like '%\_day\_figures' or p.proname = 'daily_gym_figures_add')
          order by p.proname`,
    );
    expect(helpers.map((h) => h.name)).toEqual([
      'charge_day_figures',
      'daily_gym_figures_add',
      'payment_day_figures',
      'refund_day_figures',
      'subscription_day_figures',
      'visit_day_figures',
    ]);
    for (const helper of helpers) {
      expect(helper.language, helper.name).toBe('plpgsql');
      expect(helper.config, helper.name).toContain('plan_cache_mode=force_generic_plan');
    }
  });

  it("leaves the session's own statements to the plan cache's choice", async () => {
    // A function's setting holds while it runs and is put back as it returns: a statement that fired the
    // triggers does not change how the session's next statements are planned.
    await queryRows(database.db, sql`update charges set amount = amount where id = -1`);
    const [row] = await queryRows<{ mode: string }>(
      database.db,
      sql`select current_setting('plan_cache_mode') as mode`,
    );
    expect(row!.mode).toBe('auto');
  });
});
