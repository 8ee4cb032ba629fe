// `npm run test:lifecycle [-- --runs 1000] [--seed N] [--max-commands 12]`: the lifecycle model test's long
// run (apps/server/src/test/lifecycle: random sequences of joins, staff and member actions, days passing
// and provider mischief on the real server and simulators, every invariant checked after every step). It
// runs the same property as the server suite's bounded run, through Vitest (whose global setup makes the
// test database template), with the number of sequences and the seed given here; a failure prints the
// shrunk sequence, its seed and what broke, and the counts are printed at the end either way.
// `npm run test:lifecycle -- --clock 400` instead checks issue 23's "Done when" on a fresh demo
// (scripts/check-lifecycle-clock.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    'max-commands': { type: 'string', default: '12' },
    clock: { type: 'string' },
  },
});

const root = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function whole(name: string, text: string | undefined): string {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`--${name} must be a whole number above 0, not ${text}\n`);
    process.exit(2);
  }
  return String(n);
}

if (values.clock !== undefined) {
  const run = spawnSync(
    bin('tsx'),
    ['scripts/check-lifecycle-clock.ts', '--days', whole('clock', values.clock)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  process.exit(run.status ?? 1);
}

const runs = whole('runs', values.runs);
const env = {
  ...process.env,
  LIFECYCLE_RUNS: runs,
  LIFECYCLE_MAX_COMMANDS: whole('max-commands', values['max-commands']),
  // A sequence takes seconds; shrinking a failure reruns many.
  LIFECYCLE_TIMEOUT_MS: String(Number(runs) * 60_000 + 1_800_000),
  ...(values.seed === undefined ? {} : { LIFECYCLE_SEED: values.seed }),
};
const run = spawnSync(
  bin('vitest'),
  ['run', '--project', 'server', 'apps/server/src/test/lifecycle/lifecycle-model.test.ts'],
  { cwd: root, stdio: 'inherit', env },
);
process.exit(run.status ?? 1);
