// Every field of the specification's section 3 is in the OpenAPI document's answer of the operations
// named for its model (or deliberately not, and then indeed absent), and docs/api-fields.md is the table
// of exactly that (issue 25 item 11). WRITE_API_FIELDS=1 writes the table again.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { fieldOf, findFields, openApiReader, renderApiFields, SPEC_MODELS } from './api-fields.test-support';

const TABLE = fileURLToPath(new URL('../../../../docs/api-fields.md', import.meta.url));

let t: TestApp;
let doc: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

describe('section 3 fields in the OpenAPI document', () => {
  it('names only operations the document has', () => {
    const reader = openApiReader(doc);
    const missing = SPEC_MODELS.flatMap((m) => m.answeredAt.map((a) => a.op)).filter(
      (op) => !reader.hasOperation(op),
    );
    expect(missing).toEqual([]);
  });

  it('answers every field somewhere it is named, and none it deliberately keeps back', () => {
    const findings = findFields(doc);
    const missing = findings
      .filter((f) => f.field.notAnswered === undefined && f.answeredIn.length === 0)
      .map((f) => `${f.model}: ${f.field.name}`);
    expect(missing).toEqual([]);
    const leaked = findings
      .filter((f) => f.field.notAnswered !== undefined && f.answeredIn.length > 0)
      .map((f) => `${f.model}: ${f.field.name} in ${f.answeredIn.join(', ')}`);
    expect(leaked).toEqual([]);
  });

  it('answers the Payment fields the audit found missing on every payment answer', () => {
    const reader = openApiReader(doc);
    const payment = SPEC_MODELS.find((m) => m.model === 'Payment')!;
    const added = [
      'tasks',
      'destination_account',
      'is_term_membership',
      'cooling_period_ends_at',
      'term_ends_at',
      'balance_owing',
      'periods_owing',
      'force_amount',
      'meta',
    ];
    for (const { op, at } of payment.answeredAt)
      for (const field of added) expect(reader.carries(op, at, field), `${op}: ${field}`).toBe(true);
    expect(payment.fields.map(fieldOf).map((f) => f.name)).toEqual(expect.arrayContaining(added));
  });

  it('is the table docs/api-fields.md shows', () => {
    const table = renderApiFields(findFields(doc));
    if (process.env.WRITE_API_FIELDS === '1') writeFileSync(TABLE, table);
    expect(readFileSync(TABLE, 'utf8')).toBe(table);
  });
});
