// One query layer (Drizzle) over either embedded PGlite or a PostgreSQL server: same schema, same SQL.

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withKeptStatements } from './pglite-statements';
import * as schema from './schema/index';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string, for a PostgreSQL server. */
  url?: string;
  close(): Promise<void>;
  /** Only for PGlite: the embedded instance (used to snapshot test templates). */
  pglite?: PGlite;
}

/**
 * Databases no other process can change: an embedded PGlite is opened by one process at a time, so rows
 * only this process writes may be remembered here instead of read again.
 */
const processPrivate = new WeakSet<object>();

/** A PostgreSQL database's twin over one pipelined connection, for shared transactions. */
const pipelined = new WeakMap<object, Db>();
export const pipelinedTwin = (db: Db): Db | undefined => pipelined.get(db);

/** Whether only this process can change the database's rows (embedded PGlite). */
export const isProcessPrivate = (db: Executor): boolean => processPrivate.has(db);

/** Called with each statement sent and its parameters (the tenant statement test records them). */
export type StatementHook = (statement: string, params: unknown[]) => void;

export type DatabaseTarget = (
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** 'unnamed' sends every statement as PGlite does itself (a benchmark's "before"); else kept. */
      statements?: 'kept' | 'unnamed';
    }
) & { onStatement?: StatementHook };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const url = target.url;
    const onPool = (config: { max: number; pipeline?: boolean }) => {
      // JIT compilation off: the app's statements are short, and compiling costs about 0.1 s on the
      // dashboard's larger ones (the planner's cost crosses the JIT threshold at 100,000 members).
      const pool = new pg.Pool({ connectionString: url, options: '-c jit=off', ...config });
      // A dropped idle connection must not crash the process; the pool replaces it.
      pool.on('error', () => {});
      const db = drizzlePg({
        client: pool,
        schema,
        casing: 'snake_case',
        logger: statementLogger(target.onStatement),
      }) as unknown as Db;
      return { pool, db };
    };
    const main = onPool({ max: target.poolSize ?? 10 });
    // The shared transactions' own connection, pipelined: their lanes' statements go out without waiting
    // for the answers before them (db/shared-transaction.ts). A database's batches run one at a time.
    const shared = onPool({ max: 1, pipeline: true });
    pipelined.set(main.db, shared.db);
    return {
      db: main.db,
      kind: 'postgres',
      url,
      close: async () => {
        await Promise.all([main.pool.end(), shared.pool.end()]);
      },
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite({
    client: (target.statements === 'unnamed' ? client : withKeptStatements(client)) as PGlite,
    schema,
    casing: 'snake_case',
    logger: statementLogger(target.onStatement),
  }) as unknown as Db;
  processPrivate.add(db);
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

/** Drizzle's query logger as the hook (every statement, prepared or not, in or out of a transaction). */
const statementLogger = (hook: StatementHook | undefined) =>
  hook ? { logQuery: (statement: string, params: unknown[]) => hook(statement, params) } : false;

/** Whether PostgreSQL chose this statement or transaction as a deadlock's victim (it rolled it back). */
export function isDeadlock(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '40P01') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Tries a deadlock's victim may take: PostgreSQL rolled it back whole, so sending it again is safe. */
const DEADLOCK_TRIES = 4;

/**
 * Runs `work` again when PostgreSQL broke a deadlock by rolling it back (its advice for a deadlock's
 * victim), after a short random pause. For work that only touches the database, or whose outside calls
 * are idempotent (the billing engine's: every attempt carries its idempotency key).
 */
export async function retryDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= DEADLOCK_TRIES || !isDeadlock(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 25 * attempt));
    }
  }
}

/** Inside a transaction a statement cannot be sent again alone: the whole transaction is the victim. */
export const inTransaction = (db: Executor) => typeof (db as { rollback?: unknown }).rollback === 'function';

/**
 * Rows of a raw SQL query, typed by the caller (both drivers answer `{ rows }`). A statement of its own
 * (outside a transaction) that lost a deadlock is sent again: it was rolled back whole.
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const run = async () => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  return inTransaction(db) ? run() : retryDeadlock(run);
}

interface PreparingExecutor {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * `queryRows` as a named prepared statement on a PostgreSQL server: each pooled connection plans the
 * statement once and reuses the plan, which matters for the busiest screens' many-join queries, whose
 * planning costs several times their execution (the members page: 33 ms against 4.6 ms average at 10
 * clients, pgbench). The name carries a hash of the text, so each variant of a dynamic query (filters,
 * sort) is its own statement and a name never meets a different text. PGlite ignores the name: it keeps
 * every statement text it is sent (db/pglite-statements.ts).
 */
export async function queryPrepared<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const executor = db as unknown as PreparingExecutor;
  const built = executor.dialect.sqlToQuery(query);
  const hash = createHash('sha1').update(built.sql).digest('hex').slice(0, 16);
  const result = (await executor.session
    .prepareQuery(built, undefined, `${name}_${hash}`, false)
    .execute()) as { rows: T[] };
  return result.rows;
}

/** How many of a list's first pages run as prepared statements. */
const PREPARED_PAGES = 5;

/**
 * `limit … offset …` written into a page query's text (whole numbers only): a generic plan cannot know
 * a parameter's limit and would sort the whole list (47 to 70 ms against 9 ms, the members page).
 */
export const limitOffset = (page: { limit: number; offset: number }) =>
  sql.raw(`limit ${Math.trunc(page.limit)} offset ${Math.trunc(page.offset)}`);

/**
 * A list page's rows. The first PREPARED_PAGES pages, which staff open most, run as prepared statements
 * (planning a page's joins costs more than running them: 1.7 to 2.2 ms against 0.4 to 0.6 ms for
 * payments' first page); deeper pages are planned per request, which keeps the variants few.
 */
export function queryPage<T>(
  db: Executor,
  name: string,
  query: SQL,
  page: { limit: number; offset: number },
): Promise<T[]> {
  return page.offset < PREPARED_PAGES * page.limit
    ? queryPrepared<T>(db, name, query)
    : queryRows<T>(db, query);
}
