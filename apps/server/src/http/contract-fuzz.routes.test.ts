// Fuzzing from the contract: every operation of the OpenAPI document gets at least 30 malformed requests
// (wrong types, missing fields, 1 MB strings, NUL bytes and lone surrogates, negative, NaN and huge
// numbers, invalid and far dates, arrays for objects, huge arrays, bad path ids) and, for each field, a
// one-field body with a plausible value (an update sends only what changes). None may answer 5xx, hang,
// or show a stack trace or SQL. Every array of every request body must have a maxItems, and one item more
// is refused with 422 and the spec's maximum message on that field. A new route is covered without anyone
// remembering to add it.
import { maxValueMessage } from '@gym/domain/validation-messages';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../test/factories';
import { signIn } from '../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../test/test-app';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, PropertySchema> } }>;
  };
}

const MEGABYTE = 'x'.repeat(1024 * 1024);
/** Valid calendar dates no date maths of a gym should be asked to hold. */
const FAR_DATES = ['9999-12-31', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31T23:59:59Z'];
/** Values no field should choke on. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  'NaN',
  'Infinity',
  '',
  '   ',
  'nul\u0000byte',
  'lone \ud800 surrogate',
  '2026-02-30',
  '9999-99-99T99:99:99Z',
  ...FAR_DATES,
  // Huge numbers.
  1e20,
  -1e20,
  Number.MAX_VALUE,
  2 ** 63,
  '99999999999999999999999',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'é'.repeat(300),
  [],
  [1, 'two', null],
  {},
  { nested: { deeper: [1, { x: 'y' }] } },
];
/** Arrays far longer than any gym has: each must be refused quickly (or taken), never a 5xx or a hang. */
const HUGE_ARRAYS: unknown[] = [
  Array.from({ length: 5000 }, (_, i) => i + 1),
  Array.from({ length: 2000 }, () => ({ amount: 2500, billing_frequency: 'weekly', day: 1, id: 1 })),
  Array.from({ length: 5000 }, () => 'tag'),
];

interface PropertySchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: PropertySchema[];
  oneOf?: PropertySchema[];
  allOf?: PropertySchema[];
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  maxItems?: number;
  minimum?: number;
}

/** Every array in a request body schema, at any depth ('0' stands for an item of an array above it). */
function arraysIn(
  schema: PropertySchema | undefined,
  path: string[] = [],
): { path: string[]; schema: PropertySchema }[] {
  if (!schema) return [];
  const found: { path: string[]; schema: PropertySchema }[] = [];
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...arraysIn(alternative, path));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array') || schema.items) {
    found.push({ path, schema });
    found.push(...arraysIn(schema.items, [...path, '0']));
  }
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    found.push(...arraysIn(property, [...path, name]));
  return found;
}

/** A body holding `value` at `path` (an item segment '0' makes a one-item array). */
function bodyWith(path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = bodyWith(rest, value);
  return head === '0' ? [inner] : { [head]: inner };
}

/** A value the field's own schema would plausibly take, for a one-field body. */
function plausible(schema: PropertySchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plausible(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (schema.format === 'email') return 'someone@example.nz';
  if (schema.format === 'date') return '2026-06-01';
  return '2026-06-01';
}

const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  '%00',
  '%27%3B',
  'null',
  '%F0%9F%92%A9',
];
const QUERY_VALUES = [
  '',
  '-1',
  'abc',
  '1e309',
  '%00',
  '%ED%A0%80',
  'x'.repeat(5000),
  '2026-02-30',
  '9999-12-31',
  '0001-01-01',
  '99999999999999999999999',
  '[]',
  'true',
];

const LEAKS = [
  /\n\s+at\s/,
  /node_modules/,
  /\bselect\b.+\bfrom\b/i,
  /syntax error at/i,
  /relation "/i,
  /drizzle/i,
];

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
const figures = {
  operations: 0,
  requests: 0,
  serverErrors: 0,
  farDates: 0,
  hugeArrays: 0,
  oneField: 0,
  oversizedArrays: 0,
  statuses: {} as Record<number, number>,
};

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Fuzzed Home Fitness');
  other = await createTenant(t.db, 'Other Organisation Gyms');
});
afterAll(async () => {
  // The figures the hardening note quotes.
  process.stdout.write(
    `contract fuzz: ${figures.operations} operations, ${figures.requests} requests (${figures.farDates} far dates, ${figures.hugeArrays} huge arrays, ${figures.oneField} one-field bodies, ${figures.oversizedArrays} oversized arrays), ${figures.serverErrors} 5xx; answers ${JSON.stringify(figures.statuses)}\n`,
  );
  await t.close();
});

