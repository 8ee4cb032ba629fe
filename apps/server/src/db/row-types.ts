// A table's row as the repositories' raw SQL reads it: the schema's columns under their snake_case names,
// with the schema's value types. A repository picks the columns it selects from here and declares by hand
// only what a join or an expression adds, so a column's type is written once, in the schema.
//
// What the SQL must do to match: bigint ids are cast `::int` (the schema's `ref()`/`id()` are numbers,
// which node-postgres answers as text without the cast), and dates are read `::text` (a driver answers a
// Date for a `date` column). Timestamps (`instant()`) are selected as they are and arrive as Dates.
import type { CalendarDate } from '@gym/domain/calendar-date';
import type { Table } from 'drizzle-orm';
import type { subscriptions } from './schema/index';

/** `periodStartAt` → `period_start_at`: the naming the database uses (Drizzle's `casing: 'snake_case'`). */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

type ColumnsOf<T extends Table> = T['_']['columns'];

/** A `date({ mode: 'string' })` column is a Pacific/Auckland calendar date: the domain's CalendarDate. */
type ValueOf<C> = C extends { _: { columnType: 'PgDateString' } }
  ? CalendarDate | (C extends { _: { notNull: true } } ? never : null)
  : never;

/** One row of table `T` with snake_case keys, as `select t.*` (ids `::int`, dates `::text`) reads it. */
export type Row<T extends Table> = {
  [K in keyof T['$inferSelect'] & string as SnakeCase<K>]: K extends keyof ColumnsOf<T>
    ? [ValueOf<ColumnsOf<T>[K]>] extends [never]
      ? T['$inferSelect'][K]
      : ValueOf<ColumnsOf<T>[K]>
    : T['$inferSelect'][K];
};

/** Columns read through a left join: each is null when no row joined. */
export type LeftJoined<R> = { [K in keyof R]: R[K] | null };

/**
 * The subscription columns its standing is read from: the domain's subscriptionState and card colour,
 * the next payment, and what the lists show beside them.
 */
export type SubscriptionStanding = Pick<
  Row<typeof subscriptions>,
  | 'start_date'
  | 'current_period_start'
  | 'current_period_end'
  | 'ends_at'
  | 'paused_at'
  | 'cancelled_at'
  | 'grace_period_ends_at'
  | 'upcoming_state'
>;
