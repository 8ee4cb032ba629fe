// Failpoints: named places where a crash test may kill this process outright, as a power cut or the OOM
// killer would (`npm run test:crash`, billing-crash.test-support.ts). They do nothing unless the process was
// started with GYM_FAILPOINTS, a comma-separated list of `name=probability` (the chance, from 0 to 1,
// that each pass through the point kills the process), e.g.
//
//   GYM_FAILPOINTS=attempt.before-call=0.05,attempt.after-call=0.05
//
// A point with a detail (the attempt's type) may be given its own chance as `name.detail=probability`,
// e.g. attempt.after-call.stripe_card=0.2, which it takes instead of the point's.
//
// Production never sets it: then `failpoint()` is one comparison. The variable is read once, when this
// module loads; a malformed value stops the process at start-up rather than testing nothing. A point
// that fires writes one line to stderr (`failpoint <name>[ <detail>]: SIGKILL`, so the test can count
// where its kills landed) and sends the process a real SIGKILL: no `finally`, no exit handler, no
// flushing of anything in flight.
//
// The points: attempt.before-call (the attempt is committed, the provider not yet called) and
// attempt.after-call (the provider answered, nothing of its answer written), in attempts.service.ts;
// charges.before-write (due subscriptions claimed, their charges not yet written), in
// billing-run.service.ts.
import { writeSync } from 'node:fs';

/** Parses a GYM_FAILPOINTS value; throws on anything it does not understand. */
function parseFailpoints(spec: string | undefined): Map<string, number> | null {
  if (spec === undefined || spec.trim() === '') return null;
  const points = new Map<string, number>();
  for (const part of spec.split(',')) {
    const match = /^\s*([a-z][a-z0-9._-]*)\s*=\s*([0-9.]+)\s*$/.exec(part);
    const probability = match ? Number(match[2]) : Number.NaN;
    if (!match || !(probability >= 0 && probability <= 1)) {
      throw new Error(`GYM_FAILPOINTS: "${part}" is not name=probability (0 to 1)`);
    }
    points.set(match[1]!, probability);
  }
  return points;
}

const configured = parseFailpoints(process.env.GYM_FAILPOINTS);

/** Kills this process with SIGKILL, with the configured probability, if `name` is configured. */
export function failpoint(name: string, detail?: string): void {
  if (configured === null) return;
  const probability =
    (detail === undefined ? undefined : configured.get(`${name}.${detail}`)) ?? configured.get(name);
  if (probability === undefined || Math.random() >= probability) return;
  writeSync(2, `failpoint ${name}${detail ? ` ${detail}` : ''}: SIGKILL\n`);
  process.kill(process.pid, 'SIGKILL');
}