/** A plausible id for each path parameter: this organisation's own records, so requests get past 404. */
function pathWith(path: string, replace: (name: string) => string) {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => replace(name));
}

function goodId(name: string, path: string): string {
  if (path.startsWith('/api/organisations/') && name === 'id') return String(home.organisation.id);
  if (path.startsWith('/api/gyms/') && (name === 'id' || name === 'gym_id')) return String(home.gymA.id);
  if (path.startsWith('/api/staff/')) return String(home.trainer.id);
  return '1';
}

function requestsFor(method: string, path: string, operation: Operation): InjectOptions[] {
  const url = pathWith(path, (name) => goodId(name, path));
  const params = (operation.parameters ?? []).filter((p) => p.in === 'path');
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const schemas = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
  const properties = Object.keys(schemas);
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const requests: InjectOptions[] = [];
  const send = (options: Partial<InjectOptions>) =>
    requests.push({ method: method as InjectOptions['method'], url, ...options } as InjectOptions);

  for (const param of params) {
    for (const bad of BAD_IDS) {
      send({
        url: pathWith(path, (name) => (name === param.name ? bad : goodId(name, path))),
        payload: hasBody ? {} : undefined,
      });
    }
  }
  for (const param of query) {
    for (const bad of QUERY_VALUES) send({ url: `${url}?${param.name}=${bad}` });
  }
  if (hasBody) {
    // The whole body wrong.
    for (const body of [[], 'text', 42, null, {}, { unknown: 1 }]) send({ payload: JSON.stringify(body) });
    send({ payload: '{"broken": ', headers: { 'content-type': 'application/json' } });
    send({
      payload: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    send({ payload: JSON.stringify({ big: MEGABYTE }) });
    // Each field wrong in every way.
    for (const field of properties) {
      for (const bad of BAD_VALUES) send({ payload: JSON.stringify({ [field]: bad }) });
      figures.farDates += FAR_DATES.length;
      for (const huge of HUGE_ARRAYS) send({ payload: JSON.stringify({ [field]: huge }) });
      figures.hugeArrays += HUGE_ARRAYS.length;
      send({ payload: JSON.stringify({ [field]: 'y'.repeat(100_000) }) });
      // One field alone, plausibly valid: what a partial update sends.
      send({ payload: JSON.stringify({ [field]: plausible(schemas[field]) }) });
      figures.oneField += 1;
    }
  }
  // At least 30 for every operation: fill with query and header oddities.
  const fillers = ['?page=-1', '?per_page=100000', '?page=abc', '?sort=%00', '?search=%ED%A0%80'];
  let i = 0;
  while (requests.length < 30) {
    send({
      url: `${url}${fillers[i % fillers.length]}&n=${i}`,
      payload: hasBody ? JSON.stringify({}) : undefined,
    });
    i += 1;
  }
  return requests;
}

const withTimeout = <T>(work: Promise<T>, ms: number, what: string) =>
  Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms: ${what}`)), ms)),
  ]);

describe('every operation of the OpenAPI document', () => {
  it('answers malformed requests with a 4xx (or a success), never a 5xx, a hang, a stack trace or SQL', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [lower, operation] of Object.entries(methods)) {
        const method = lower.toUpperCase();
        if (path === '/api/logout') continue; // fuzzed below with its own session
        figures.operations += 1;
        // A fresh session for each operation: some (deactivate, switch) change the one they run with.
        const cookie = path.startsWith('/api/webhooks/') ? undefined : await signIn(t.app, home.admin.email);
        for (const request of requestsFor(method, path, operation)) {
          figures.requests += 1;
          const headers = {
            'content-type': 'application/json',
            ...((request.headers as Record<string, string> | undefined) ?? {}),
          };
          const res = await withTimeout(
            t.app.inject(
              pageRequest({
                ...request,
                cookie,
                headers,
                remoteAddress: `10.200.${figures.requests % 250}.1`,
              }),
            ),
            10_000,
            `${method} ${request.url}`,
          );
          figures.statuses[res.statusCode] = (figures.statuses[res.statusCode] ?? 0) + 1;
          const what = `${method} ${String(request.url).slice(0, 120)} ${String(request.payload ?? '').slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) {
            figures.serverErrors += 1;
            failures.push(what);
          } else if (LEAKS.some((leak) => leak.test(res.body))) failures.push(`leak: ${what}`);
        }
      }
    }
    // Sign-out, fuzzed with a session of its own.
    const logout = await signIn(t.app, home.admin.email);
    for (const payload of ['[]', 'null', '{"a":1}', '"x"']) {
      const res = await t.app.inject(
        pageRequest({
          method: 'POST',
          url: '/api/logout',
          cookie: logout,
          payload,
          headers: { 'content-type': 'application/json' },
        }),
      );
      figures.requests += 1;
      if (res.statusCode >= 500) failures.push(`POST /api/logout ${payload} → ${res.statusCode}`);
    }
    figures.operations += 1;
    expect(failures).toEqual([]);
    expect(figures.operations).toBeGreaterThan(40);
  }, 1_200_000); // about 14,000 requests: minutes on a busy machine
});

