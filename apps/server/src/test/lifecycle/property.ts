// The lifecycle property (issue 23): random sequences of actions (commands.ts), each on a fresh
// organisation of a real test app with its simulators, every invariant (invariants.ts) checked after
// every action. The same property runs bounded in the server suite (lifecycle-model.test.ts) and long
// through `npm run test:lifecycle -- --runs 1000 [--seed N]` (scripts/lifecycle-test.ts). On a failure
// fast-check shrinks the sequence and reports it with its seed and path; the counts are printed either way.
import { todayInAuckland } from '@gym/domain/calendar-date';
import fc from 'fast-check';
import { receiveSandboxWebhooks } from '../../features/webhooks/webhooks.test-support';
import { createTestApp, type TestApp } from '../test-app';
import { actionArbitraries, emptyStats, joinArbitrary, type Model, type Real, type Stats } from './commands';
import { markNow, UNFIXED_DEFECTS } from './invariants';
import { makeWorld, moveClock, noonAfter } from './world';

export interface LifecycleOptions {
  runs: number;
  seed?: number;
  /** The longest sequence. */
  maxCommands: number;
  /**
   * Sequences per test app: each sequence has its own organisation, but every organisation's members go
   * on being billed as later sequences move the clock, so a fresh app (database, simulators, clock) now
   * and then keeps the days quick and the dates near today.
   */
  perApp: number;
}

export interface LifecycleReport {
  stats: Stats;
  seconds: number;
  seed: number;
  failure: string | null;
}

export async function runLifecycleProperty(options: LifecycleOptions): Promise<LifecycleReport> {
  const stats = emptyStats();
  const seed = options.seed ?? Date.now() % 2_147_483_647;
  const started = performance.now();
  let app: TestApp | undefined;
  let used = 0;
  const appForSequence = async () => {
    if (app && used < options.perApp) {
      used += 1;
      return { t: app, fresh: false };
    }
    await app?.close();
    app = await createTestApp();
    await receiveSandboxWebhooks(app);
    used = 1;
    return { t: app, fresh: true };
  };

  let failure: string | null = null;
  try {
    await fc.assert(
      fc.asyncProperty(
        // One to three joins first, so that most of each sequence acts on memberships.
        fc.array(joinArbitrary, { minLength: 1, maxLength: 3 }),
        fc.commands(actionArbitraries, { maxCommands: options.maxCommands, size: 'max' }),
        async (joins, actions) => {
          const { t, fresh } = await appForSequence();
          // Webhook mischief of the sequence before does not carry over.
          for (const service of ['akahu', 'stripe'] as const) {
            t.sandbox.controls.webhooks.drop(service, 0);
            t.sandbox.controls.webhooks.delay(service, 0);
          }
          const began = performance.now();
          const w = await makeWorld(t);
          // Each sequence starts at noon; a fresh app's clock first runs days ahead of the machine's, so
          // an activity entry written at the machine's time stands out from the application clock's.
          await moveClock(w, noonAfter(w, fresh ? 3 : 1));
          w.firstDay = todayInAuckland(t.clock.now());
          if (process.env.LIFECYCLE_DEBUG)
            process.stderr.write(
              `sequence ${stats.sequences + 1} (${Math.round(performance.now() - began)} ms to set up)\n`,
            );
          const real: Real = { w, members: [], snapshot: new Map(), mark: await markNow(w), log: [], stats };
          stats.sequences += 1;
          await fc.asyncModelRun(
            () => ({ model: { members: 0, bank: 0, declined: 0 } as Model, real }),
            (function* () {
              yield* joins;
              yield* actions;
            })(),
          );
        },
      ),
      {
        numRuns: options.runs,
        seed,
        includeErrorInReport: true,
      },
    );
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    await app?.close();
  }
  return { stats, seconds: Math.round((performance.now() - started) / 1000), seed, failure };
}

/** The counts, one line each, and the exclusions still in force. */
export function formatReport(report: LifecycleReport): string {
  const { stats } = report;
  const lines = [
    `lifecycle model: ${stats.sequences} sequences (shrinking included), ${stats.steps} steps, ${report.seconds} s, seed ${report.seed}`,
    `  actions: ${Object.entries(stats.actions)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `  answers: ${Object.entries(stats.answers)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `  unfixed defects excused: ${
      Object.entries(UNFIXED_DEFECTS)
        .filter(([, on]) => on)
        .map(([name]) => name)
        .join(', ') || 'none'
    }`,
    ...Object.entries(stats.excused)
      .sort()
      .map(([k, n]) => `    ${k}: ${n} hit(s), e.g. ${stats.examples[k]}`),
  ];
  if (report.failure) lines.push('', 'FAILED:', report.failure);
  return lines.join('\n');
}
