// Visits (spec section 7 "Payments and visits"): door unlocks recorded from Kisi's webhooks at gyms
// that track visits (features/webhooks/kisi-webhooks.ts), listed with filters and exported as CSV.
// Organisation admins read every gym; gym admins and trainers their gyms (docs/roles.md).

import { lastReachablePage, resolveRange } from '@gym/domain/api/payments';
import {
  VISIT_EXPORT_COLUMNS,
  VISITS_DEFAULT_DAYS,
  VISITS_MAX_DAYS,
  type VisitFilters,
  visitsAnswer,
  visitsExportBody,
  visitsQuery,
} from '@gym/domain/api/visits';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { CHECK_IN_REFUSAL_LABELS, isCheckInRefusal } from '@gym/domain/check-in';
import { exportDate, exportTime } from '@gym/domain/export-format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { type AuthContext, authOf, guard } from '../../auth/guard';
import { readerFor } from '../../db/read-replica';
import { notFound } from '../../http/app-error';
import { errorResponses, offsetOf, page } from '../../http/envelope';
import { csvStream, gymScope } from '../payments';
import {
  doorOfOrganisation,
  listVisits,
  type VisitListRow,
  visitCounts,
  visitExportBatch,
} from './visits.repository';

/** Who reads visits: organisation admins; gym admins and trainers for their gyms. */
const VISIT_READERS = ['admin', 'personal_trainer'] as const;
const EXPORT_BATCH = 1000;

async function scopeOf(deps: AppDeps, auth: AuthContext, filters: VisitFilters) {
  const gymIds = await gymScope(deps.db, auth, VISIT_READERS, filters.gym_id);
  if (
    filters.door_id !== undefined &&
    !(await doorOfOrganisation(deps.db, auth.organisationId, filters.door_id))
  )
    throw notFound('Door not found.');
  return { organisationId: auth.organisationId, gymIds };
}

/** The filters with their dates settled: those asked for, or the last VISITS_DEFAULT_DAYS to today. */
function withRange(deps: AppDeps, filters: VisitFilters): VisitFilters {
  const today = todayInAuckland(deps.clock.now());
  return { ...filters, ...resolveRange(filters, today, VISITS_DEFAULT_DAYS, VISITS_MAX_DAYS) };
}

const presentVisit = (row: VisitListRow) => ({
  id: row.id,
  visited_at: new Date(row.visited_at).toISOString(),
  successful: row.successful,
  user: { id: row.user_id, name: row.user_name, email: row.user_email },
  gym: { id: row.gym_id, name: row.gym_name },
  door: row.door_id === null ? null : { id: row.door_id, name: row.door_name ?? '' },
  at_desk: row.checked_in_by !== null,
  refused_reason: isCheckInRefusal(row.refused_reason) ? row.refused_reason : null,
});

export const visitsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['visits'];

    app.get(
      '/api/visits',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Visits (door unlocks, allowed or refused) of the organisation, newest first, filtered (by default the last 7 days)',
          querystring: visitsQuery,
          response: { 200: visitsAnswer, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const { page: _p, per_page: _pp, ...asked } = request.query;
        const filters = withRange(deps, asked);
        const scope = await scopeOf(deps, authOf(request), filters);
        const [rows, counts] = await Promise.all([
          listVisits(deps.db, scope, filters, {
            limit: request.query.per_page,
            offset: offsetOf(request.query),
          }),
          visitCounts(deps.db, scope, filters),
        ]);
        const answer = page(rows.map(presentVisit), counts.total, request.query);
        return {
          data: answer.data,
          meta: {
            ...answer.meta,
            last_page: lastReachablePage(counts.total, request.query.per_page),
            successful: counts.successful,
            refused: counts.refused,
            range: { from: filters.from!, to: filters.to! },
          },
        };
      },
    );

    app.post(
      '/api/visits/export',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The filtered visits as CSV',
          body: visitsExportBody,
          // A CSV stream (text/csv), not JSON: errors answer as every route's do (401, 403, 404, 422).
        },
      },
      async (request, reply) => {
        const scope = await scopeOf(deps, authOf(request), request.body);
        const filters = withRange(deps, request.body);
        const stream = csvStream<VisitListRow, { visitedAt: string; id: number }>({
          header: VISIT_EXPORT_COLUMNS,
          batchSize: EXPORT_BATCH,
          next: (after) => visitExportBatch(readerFor(deps, 'exports'), scope, filters, after, EXPORT_BATCH),
          cursorOf: (row) => ({ visitedAt: row.visited_key, id: row.id }),
          cells: (row) => {
            const at = new Date(row.visited_at);
            const reason = isCheckInRefusal(row.refused_reason) ? row.refused_reason : null;
            return [
              row.id,
              exportDate(at),
              exportTime(at),
              row.user_name,
              row.user_email,
              row.gym_name,
              row.door_name ?? (row.checked_in_by !== null ? 'Front desk' : null),
              row.successful ? 'Allowed' : 'Refused',
              reason === null ? null : CHECK_IN_REFUSAL_LABELS[reason],
            ];
          },
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="visits-${todayInAuckland(deps.clock.now())}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );
  };
