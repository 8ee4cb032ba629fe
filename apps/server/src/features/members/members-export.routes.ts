// POST /api/members/export: the filtered members list as CSV in the one export format (the payments and
// visits exports' csvStream and export-format), streamed in batches read by id (keyset), so 100,000 rows
// cost one batch of memory. For organisation admins (every member) and gym admins
// (their gyms' members); docs/roles.md "Members".
import { MEMBER_EXPORT_COLUMNS, SUBSCRIPTION_STATE_LABELS } from '@gym/domain/api/members';
import { type MemberFilters, memberFiltersSchema } from '@gym/domain/api/members-requests';
import { billingFrequencyLabel } from '@gym/domain/billing-frequency';
import { toCalendarDate } from '@gym/domain/calendar-date';
import { exportAmount, exportDate, exportDateTime } from '@gym/domain/export-format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard } from '../../auth/guard';
import { readerFor } from '../../db/read-replica';
import { errorResponses } from '../../http/envelope';
import { csvStream } from '../payments';
import { presentListItem } from './members.presenter';
import { checkGymFilter, exportScope } from './members.service';
import { exportBatch, type MemberListRow, type MemberScope } from './members-list.repository';

export const EXPORT_BATCH = 1000;

/** One member as a row of the export, in the one export format (dates NZ, amounts as numbers). */
function memberCells(row: MemberListRow, now: Date) {
  const item = presentListItem(row, now);
  const sub = item.subscription;
  return [
    item.id,
    item.name,
    item.email,
    item.mobile_number,
    item.home_gym?.name ?? null,
    sub ? SUBSCRIPTION_STATE_LABELS[sub.state] : 'No membership',
    sub?.offering.name ?? null,
    sub ? exportAmount(sub.price.amount) : null,
    sub ? billingFrequencyLabel(sub.price.billing_frequency) : null,
    exportDate(sub?.next_payment_date ?? null),
    sub ? exportAmount(sub.balance_owing) : null,
    exportDateTime(item.last_visit_at),
    exportDate(item.created_at),
    item.tags.join('; '),
  ];
}

function membersCsv(deps: AppDeps, scope: MemberScope, filters: MemberFilters) {
  const now = deps.clock.now();
  const context = { now, today: toCalendarDate(now) };
  return csvStream<MemberListRow, number>({
    header: MEMBER_EXPORT_COLUMNS,
    batchSize: EXPORT_BATCH,
    next: (afterId) =>
      exportBatch(readerFor(deps, 'exports'), scope, filters, context, afterId ?? 0, EXPORT_BATCH),
    cursorOf: (row) => row.id,
    cells: (row) => memberCells(row, now),
  });
}

export const membersExportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/members/export',
      {
        preHandler: guard(deps, { staff: true }),
        schema: {
          tags: ['members'],
          summary: 'The filtered members list as CSV (streamed; text/csv)',
          body: memberFiltersSchema,
          response: {
            200: z.unknown().describe('text/csv: one row per member, the columns of MEMBER_EXPORT_COLUMNS'),
            ...errorResponses(400, 401, 403, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const scope = exportScope(auth);
        await checkGymFilter(deps, auth, scope, request.body);
        const day = toCalendarDate(deps.clock.now());
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="members-${day}.csv"`)
          .header('cache-control', 'no-store');
        // A stream is piped as it is, never serialised against the response schema.
        return reply.send(membersCsv(deps, scope, request.body));
      },
    );
  };
