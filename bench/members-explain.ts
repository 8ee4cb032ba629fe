// Explains the members list's statements for each members-* bench scenario (issue 27, filters): the
// statements the service runs for the scenario's query, each with EXPLAIN ANALYZE (the database's own
// time, warm: each runs once first). Against a copy of the bench database, never the bench itself:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/gym_bench_filters npx tsx bench/members-explain.ts [name…] [--plans]
import pg from 'pg';
import { scenarios as listScenarios } from './scenarios/lists';
import { scenarios as filterScenarios } from './scenarios/member-filters';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL names the copy of the bench database to read.');
const pool = new pg.Pool({ connectionString: url, max: 2 });
const args = process.argv.slice(2);
const plans = args.includes('--plans');
const only = args.filter((a) => !a.startsWith('--'));
const [org] = (await pool.query('select min(id)::int as id from organisations')).rows;
const context = { pool, organisationId: org.id } as never;
for (const scenario of [...listScenarios, ...filterScenarios]) {
  if (!scenario.name.startsWith('members-') || !scenario.statements) continue;
  if (only.length > 0 && !only.some((o) => scenario.name.startsWith(o))) continue;
  const statements = await scenario.statements(context);
  const times: string[] = [];
  for (const statement of statements) {
    const { rows } = await pool.query({
      text: `explain (analyze, buffers${plans ? '' : ', format json'}) ${statement.text}`,
      values: statement.values,
    });
    if (plans) {
      console.log(`--- ${scenario.name}\n${statement.text}\n${JSON.stringify(statement.values)}`);
      console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
      const last = rows.at(-1)['QUERY PLAN'] as string;
      times.push(last.replace(/[^\d.]/g, ''));
    } else {
      times.push(rows[0]['QUERY PLAN'][0]['Execution Time'].toFixed(1));
    }
  }
  console.log(`${scenario.name}: ${times.join(' + ')} ms`);
}
await pool.end();
