// Past one database server (issue 28, docs/decisions/014-distributing-organisations.md): every statement a
// request of an organisation runs on a tenant table (one with organisation_id) names that organisation,
// and none names another, so that each could be routed to the one shard holding the organisation. This
// file holds the rule's one list of exceptions, each with its reason, and the check itself (pure: it is
// given the statements recorded by tenant-statements.routes.test.ts).

/** A statement the rule allows without the caller's organisation in it, and why. */
export interface AllowedStatement {
  /** Matched against the statement's text (whitespace folded to single spaces). */
  pattern: RegExp;
  reason: string;
}

/**
 * The exceptions, all of them. A new one needs a reason a reviewer accepts: on a distributed database it
 * is a query sent to every shard (or a lookup on a global table), so it must stay rare and cheap.
 */
export const ALLOWED_STATEMENTS: AllowedStatement[] = [
  {
    pattern: /^select "sessions"\."id"/,
    reason:
      "Every signed-in request's session load (auth/session.ts): the session with the person's roles in every organisation they belong to, by user id (a person is global and may work for or belong to several), from which the request's one organisation is then chosen. On a distributed database the roles would be a small reference copy, or one index lookup per shard.",
  },
  {
    pattern:
      /^select g\.id::int, g\.uuid::text, g\.name, o\.name as organisation_name, .* from gyms g join organisations o on o\.id = g\.organisation_id where true order by/,
    reason:
      "The join site's gym picker before a gym is chosen (GET /api/register/options without one): the public directory of every organisation's gyms taking members (their names are on the door). On a distributed database a query to every shard, or a reference table of the gyms' public names.",
  },
  {
    pattern: /\bmembership_door_checks\b/,
    reason:
      "The membership outbox's door checks (billing/transitions.ts, decision 011): one drain for a request's own transition and for the worker's sweep of every organisation's due checks, claiming them by a claim id and subscription ids (after a request, only the ids its transition wrote). The worker's sweep is a global job claim: on a distributed database, a claim on every shard.",
  },
  {
    pattern:
      /^select s\.id::int, s\.organisation_id::int, s\.gym_id::int, s\.user_id::int, u\.email, u\.name, .* where s\.id = any\(/,
    reason:
      "The same drain loading the subscriptions whose door checks it claimed, by subscription id (door-access.repository.ts doorHolders), of whichever organisations the claim holds; it reads each row's organisation_id and acts per organisation.",
  },
];

export interface RecordedStatement {
  statement: string;
  params: unknown[];
  /** What ran it (the request, for the failure message). */
  during: string;
}

export interface StatementProblem {
  problem: 'no organisation' | 'two organisations';
  during: string;
  statement: string;
  tables: string[];
}

const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The tables a statement reads or writes (from, join, update, into, delete from). */
export function tablesOf(statement: string): string[] {
  const found = new Set<string>();
  for (const match of statement.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi))
    found.add(match[1]!.toLowerCase());
  return [...found];
}

/** Whether the statement carries organisation `id`: as a parameter, or written into its text. */
function names(record: RecordedStatement, id: number): boolean {
  if (record.params.some((p) => p === id || p === String(id) || (Array.isArray(p) && p.includes(id))))
    return true;
  return new RegExp(`(?<![0-9])${id}(?![0-9])`).test(record.statement);
}

/**
 * The statements, run for organisation `caller`, that touch a tenant table without naming it, or that
 * name `other` (another organisation's id: a statement joining two organisations). `caller` and `other`
 * must be ids no other record shares (the test starts organisations' ids far above the rest).
 */
export function checkStatements(
  records: RecordedStatement[],
  tenantTables: ReadonlySet<string>,
  caller: number,
  other: number,
  allowed: AllowedStatement[] = ALLOWED_STATEMENTS,
): StatementProblem[] {
  const problems: StatementProblem[] = [];
  for (const record of records) {
    const statement = folded(record.statement);
    const tables = tablesOf(statement).filter((t) => tenantTables.has(t));
    if (tables.length === 0) continue;
    if (names(record, other)) {
      problems.push({ problem: 'two organisations', during: record.during, statement, tables });
      continue;
    }
    if (names(record, caller)) continue;
    if (allowed.some((a) => a.pattern.test(statement))) continue;
    problems.push({ problem: 'no organisation', during: record.during, statement, tables });
  }
  return problems;
}
