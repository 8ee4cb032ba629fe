// POST /api/members/export: the filtered members list as CSV, streamed in batches read by id (keyset),
// so 100,000 rows cost one batch of memory. For organisation admins (every member) and gym admins
// (their gyms' members); docs/roles.md "Members".
import { Readable } from 'node:stream';
import { type MemberFilters, memberFiltersSchema } from '@gym/domain/api/members-requests';
import { toCalendarDate } from '@gym/domain/calendar-date';
import { formatMoney } from '@gym/domain/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard } from '../../auth/guard';
import { errorResponses } from '../../http/envelope';
import { presentListItem } from './members.presenter';
import { checkGymFilter, exportScope } from './members.service';
import { exportBatch, type MemberScope } from './members-list.repository';

export const EXPORT_BATCH = 1000;

export const EXPORT_COLUMNS = [
  'id',
  'name',
  'email',
  'mobile_number',
  'home_gym',
  'state',
  'offering',
  'price',
  'billing_frequency',
  'next_payment_date',
  'balance_owing',
  'last_visit_at',
  'joined_at',
  'tags',
] as const;

/** A CSV cell: quoted when needed, and a leading =, +, - or @ defused so a spreadsheet shows it as text. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function* csvRows(deps: AppDeps, scope: MemberScope, filters: MemberFilters) {
  yield `${EXPORT_COLUMNS.join(',')}\r\n`;
  const now = deps.clock.now();
  const context = { now, today: toCalendarDate(now) };
  let afterId = 0;
  for (;;) {
    const rows = await exportBatch(deps.db, scope, filters, context, afterId, EXPORT_BATCH);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      const item = presentListItem(row, now);
      const sub = item.subscription;
      chunk += `${[
        item.id,
        item.name,
        item.email,
        item.mobile_number,
        item.home_gym?.name ?? null,
        sub?.state ?? null,
        sub?.offering.name ?? null,
        sub ? formatMoney(sub.price.amount) : null,
        sub?.price.billing_frequency ?? null,
        sub?.next_payment_date ?? null,
        sub ? formatMoney(sub.balance_owing) : null,
        item.last_visit_at,
        item.created_at,
        item.tags.join('; '),
      ]
        .map(csvCell)
        .join(',')}\r\n`;
    }
    yield chunk;
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < EXPORT_BATCH) return;
  }
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
            200: z.unknown().describe('text/csv: one row per member, the columns of EXPORT_COLUMNS'),
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
        return reply.send(Readable.from(csvRows(deps, scope, request.body)));
      },
    );
  };
