// The at-risk report (issue 29): GET /api/reports/at-risk (a page, with the follow-up figures), its CSV
// export, and POST /api/reports/at-risk/contacts (staff mark a member contacted with a note).
// Organisation admins read every gym; gym admins their gyms.
import {
  AT_RISK_EXPORT_COLUMNS,
  atRiskAnswer,
  atRiskExportBody,
  atRiskQuery,
  contactCreatedAnswer,
  contactRequest,
} from '@gym/domain/api/at-risk';
import { atRiskWindow, reasonsInWords } from '@gym/domain/at-risk';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { exportDateTime } from '@gym/domain/export-format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { readerFor } from '../../db/read-replica';
import { errorResponses } from '../../http/envelope';
import { csvStream } from '../payments';
import type { AtRiskRow } from './at-risk.repository';
import {
  atRiskMembersNow,
  atRiskReport,
  atRiskScopeOf,
  keepAtRiskLists,
  markContacted,
  reasonsOf,
} from './at-risk.service';

const EXPORT_BATCH = 1000;

export const atRiskRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['reports'];

    app.get(
      '/api/reports/at-risk',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Members at risk (visits fell away, paused or a payment failed recently), each with the reason in words, and the follow-up of contacts a month on',
          querystring: atRiskQuery,
          response: { 200: atRiskAnswer, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const scope = await atRiskScopeOf(deps, authOf(request), request.query);
        // The primary: the list shows a contact the moment it is marked.
        return atRiskReport(deps, scope, request.query);
      },
    );

    app.post(
      '/api/reports/at-risk/export',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The members at risk as CSV',
          body: atRiskExportBody,
          // A CSV stream (text/csv), not JSON: errors answer as every route's do (401, 403, 404, 422).
        },
      },
      async (request, reply) => {
        const scope = await atRiskScopeOf(deps, authOf(request), request.body);
        const today = todayInAuckland(deps.clock.now());
        const window = atRiskWindow(today);
        // Kept on the primary; read where exports are (a replica behind it answers from the base tables).
        await keepAtRiskLists(deps.db, scope.organisationId, [today]);
        const reader = readerFor(deps, 'exports');
        const stream = csvStream<AtRiskRow, number>({
          header: AT_RISK_EXPORT_COLUMNS,
          batchSize: EXPORT_BATCH,
          next: (after) =>
            atRiskMembersNow(reader, scope, window, { limit: EXPORT_BATCH, offset: after ?? 0 }),
          cursorOf: (row) => row.position,
          cells: (row) => [
            row.user_id,
            row.user_name,
            row.user_email,
            row.gym_name,
            reasonsInWords(reasonsOf(row, today)),
            exportDateTime(row.contacted_at),
            row.contact_note,
          ],
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="members-at-risk-${today}.csv"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.post(
      '/api/reports/at-risk/contacts',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Marks a member at risk as contacted, with a note of what was said',
          body: contactRequest,
          response: { 201: contactCreatedAnswer, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const contact = await markContacted(deps, actorOf(request), request.body);
        return reply.code(201).send({ data: contact });
      },
    );
  };
