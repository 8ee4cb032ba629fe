// Named prepared statements for embedded PGlite: each statement text is parsed once, and PostgreSQL's plan
// cache keeps its plan (a generic plan once it costs no more than the custom ones), as a server
// connection does for `queryPrepared`. PGlite's own `query` sends an unnamed statement every time, so
// every call is parsed, analysed and planned again: planning is most of a short statement's time in the
// WebAssembly build (a receipt's facts, an eight-table join, 10 ms to plan and 1 ms to run), and the
// billing engine, the clock and every test on the embedded database send the same few hundred texts.
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;

/** Result parsers by type id, as `parseResults` takes them. */
type Parsers = Parameters<typeof parse.parseResults>[1];

/** Statement kinds whose plan is worth keeping; anything else (DDL, SET, savepoints) goes as before. */
const KEEPABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Statements kept at most; the least recently used is closed past it (dynamic filters make variants).
 * The demo's whole first start keeps 189, and every cached plan of the session (PL/pgSQL's included)
 * then holds 19 MB of the database's memory; 500 bounds it near 50 MB.
 */
const MAX_STATEMENTS = 500;

/** Options Drizzle sends (row mode, result parsers); anything else (a blob, parameter types) goes as before. */
const HANDLED_OPTIONS = new Set(['rowMode', 'parsers']);

/** Statement names carry their wrapper's number, so two wrappers of one client never share a name. */
let wrappers = 0;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

interface Kept {
  name: string;
  /** The parameters' type ids, which pick each value's serializer. */
  paramTypes: number[];
  /** The statement's row description (none for a statement that returns no rows). */
  rowDescription: BackendMessage | undefined;
  /** The type ids of its columns, once each. */
  columnTypes: number[];
}

/** `parseResults` with the caller's row mode and no parsers of its own (they come merged, `parsersFor`). */
const rowModeOf = (options: QueryOptions | undefined): QueryOptions | undefined =>
  options?.rowMode ? { rowMode: options.rowMode } : undefined;

interface DatabaseErrorLike extends Error {
  code?: string;
  query?: string;
  params?: unknown[];
  queryOptions?: QueryOptions;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PostgreSQL's answer when a kept plan's result columns changed under it (DDL after it was parsed). */
const isStalePlan = (error: unknown) =>
  (error as DatabaseErrorLike | undefined)?.code === '0A000' &&
  /cached plan must not change result type/.test((error as Error).message);

/**
 * A PGlite client whose `query` (alone and in a transaction) runs each keepable statement text as a
 * named prepared statement. What Drizzle's PGlite driver calls: `query` and `transaction`.
 */
export function withKeptStatements(client: PGlite, max = MAX_STATEMENTS) {
  const kept = new Map<string, Kept>();
  const prefix = `kept${++wrappers}_`;
  let counter = 0;

  async function send(message: Uint8Array) {
    return (await client.execProtocol(message, { syncToFs: false })).messages;
  }

  async function prepare(text: string): Promise<Kept> {
    const name = `${prefix}${++counter}`;
    const messages = await send(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const described = messages.find((m) => m.name === 'parameterDescription') as
      | (BackendMessage & { dataTypeIDs: number[] })
      | undefined;
    const rowDescription = messages.find((m) => m.name === 'rowDescription') as
      | (BackendMessage & { fields: { dataTypeID: number }[] })
      | undefined;
    const statement: Kept = {
      name,
      paramTypes: described?.dataTypeIDs ?? [],
      rowDescription,
      columnTypes: [...new Set(rowDescription?.fields.map((field) => field.dataTypeID) ?? [])],
    };
    kept.set(text, statement);
    // The map's first entry is the least recently used.
    if (kept.size > max) await forget(kept.keys().next().value as string);
    return statement;
  }

  /** Closes a kept statement and forgets its text. */
  async function forget(text: string) {
    const statement = kept.get(text);
    if (!statement) return;
    kept.delete(text);
    await send(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]));
  }

  async function execute(text: string, params: unknown[], options: QueryOptions | undefined) {
    let statement = kept.get(text);
    if (statement) {
      // Most recently used last: the map's order is the eviction order.
      kept.delete(text);
      kept.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const types = statement.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[i]!] ?? client.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await send(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(described, parsersFor(statement, options), rowModeOf(options))[0] as Results;
  }

  /**
   * The parsers of the statement's own columns: PGlite's `parseResults` copies all of its 318 type parsers
   * into a new object whenever the options carry parsers of their own (as Drizzle's always do), 0.17 ms a
   * statement; the few the statement's columns need are merged here instead (the caller's first).
   */
  function parsersFor(statement: Kept, options: QueryOptions | undefined): Parsers {
    const own = options?.parsers;
    if (!own) return client.parsers;
    const parsers: Parsers = {};
    for (const typeId of statement.columnTypes) {
      const parser = own[typeId] ?? client.parsers[typeId];
      if (parser) parsers[typeId] = parser;
    }
    return parsers;
  }

  /** One statement under PGlite's query lock; a stale plan is dropped, and sent again outside a transaction. */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const executeOrRemake = async () => {
      try {
        return await execute(text, params, options);
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        await forget(text);
        if (inTransaction) throw error;
        return execute(text, params, options);
      }
    };
    return client._runExclusiveQuery(async () => {
      try {
        return (await executeOrRemake()) as Results<T>;
      } catch (error) {
        const e = error as DatabaseErrorLike;
        if (typeof e.code === 'string') {
          e.query = text;
          e.params = params;
          e.queryOptions = options;
        }
        throw error;
      } finally {
        if (!inTransaction) await client.syncToFs();
      }
    });
  }

  const keepable = (text: string, options: QueryOptions | undefined) =>
    KEEPABLE.test(text) && Object.keys(options ?? {}).every((key) => HANDLED_OPTIONS.has(key));

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (!keepable(text, options)) return client.query<T>(text, params, options);
      await client._checkReady();
      return client._runExclusiveTransaction(() => run<T>(text, params, options, false));
    },
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return client.transaction((tx) => {
        const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          if (!keepable(text, options)) return tx.query<R>(text, params, options);
          if (tx.closed) throw new Error('Transaction is closed');
          return run<R>(text, params, options, true);
        };
        return work(Object.create(tx, { query: { value: query } }) as Transaction);
      });
    },
  };
}
