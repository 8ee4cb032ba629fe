// The tenant statement check of every route test (issue 28, decision 014): the test app records, per
// `app.inject`, the statements the request ran and the organisation it acted for, and its close fails
// the test file on a statement that touches a tenant table without that organisation or that names
// another (db/tenant-statements.ts: the rule and its one list of exceptions). Statements of the test's
// own set-up (factories, direct calls) run outside any request and are not checked.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expect } from 'vitest';
import { type Db, queryRows, type StatementHook } from '../db/client';
import {
  ALLOWED_REQUESTS,
  checkStatements,
  organisationNamedBy,
  organisationsInJson,
  type RecordedStatement,
  type StatementProblem,
  statementTables,
} from '../db/tenant-statements';

interface RequestRecord {
  /** The test and the request, for the failure message. */
  during: string;
  request?: FastifyRequest;
  statements: RecordedStatement[];
}

const current = new AsyncLocalStorage<RequestRecord>();

/** Tenant tables: those with organisation_id, read from the schema once per test database template. */
let tenantTablesOnce: Promise<Set<string>> | undefined;
const tenantTablesOf = (db: Db) => {
  tenantTablesOnce ??= queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'organisation_id'`,
  ).then((rows) => new Set(rows.map((r) => r.table_name)));
  return tenantTablesOnce;
};

export interface TenantCheck {
  /** The database's statement hook: records what runs inside a request. */
  onStatement: StatementHook;
  /** Makes every `app.inject` of the app a recorded request (before `app.ready()`). */
  watch(app: FastifyInstance): void;
  /** The problems of every request so far, as lines (none: the rule held). Reads the database. */
  problems(db: Db): Promise<string[]>;
}

export function tenantCheck(): TenantCheck {
  const requests: RequestRecord[] = [];
  return {
    onStatement(statement, params) {
      const record = current.getStore();
      // Only what may touch a tenant table is kept (the parameters hold uploads and hashes too).
      if (record && statementTables(statement).length > 0)
        record.statements.push({ statement, params: idLike(params), during: record.during });
    },
    watch(app) {
      app.addHook('onRequest', async (request) => {
        const record = current.getStore();
        if (record && !record.request) record.request = request;
      });
      const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
      // Only the promise form is recorded (the one every test uses); the chained and callback forms pass.
      app.inject = ((options?: unknown, callback?: unknown) => {
        if (options === undefined || callback !== undefined) return inject(options, callback);
        const record: RequestRecord = { during: describeRequest(options), statements: [] };
        requests.push(record);
        // Started inside the request's context: fastify answers a chain that would start the request
        // only when awaited, in the awaiting test's context.
        return current.run(record, () => {
          const started = inject(options) as { end?: () => Promise<unknown> };
          return typeof started.end === 'function' ? started.end() : started;
        });
      }) as FastifyInstance['inject'];
    },
    async problems(db) {
      if (requests.every((r) => r.statements.length === 0)) return [];
      const tenantTables = await tenantTablesOf(db);
      const organisations = new Set(
        (await queryRows<{ id: number }>(db, sql`select id::int from organisations`)).map((r) => r.id),
      );
      const isOrganisation = (id: number) => organisations.has(id);
      // One line per kind of problem: the same statement at the same route (whatever its query) once.
      const lines = new Map<string, string>();
      for (const record of requests) {
        const line = record.during.slice(record.during.lastIndexOf(' › ') + 3);
        if (record.statements.length === 0 || ALLOWED_REQUESTS.some((a) => a.pattern.test(line))) continue;
        const signedIn = record.request?.auth?.organisationId || null;
        const caller = signedIn ?? organisationNamedBy(record.statements, tenantTables, isOrganisation);
        const route = line.replace(/\?.*$/, '').replace(/\/[0-9]+(?=\/|$)/g, '/:id');
        for (const p of checkStatements(record.statements, tenantTables, caller, isOrganisation)) {
          const key = `${p.problem} ${route} ${p.statement}`;
          if (!lines.has(key)) lines.set(key, describeProblem(p, caller));
        }
      }
      return [...lines.values()];
    },
  };
}

/** The parameters that may name an organisation: whole numbers, digit strings, lists of them, and the
 * organisations of JSON rows (the rest, uploads and hashes among them, is not kept). */
function idLike(params: unknown[]): unknown[] {
  return params.map((p) =>
    typeof p === 'number' || typeof p === 'bigint' || (typeof p === 'string' && /^[0-9]{1,15}$/.test(p))
      ? p
      : typeof p === 'string' && /^[[{]/.test(p)
        ? organisationsInJson(p)
        : Array.isArray(p)
          ? p.filter((x) => typeof x === 'number' || typeof x === 'string')
          : null,
  );
}

function describeRequest(options: unknown): string {
  const o = (typeof options === 'string' ? { url: options } : options) as {
    method?: string;
    url?: string | { pathname?: string };
    path?: string;
  };
  const url = typeof o.url === 'string' ? o.url : (o.url?.pathname ?? o.path ?? '?');
  const test = expect.getState().currentTestName ?? '(set-up)';
  return `${test} › ${(o.method ?? 'GET').toUpperCase()} ${url}`;
}

const describeProblem = (p: StatementProblem, caller: number | null) =>
  `${p.problem} (${p.tables.join(', ')}; the request's organisation: ${caller ?? 'none'}) during ${p.during}:\n    ${p.statement.slice(0, 400)}`;
