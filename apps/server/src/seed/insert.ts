// Set-based inserts: each chunk of rows travels as one JSON parameter and is expanded by
// jsonb_populate_recordset against the table's own row type. Several times faster than thousands of bind
// parameters (notably on embedded PGlite), and the rows stay typed by the Drizzle table.
import { getTableName, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../db/client';

const CHUNK = 5000;

/** Drizzle's snake_case casing, for the row keys. */
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function statement<T extends PgTable>(table: T, rows: PgInsertValue<T>[], returning: string[]) {
  const columns = Object.keys(rows[0]!).map(snake);
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [snake(key), value]))),
  );
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const name = sql.identifier(getTableName(table));
  const back = returning.length
    ? sql.raw(` returning ${returning.map((c) => `"${snake(c)}"::text as "${c}"`).join(', ')}`)
    : sql``;
  return sql`insert into ${name} (${list}) select ${list} from jsonb_populate_recordset(null::${name}, ${json}::jsonb)${back}`;
}

export async function insertAll<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: PgInsertValue<T>[],
): Promise<number> {
  for (let i = 0; i < rows.length; i += CHUNK)
    await tx.execute(statement(table, rows.slice(i, i + CHUNK), []));
  return rows.length;
}

/** Inserts and returns the named columns of every row, as text (callers match rows up by a natural key). */
export async function insertReturning<T extends PgTable, K extends string>(
  tx: Executor,
  table: T,
  rows: PgInsertValue<T>[],
  columns: K[],
): Promise<Record<K, string>[]> {
  const out: Record<K, string>[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    out.push(
      ...(await queryRows<Record<K, string>>(tx, statement(table, rows.slice(i, i + CHUNK), columns))),
    );
  }
  return out;
}
