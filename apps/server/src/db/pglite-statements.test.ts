// Kept statements on embedded PGlite answer exactly as PGlite's own unnamed ones: same rows and types,
// same errors, same transactions; a plan made stale by DDL is made again, and the oldest are closed.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withKeptStatements } from './pglite-statements';

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table items (id bigserial primary key, name text not null unique, price numeric(10, 2),
      at timestamptz, day date, tags text[], data jsonb, raw bytea, n int);
    insert into items (name, price, at, day, tags, data, raw, n)
      values ('a', 12.50, '2026-12-07T01:02:03Z', '2026-12-07', '{x,y}', '{"k": [1, 2]}', '\\x0102', 1),
             ('b', null, null, null, null, null, null, 2);`);
});

afterAll(async () => {
  await client.close();
});

/** The names of the statements the session holds. */
async function preparedNames() {
  const { rows } = await client.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  );
  return rows.map((r) => r.name);
}

describe('kept statements on PGlite', () => {
  it('answers the same rows, types and counts as an unnamed statement, however often it runs', async () => {
    const kept = withKeptStatements(client);
    const text = 'select * from items where n >= $1 order by id';
    const expected = await client.query(text, [1]);
    for (let i = 0; i < 8; i++) {
      const got = await kept.query(text, [1]);
      expect(got.rows).toEqual(expected.rows);
      expect(got.fields).toEqual(expected.fields);
    }
    const arrays = await kept.query('select name, n from items order by id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    const updated = await kept.query('update items set n = n where name = any($1::text[])', [['a', 'b']]);
    expect(updated.affectedRows).toBe(2);
    // Parameters of every kind go through PGlite's serializers: json, arrays, dates, nulls.
    const echoed = await kept.query<{ data: unknown; tags: string[]; at: Date; none: null }>(
      'select $1::jsonb as data, $2::text[] as tags, $3::timestamptz as at, $4::int as none',
      [{ a: [1, 'two'] }, ['p', 'q'], new Date('2026-01-02T03:04:05Z'), null],
    );
    expect(echoed.rows[0]).toEqual({
      data: { a: [1, 'two'] },
      tags: ['p', 'q'],
      at: new Date('2026-01-02T03:04:05Z'),
      none: null,
    });
  });

  it("parses each column with the caller's parser for its type, else PGlite's own, as PGlite does", async () => {
    const kept = withKeptStatements(client);
    // Drizzle's options: dates and timestamps kept as text, everything else parsed by PGlite.
    const options = {
      rowMode: 'array' as const,
      parsers: { 1184: (value: string) => `at ${value}`, 1082: (value: string) => value },
    };
    const text = 'select at, day, price, n, tags, data from items where name = $1';
    const expected = await client.query(text, ['a'], options);
    const got = await kept.query(text, ['a'], options);
    expect(got.rows).toEqual(expected.rows);
    const [at, day, , n, tags, data] = got.rows[0] as unknown[];
    expect(at).toMatch(/^at 2026-12-07 01:02:03/);
    expect([day, n, tags, data]).toEqual(['2026-12-07', 1, ['x', 'y'], { k: [1, 2] }]);
    // Without parsers of the caller's, PGlite's own apply.
    expect((await kept.query(text, ['a'])).rows).toEqual((await client.query(text, ['a'])).rows);
  });

  it('prepares a text once', async () => {
    const kept = withKeptStatements(client);
    const before = (await preparedNames()).length;
    await kept.query('select count(*)::int as c from items where n > $1', [0]);
    await kept.query('select count(*)::int as c from items where n > $1', [1]);
    expect((await preparedNames()).length).toBe(before + 1);
  });

  it('rejects with the database error, and the next statement runs', async () => {
    const kept = withKeptStatements(client);
    const error = await kept
      .query('insert into items (name, n) values ($1, $2)', ['a', 3])
      .catch((e: unknown) => e as { code?: string; query?: string });
    expect(error).toMatchObject({ code: '23505', query: 'insert into items (name, n) values ($1, $2)' });
    await expect(kept.query('select 1 as one', [])).resolves.toMatchObject({ rows: [{ one: 1 }] });
    // A text that does not parse is not kept: the same text fails the same way again.
    await expect(kept.query('select nope from items', [])).rejects.toMatchObject({ code: '42703' });
    await expect(kept.query('select nope from items', [])).rejects.toMatchObject({ code: '42703' });
  });

  it('commits and rolls back as a transaction should, and keeps what it prepared inside one', async () => {
    const kept = withKeptStatements(client);
    await kept.transaction(async (tx) => {
      await tx.query('insert into items (name, n) values ($1, $2)', ['c', 3]);
    });
    await expect(
      kept.transaction(async (tx) => {
        await tx.query('insert into items (name, n) values ($1, $2)', ['d', 4]);
        await tx.query('insert into items (name, n) values ($1, $2)', ['a', 5]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await kept.query<{ name: string }>('select name from items order by id', []);
    expect(names.rows.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    // The insert was prepared inside the transaction that rolled back; it is still there.
    await kept.query('insert into items (name, n) values ($1, $2)', ['e', 6]);
    await kept.query('delete from items where name in ($1, $2)', ['c', 'e']);
  });

  it('makes a plan again when DDL changed its result', async () => {
    const kept = withKeptStatements(client);
    await client.exec('create table shifting (id int primary key, a text)');
    await client.exec(`insert into shifting values (1, 'x')`);
    expect((await kept.query('select * from shifting', [])).rows).toEqual([{ id: 1, a: 'x' }]);
    await client.exec(`alter table shifting add column b text default 'y'`);
    expect((await kept.query('select * from shifting', [])).rows).toEqual([{ id: 1, a: 'x', b: 'y' }]);
  });

  it('closes the least recently used statement past its limit', async () => {
    const kept = withKeptStatements(client, 2);
    const before = new Set(await preparedNames());
    await kept.query('select 1 as x', []);
    await kept.query('select 2 as x', []);
    await kept.query('select 1 as x', []);
    await kept.query('select 3 as x', []);
    const added = (await preparedNames()).filter((n) => !before.has(n));
    expect(added).toHaveLength(2);
    // "select 2" was the least recently used; the other two still answer from their statements.
    expect((await kept.query('select 1 as x', [])).rows).toEqual([{ x: 1 }]);
    expect((await kept.query('select 3 as x', [])).rows).toEqual([{ x: 3 }]);
    expect((await kept.query('select 2 as x', [])).rows).toEqual([{ x: 2 }]);
  });

  it('sends other statements (DDL, SET) as PGlite does', async () => {
    const kept = withKeptStatements(client);
    const before = (await preparedNames()).length;
    await kept.query(`set local application_name = 'x'`, []);
    await kept.query('create temporary table t_other (id int)', []);
    expect((await preparedNames()).length).toBe(before);
  });
});
