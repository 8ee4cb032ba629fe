// A pause staff add that starts today, after the day's billing run has been: applied at once by the run's
// own step (`startPause`), in the caller's transaction, so the membership is paused (no charge, door
// access off) from now rather than from tomorrow's run. A pause starting later is left to the run.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { DuePause } from './billing-run.repository';
import { startPause } from './billing-run.service';

/** Applies the pause if its first day has come and the run has not applied it; answers whether it did. */
export async function applyPauseIfStarted(
  tx: Executor,
  input: { organisationId: number; pauseId: number; today: CalendarDate; now: Date },
): Promise<boolean> {
  const [pause] = await queryRows<DuePause>(
    tx,
    sql`select sp.id::int, sp.subscription_id::int, sp.organisation_id::int, s.user_id::int, sp.start_date::text,
          sp.end_date::text, s.start_date::text as sub_start_date, s.current_period_start::text,
          s.current_period_end::text
        from subscription_pauses sp join subscriptions s on s.id = sp.subscription_id
        where sp.id = ${input.pauseId} and sp.organisation_id = ${input.organisationId}
          and sp.applied_at is null and sp.cancelled_at is null and sp.start_date <= ${input.today}
          and s.cancelled_at is null
        for update of sp, s`,
  );
  if (!pause) return false;
  await startPause(tx, pause, input.now);
  return true;
}
