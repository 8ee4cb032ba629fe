// A pause staff add that starts today, after the day's billing run has been: applied at once by the run's
// own step (`startPause`), in the caller's transaction, so the membership is paused (no charge, door
// access off) from now rather than from tomorrow's run. A pause starting later is left to the run.
import type { CalendarDate } from '@gym/domain/calendar-date';
import type { Executor } from '../../db/client';
import { lockStartedPause } from './billing-run.repository';
import { startPause } from './billing-run.service';

/** Applies the pause if its first day has come and the run has not applied it; answers whether it did. */
export async function applyPauseIfStarted(
  tx: Executor,
  input: { organisationId: number; pauseId: number; today: CalendarDate; now: Date },
): Promise<boolean> {
  const pause = await lockStartedPause(tx, input);
  if (!pause) return false;
  await startPause(tx, pause, input.now);
  return true;
}
