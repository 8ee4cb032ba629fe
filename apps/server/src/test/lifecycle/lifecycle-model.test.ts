// The lifecycle model test, bounded (issue 23): about 30 random sequences of joins, staff and member
// actions, days passing and provider mischief on the real server with its simulators, every invariant
// checked for every membership after every step (property.ts says what it runs, invariants.ts what it
// checks). The long run is `npm run test:lifecycle -- --runs 1000`. LIFECYCLE_RUNS and LIFECYCLE_SEED
// set the run count and seed (the script sets them); LIFECYCLE_MAX_COMMANDS the longest sequence.
import { describe, expect, it } from 'vitest';
import { formatReport, runLifecycleProperty } from './property';

const runs = Number(process.env.LIFECYCLE_RUNS ?? 30);
const seed = process.env.LIFECYCLE_SEED === undefined ? undefined : Number(process.env.LIFECYCLE_SEED);
const maxCommands = Number(process.env.LIFECYCLE_MAX_COMMANDS ?? 8);

describe('the membership lifecycle over random sequences', () => {
  it(
    'keeps door access, arrears, charges, activity and expected payments in line after every step',
    async () => {
      const report = await runLifecycleProperty({
        runs,
        ...(seed === undefined ? {} : { seed }),
        maxCommands,
        perApp: 10,
      });
      console.info(formatReport(report));
      expect(report.failure, report.failure ?? '').toBeNull();
    },
    // A generous ceiling: a failure's shrinking reruns sequences (the long run sets its own).
    Number(process.env.LIFECYCLE_TIMEOUT_MS ?? 900_000),
  );
});
