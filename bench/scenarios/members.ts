import { memberFiltersSchema } from '@gym/domain/api/members-requests';
import { paymentFilters } from '@gym/domain/api/payments';
import { visitFilters } from '@gym/domain/api/visits';
import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import {
  findMember,
  latestSubscription,
  subscriptionExtras,
} from '../../apps/server/src/features/members/members.repository';
import { EXPORT_BATCH } from '../../apps/server/src/features/members/members-export.routes';
import { exportBatch } from '../../apps/server/src/features/members/members-list.repository';
import { paymentsCsv } from '../../apps/server/src/features/payments/payments-export';
import { visitExportBatch } from '../../apps/server/src/features/visits/visits.repository';
import type { BenchContext } from '../scenario';
import { recordStatements, type Scenario } from '../scenario';

// A member's page and the whole list exported, at the bench's size: the member is one from the middle of
// the organisation (by id), and the export is every member as CSV, read in the server's keyset batches.

/** The seven days up to today (Auckland). */
function lastWeek() {
  const today = todayInAuckland(new Date());
  return { from: addDays(today, -6), to: today };
}

async function middleMember(context: BenchContext) {
  const { rows } = await context.pool.query<{ user_id: number }>(
    `select user_id::int from organisation_members where organisation_id = $1 and deleted_at is null
     order by user_id offset (select count(*) / 2 from organisation_members where organisation_id = $1) limit 1`,
    [context.organisationId],
  );
  return rows[0]!.user_id;
}

export const scenarios: Scenario[] = [
  {
    name: 'member-detail',
    order: 42.5,
    session: 'admin',
    request: async (context) => ({ method: 'GET', path: `/api/members/${await middleMember(context)}` }),
    statements: async (context) => {
      const userId = await middleMember(context);
      return recordStatements(context.pool, async (db) => {
        await findMember(db, context.organisationId, userId);
        const sub = await latestSubscription(db, context.organisationId, userId);
        if (sub) await subscriptionExtras(db, context.organisationId, sub.id);
      });
    },
  },
  {
    name: 'members-export',
    order: 42.7,
    session: 'admin',
    // One person's click: the whole list, as long as it takes.
    connections: 1,
    timeoutSeconds: 300,
    request: { method: 'POST', path: '/api/members/export', body: {} },
    statements: (context) =>
      recordStatements(context.pool, async (db) => {
        const now = new Date();
        const filters = memberFiltersSchema.parse({});
        const scope = { organisationId: context.organisationId, gymIds: null };
        const listContext = { now, today: todayInAuckland(now) };
        for (let afterId = 0; ; ) {
          const rows = await exportBatch(db, scope, filters, listContext, afterId, EXPORT_BATCH);
          if (rows.length === 0) return;
          afterId = rows.at(-1)!.id;
        }
      }),
  },
  // The payments of the last week and the visits of the default week, as a bookkeeper exports them.
  {
    name: 'payments-export-week',
    order: 43.7,
    session: 'admin',
    connections: 1,
    timeoutSeconds: 300,
    request: { method: 'POST', path: '/api/payments/export', body: lastWeek() },
    statements: (context) =>
      recordStatements(context.pool, async (db) => {
        const scope = { organisationId: context.organisationId, gymIds: null };
        for await (const _ of paymentsCsv(db, scope, paymentFilters.parse(lastWeek()))) {
          // Drained for its statements.
        }
      }),
  },
  {
    name: 'visits-export-week',
    order: 45.7,
    session: 'admin',
    connections: 1,
    timeoutSeconds: 300,
    request: { method: 'POST', path: '/api/visits/export', body: lastWeek() },
    statements: (context) =>
      recordStatements(context.pool, async (db) => {
        const scope = { organisationId: context.organisationId, gymIds: null };
        const filters = visitFilters.parse(lastWeek());
        for (let after: { visitedAt: string; id: number } | null = null; ; ) {
          const rows = await visitExportBatch(db, scope, filters, after, EXPORT_BATCH);
          if (rows.length === 0) return;
          const last = rows.at(-1)!;
          after = { visitedAt: last.visited_key, id: last.id };
        }
      }),
  },
];
