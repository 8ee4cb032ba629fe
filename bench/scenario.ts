// What a bench scenario is: one request, repeated by autocannon for the run's duration, and beside it the
// SQL that request runs, repeated directly through the driver at the same concurrency.

import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Executor } from '../apps/server/src/public';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** One statement as the driver receives it. */
export interface RawStatement {
  text: string;
  values: unknown[];
  /** Set when the server runs it as a named prepared statement; the raw side does the same. */
  name?: string;
}

/** What a scenario's SQL runs against: the bench database and who the signed-in person is. */
export interface BenchContext {
  pool: pg.Pool;
  organisationId: number;
  /** The gyms of the gym-scoped person (BENCH_GYM_ADMIN). */
  gymIds: number[];
}

export interface Scenario {
  name: string;
  /** Scenarios run in this order. */
  order: number;
  /** Signs in as the bench organisation's admin, or as the admin of its first gym only; false: no session. */
  session: 'admin' | 'gym-admin' | false;
  /** The call, or how to find it in the bench data (a member's address needs one of its ids). */
  request: BenchRequest | ((context: BenchContext) => Promise<BenchRequest>);
  /** Connections for this scenario instead of the run's (an export of every member is one person's click). */
  connections?: number;
  /** How long a request may take before it counts as failed (seconds; the load tool's default is 10). */
  timeoutSeconds?: number;
  /** The statements one request runs, in order (recorded from the server's own code where it has any). */
  statements(context: BenchContext): Promise<RawStatement[]>;
}

/** The headers the page sends with every call. */
export function pageHeaders(cookie: string | undefined, json: boolean): Record<string, string> {
  return {
    'x-requested-with': 'XMLHttpRequest',
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(cookie ? { cookie } : {}),
  };
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs `work` (a server repository function) once against the bench database and returns the statements
 * it sent, text and parameters exactly as the driver received them.
 */
export async function recordStatements(
  pool: pg.Pool,
  work: (db: Executor) => Promise<unknown>,
): Promise<RawStatement[]> {
  const statements: RawStatement[] = [];
  const run = (statement: RawStatement) => {
    statements.push(statement);
    return pool.query(
      statement.name ? { name: statement.name, text: statement.text, values: statement.values } : statement,
    );
  };
  // Both ways the server runs raw SQL: `queryRows` (execute) and `queryPrepared` (a named statement).
  const recorder = {
    dialect,
    execute: (query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return run({ text, values: params });
    },
    session: {
      prepareQuery: (built: { sql: string; params: unknown[] }, _fields: unknown, name: string) => ({
        execute: () => run({ text: built.sql, values: built.params, name }),
      }),
    },
  };
  await work(recorder as unknown as Executor);
  return statements;
}
