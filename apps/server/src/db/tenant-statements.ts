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
      /^select (?:o\.id::int as id, o\.name, o\.multi_gym, max\(s\.role\) as role|g\.id::int as id, g\.name, g\.organisation_id::int as organisation_id, case when s\.role = 'admin')/,
    reason:
      "The person's roles in every organisation they belong to (auth/memberships.ts loadMemberships, the session load's rules): read at sign-in, at an invitation's acceptance and when switching organisation, to choose or check the request's one organisation. The same reason as the session load above, and the same change on a distributed database (a person_organisations reference table).",
  },
  {
    pattern:
      /^select (?:g\.organisation_id::int, o\.minimum_age from gyms g join organisations o on o\.id = g\.organisation_id where g\.id = \$1$|g\.logo_path, coalesce\(g\.logo_updated_at, g\.updated_at\) as logo_version from gyms g where g\.uuid = \$1::uuid and g\.logo_path is not null$|id::int, organisation_id::int from age_bypass_links where token = \$1 and revoked_at is null$|l\.organisation_id::int as organisation_id, p\.id::int as price_id, .* from private_price_links l .* where l\.token = \$1 )/,
    reason:
      "The join site's first read (features/registration): the page names a gym (its id or the uuid of its join link), a private price link or an age-bypass link, never an organisation; this one read finds the organisation, and every statement after it names that organisation. A single-row lookup by a unique key. On a distributed database a reference table from these public keys to organisations (a gym or link is made rarely), or a query to every shard.",
  },
  {
    pattern:
      /^select g\.id::int, g\.uuid::text, g\.name, o\.name as organisation_name, .* from gyms g join organisations o on o\.id = g\.organisation_id where true (?:and g\.uuid = \$1::uuid )?order by/,
    reason:
      "The join site's gym picker before a gym is chosen (GET /api/register/options without one, or with a gym's join-link uuid): the public directory of every organisation's gyms taking members (their names are on the door). On a distributed database a query to every shard, or a reference table of the gyms' public names.",
  },
  {
    pattern:
      /^(?:select .* from "auth_tokens" .*"auth_tokens"\."organisation_id" is null|update "auth_tokens" set .* "auth_tokens"\."organisation_id" is null|insert into auth_tokens \(.*\) values \(.*, null\)$)/,
    reason:
      "A person's own tokens, a password reset and a two-factor code (features/auth auth.repository.ts; the statement says organisation_id is null): like their sessions they are the person's, before and across organisations (a reset is asked for before sign-in, a code proves the sign-in). On a distributed database they would live beside the sessions in a local table on the coordinator; invitations, which are an organisation's, keep naming it.",
  },
  {
    pattern:
      /^select .* from "auth_tokens" inner join "users" on .* where \("auth_tokens"\."kind" = \$1 and "auth_tokens"\."token_hash" = \$2 and "auth_tokens"\."used_at" is null/,
    reason:
      "A staff invitation's emailed link found by its token's hash (auth.repository.ts findLiveToken): the link names no organisation, the token's row does, and every statement after it names that organisation. A single-row lookup by a unique hash; on a distributed database a query to every shard (rare: once per accepted invitation), or the link would carry the organisation.",
  },
  {
    pattern: /^insert into "webhook_calls" \("id", "organisation_id", /,
    reason:
      "A provider's webhook call written as it arrives (features/webhooks), before or without an organisation: one whose signature fails, or that names no account of ours, is kept (organisation_id null) for the record. A call that resolves to an organisation names it. On a distributed database the calls of no organisation go to a local table on the coordinator with the first lookup (decision 014, webhooks).",
  },
  {
    pattern:
      /^select (?:"id", "organisation_id" from "webhook_calls" where \("webhook_calls"\."provider" = \$1 and "webhook_calls"\."external_id" = \$2 |"places"\."id", "places"\."organisation_id", "places"\."gym_id", .* where "places"\."place_id" = \$1 )/,
    reason:
      "A webhook's first lookups (features/webhooks): whether the provider's event was taken already (by the provider's event id), and which of our Kisi places the event names. The call names a provider's ids, not an organisation; these reads find it, and every statement after them names it. On a distributed database a reference table from provider ids to organisations (decision 014, webhooks).",
  },
  {
    pattern:
      /^update outbound_emails (?:set status = 'failed'|o set attempts = o\.attempts \+ 1|set status = 'sent')/,
    reason:
      "The mail outbox's drain (mail/outbox): after a request only the keys its transaction queued, and the worker's sweep of every organisation's due mail, claimed by key and id. Like the door checks below, a global job claim: on a distributed database a claim on every shard (decision 014, the worker's global claims).",
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

/**
 * Requests whose statements are not one organisation's, and why (matched against "METHOD /url"): a
 * global job that a developer's tool starts, checked as the worker's jobs are, not as a call of an
 * organisation.
 */
export const ALLOWED_REQUESTS: AllowedStatement[] = [
  {
    pattern: /^GET \/api\/metrics(\?|$)/,
    reason:
      "The operator's metrics scrape (metrics/, guarded by METRICS_TOKEN): the whole installation's figures (the last daily run's charges, queues), every organisation's at once and none's in particular. On a distributed database a query to every shard per scrape, or figures kept per node.",
  },
  {
    pattern: /^POST \/api\/dev\/clock(\?|$)/,
    reason:
      "The sandbox's clock travel (features/clock, a developer's tool, absent in production and with live providers): it runs the worker's daily work (the billing run, retries, mail, door checks) for every organisation over each day it passes, as the worker does. The worker's global claims are decision 014's change 3 (a claim per organisation on a distributed database); the travel would loop over organisations the same way.",
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

/** What the check needs of a statement's text, worked out once per distinct text (texts repeat). */
interface StatementFacts {
  folded: string;
  tables: string[];
  /** The whole numbers written into the text. */
  numbers: number[];
}
const factsCache = new Map<string, StatementFacts>();
function factsOf(statement: string): StatementFacts {
  let facts = factsCache.get(statement);
  if (!facts) {
    const text = folded(statement);
    facts = {
      folded: text,
      tables: tablesOf(text),
      numbers: [...text.matchAll(/(?<![0-9])[0-9]+(?![0-9])/g)].map((m) => Number(m[0])),
    };
    if (factsCache.size > 20_000) factsCache.clear();
    factsCache.set(statement, facts);
  }
  return facts;
}

/** `tablesOf`, worked out once per distinct statement text. */
export const statementTables = (statement: string) => factsOf(statement).tables;

/** The tables a statement reads or writes (from, join, update, into, delete from). */
export function tablesOf(statement: string): string[] {
  const found = new Set<string>();
  for (const match of statement.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi))
    found.add(match[1]!.toLowerCase());
  return [...found];
}

/**
 * The whole numbers a statement carries: its parameters' (numbers, digit strings, arrays of them, the
 * organisations of JSON rows), then its text's.
 */
export function numbersOf(record: RecordedStatement): number[] {
  const found: number[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'number' && Number.isInteger(value)) found.push(value);
    else if (typeof value === 'bigint') found.push(Number(value));
    else if (typeof value === 'string' && /^[0-9]{1,15}$/.test(value)) found.push(Number(value));
  };
  for (const param of record.params) {
    if (Array.isArray(param)) for (const item of param) add(item);
    else if (typeof param === 'string' && /^[[{]/.test(param)) found.push(...organisationsInJson(param));
    else add(param);
  }
  return found.concat(factsOf(record.statement).numbers);
}

/**
 * The organisations a JSON parameter's rows carry (`organisationId` or `organisation_id`): a batch
 * statement (`jsonb_to_recordset`) names its rows' organisation there.
 */
export function organisationsInJson(text: string): number[] {
  return [...text.matchAll(/"organisation_?[iI]d":\s*"?([0-9]{1,15})\b/g)].map((m) => Number(m[1]));
}

/** Whether the statement is one of the allowed exceptions. */
const isAllowed = (statement: string, allowed: AllowedStatement[]) =>
  allowed.some((a) => a.pattern.test(statement));

/**
 * The statements, run for organisation `caller`, that touch a tenant table without naming it, or that
 * name another organisation (`other`: its id, or a test of whether an id is an organisation's; a
 * statement joining two organisations). Organisations' ids must be ids no other record shares (the test
 * databases start them at 700001, far above the rest). A `caller` of null (a request for no
 * organisation) names none: each of its statements on a tenant table must be an allowed exception.
 */
export function checkStatements(
  records: RecordedStatement[],
  tenantTables: ReadonlySet<string>,
  caller: number | null,
  other: number | ((id: number) => boolean),
  allowed: AllowedStatement[] = ALLOWED_STATEMENTS,
): StatementProblem[] {
  const isOther = typeof other === 'number' ? (id: number) => id === other : other;
  const problems: StatementProblem[] = [];
  for (const record of records) {
    const facts = factsOf(record.statement);
    const tables = facts.tables.filter((t) => tenantTables.has(t));
    if (tables.length === 0) continue;
    const named = numbersOf(record);
    const statement = facts.folded;
    if (named.some((id) => id !== caller && isOther(id))) {
      problems.push({ problem: 'two organisations', during: record.during, statement, tables });
      continue;
    }
    if (caller !== null && named.includes(caller)) continue;
    if (isAllowed(statement, allowed)) continue;
    problems.push({ problem: 'no organisation', during: record.during, statement, tables });
  }
  return problems;
}

/**
 * The organisation a request acted for when nobody signed in to one named it (the join site before
 * sign-in, a provider's webhook, a sign-in or password reset): the first organisation its statements on
 * tenant tables name (the gym it joins, the account the webhook's payload names), or none.
 */
export function organisationNamedBy(
  records: RecordedStatement[],
  tenantTables: ReadonlySet<string>,
  isOrganisation: (id: number) => boolean,
): number | null {
  for (const record of records) {
    if (!factsOf(record.statement).tables.some((t) => tenantTables.has(t))) continue;
    const id = numbersOf(record).find(isOrganisation);
    if (id !== undefined) return id;
  }
  return null;
}
