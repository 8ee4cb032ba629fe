import { memberFiltersSchema } from '@gym/domain/api/members-requests';
import { paymentFilters } from '@gym/domain/api/payments';
import { visitFilters } from '@gym/domain/api/visits';
import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import type { Executor } from '../../apps/server/src/public';
import {
  EXPORT_BATCH,
  exportBatch,
  paymentsCsv,
  visitExportBatch,
} from '../../apps/server/src/public-testing';
import { type BenchContext, recordStatements, type Scenario } from '../scenario';

// The exports as a person clicks them, one at a time and as long as they take: every member, and the last
// week's payments and visits. The raw side reads the same keyset batches the routes stream.

/** The seven days up to today (Auckland). */
function lastWeek() {
  const today = todayInAuckland(new Date());
  return { from: addDays(today, -6), to: today };
}

function exportScenario(
  name: string,
  order: number,
  path: string,
  body: Record<string, string>,
  drain: (db: Executor, context: BenchContext) => Promise<void>,
): Scenario {
  return {
    name,
    order,
    session: 'admin',
    connections: 1,
    timeoutSeconds: 300,
    request: { method: 'POST', path, body },
    statements: (context) => recordStatements(context.pool, (db) => drain(db, context)),
  };
}

const whole = (context: BenchContext) => ({ organisationId: context.organisationId, gymIds: null });

export const scenarios: Scenario[] = [
  exportScenario('members-export', 42.7, '/api/members/export', {}, async (db, context) => {
    const now = new Date();
    const filters = memberFiltersSchema.parse({});
    for (let afterId = 0; ; ) {
      const rows = await exportBatch(
        db,
        whole(context),
        filters,
        { now, today: todayInAuckland(now) },
        afterId,
        EXPORT_BATCH,
      );
      if (rows.length === 0) return;
      afterId = rows.at(-1)!.id;
    }
  }),
  exportScenario('payments-export-week', 43.7, '/api/payments/export', lastWeek(), async (db, context) => {
    for await (const _ of paymentsCsv(db, whole(context), paymentFilters.parse(lastWeek()))) {
      // Drained for its statements.
    }
  }),
  exportScenario('visits-export-week', 45.7, '/api/visits/export', lastWeek(), async (db, context) => {
    const filters = visitFilters.parse(lastWeek());
    for (let after: { visitedAt: string; id: number } | null = null; ; ) {
      const rows = await visitExportBatch(db, whole(context), filters, after, EXPORT_BATCH);
      if (rows.length === 0) return;
      const last = rows.at(-1)!;
      after = { visitedAt: last.visited_key, id: last.id };
    }
  }),
];
