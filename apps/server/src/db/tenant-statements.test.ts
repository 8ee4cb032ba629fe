// The tenant statement rule on its own (the recording is test/tenant-check.ts and the route tests).
import { describe, expect, it } from 'vitest';
import { checkStatements, organisationNamedBy, type RecordedStatement } from './tenant-statements';

const tenantTables = new Set(['members_x', 'payments']);
const isOrganisation = (id: number) => id === 700001 || id === 700002;
const at = (statement: string, params: unknown[] = []): RecordedStatement => ({
  statement,
  params,
  during: 'GET /api/x',
});

describe('the tenant statement rule', () => {
  it('passes a statement naming the caller, as a parameter, a digit string, in a list or in its text', () => {
    const records = [
      at('select * from payments where organisation_id = $1 and id = $2', [700001, 5]),
      at('select * from payments where organisation_id = $1', ['700001']),
      at('select * from payments where organisation_id = any($1)', [[700001]]),
      at('select * from payments where organisation_id = 700001'),
      at('select * from users where id = $1', [3]),
    ];
    expect(checkStatements(records, tenantTables, 700001, isOrganisation, [])).toEqual([]);
  });

  it('fails a statement without the caller, and one naming another organisation', () => {
    const problems = checkStatements(
      [
        at('update payments set status = $1 where id = $2', ['sent', 5]),
        at('select * from payments where organisation_id in ($1, $2)', [700001, 700002]),
      ],
      tenantTables,
      700001,
      isOrganisation,
      [],
    );
    expect(problems.map((p) => p.problem)).toEqual(['no organisation', 'two organisations']);
  });

  it('allows the listed exceptions only', () => {
    const records = [at('select count(*) from payments where id = $1', [5])];
    const allowed = [{ pattern: /^select count\(\*\) from payments/, reason: 'a test' }];
    expect(checkStatements(records, tenantTables, 700001, isOrganisation, allowed)).toEqual([]);
    expect(checkStatements(records, tenantTables, null, isOrganisation, allowed)).toEqual([]);
    expect(checkStatements(records, tenantTables, null, isOrganisation, [])).toHaveLength(1);
  });

  it('takes a request of nobody signed in as acting for the first organisation its statements name', () => {
    const records = [
      at('select * from users where id = $1', [700002]),
      at('select * from payments where stripe_id = $1', ['pi_1']),
      at('select * from payments where organisation_id = $1', [700001]),
      at('select * from payments where organisation_id = $1', [700002]),
    ];
    expect(organisationNamedBy(records, tenantTables, isOrganisation)).toBe(700001);
    expect(organisationNamedBy(records.slice(0, 2), tenantTables, isOrganisation)).toBeNull();
  });
});