describe('array limits over every operation', () => {
  it('every array of every request body has a maxItems, and one item more is refused with 422 naming it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [lower, operation] of Object.entries(methods)) {
        const body = operation.requestBody?.content?.['application/json']?.schema as
          | PropertySchema
          | undefined;
        const seen = new Set<string>();
        for (const array of arraysIn(body)) {
          const field = array.path.join('.');
          if (seen.has(field)) continue;
          seen.add(field);
          const what = `${lower.toUpperCase()} ${path} ${field || '(the body)'}`;
          const max = array.schema.maxItems;
          if (max === undefined) {
            failures.push(`${what}: no maxItems`);
            continue;
          }
          const oversized = Array.from({ length: max + 1 }, () => plausible(array.schema.items));
          const cookie = path.startsWith('/api/webhooks/')
            ? undefined
            : await signIn(t.app, home.admin.email);
          const res = await t.app.inject(
            pageRequest({
              method: lower.toUpperCase() as InjectOptions['method'],
              url: pathWith(path, (name) => goodId(name, path)),
              cookie,
              payload: JSON.stringify(bodyWith(array.path, oversized)),
              headers: { 'content-type': 'application/json' },
              remoteAddress: `10.201.${figures.oversizedArrays % 250}.1`,
            }),
          );
          figures.oversizedArrays += 1;
          figures.requests += 1;
          figures.statuses[res.statusCode] = (figures.statuses[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500) figures.serverErrors += 1;
          const errors =
            res.statusCode === 422 ? (res.json().errors?.[field] as string[] | undefined) : undefined;
          if (!errors?.includes(maxValueMessage(max)))
            failures.push(`${what}: ${max + 1} items → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(figures.oversizedArrays).toBeGreaterThan(0);
  }, 300_000);
});

describe('isolation over every operation', () => {
  it('another organisation’s admin, naming this organisation’s records, gets 403/404 and none of their data', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const secrets = [
      home.organisation.name,
      home.gymA.name,
      home.gymB.name,
      home.trainer.email,
      home.member.email,
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      if (path.startsWith('/api/webhooks/') || path === '/api/logout') continue;
      for (const [lower, operation] of Object.entries(methods)) {
        const method = lower.toUpperCase() as InjectOptions['method'];
        const params = (operation.parameters ?? []).filter((p) => p.in === 'path');
        const cookie = await signIn(t.app, other.admin.email);
        const url = pathWith(path, (name) => goodId(name, path));
        const res = await t.app.inject(
          pageRequest({
            method,
            url,
            cookie,
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          }),
        );
        checked += 1;
        // The join site's gym picker lists every gym open for joining online, by name: public, as a
        // gym's own sign-up page is (only its names and join addresses; prices come with a gym link).
        const isPublic = `${method} ${path}` === 'GET /api/register/options';
        const leaked = isPublic ? [] : secrets.filter((secret) => res.body.includes(secret));
        if (leaked.length > 0)
          failures.push(`${method} ${url} → ${res.statusCode} shows ${leaked.join(', ')}`);
        // A path naming this organisation's record: refused, or (for the logo, public branding) a 404 too.
        const namesARecord = params.some((p) => p.name !== 'price_id' || path.includes('pro-rata'));
        if (
          namesARecord &&
          res.statusCode < 400 &&
          !['GET /api/gyms/{id}/logo'].includes(`${method} ${path}`)
        ) {
          failures.push(`${method} ${url} → ${res.statusCode}: another organisation's record was reachable`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  }, 300_000);
});
