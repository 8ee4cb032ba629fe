// The member's records on the profile page: payments and visits (spec section 7 "Payments and visits",
// the per-member calls), payment methods and the activity log about them. Readable by whoever may read
// the member (members.service.ts memberFor).
import {
  memberActivityPage,
  memberPaymentPage,
  memberVisitPage,
  paymentTypesAnswer,
} from '@gym/domain/api/members';
import { formatMoney } from '@gym/domain/money';
import { classifyPaymentStatus } from '@gym/domain/subscription-state';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard } from '../../auth/guard';
import { errorResponses, offsetOf, page, pageQuery } from '../../http/envelope';
import { iso } from '../../http/instants';
import { idParam } from '../../http/params';
import { paymentTypesOf, standingOf, standingsOf } from '../payments';
import * as records from './member-records.repository';
import type { memberFor as MemberFor } from './members.service';

const errors = errorResponses(400, 401, 403, 404, 422, 429);

export const memberRecordRoutes =
  (deps: AppDeps, services: { memberFor: typeof MemberFor }): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['members'];

    /** Rows of a page and the list's total; a page past the end is counted on its own. */
    async function paged<R extends { total: number }>(
      rows: R[],
      query: { page: number; per_page: number },
      count: () => Promise<number>,
    ) {
      const total = rows.length > 0 ? Number(rows[0]!.total) : query.page === 1 ? 0 : await count();
      return total;
    }

    app.get(
      '/api/users/:id/payments',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The member’s payments, most recent first',
          params: idParam,
          querystring: pageQuery,
          response: { 200: memberPaymentPage, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const member = await services.memberFor(deps, auth, request.params.id, 'read');
        const q = request.query;
        const rows = await records.memberPayments(deps.db, auth.organisationId, member.id, {
          limit: q.per_page,
          offset: offsetOf(q),
        });
        const total = await paged(rows, q, () =>
          records.countOf(deps.db, 'payments', auth.organisationId, member.id),
        );
        const standings = await standingsOf(
          deps.db,
          auth.organisationId,
          rows.map((r) => r.id),
        );
        return page(
          rows.map((r) => ({
            id: r.id,
            amount: r.amount,
            formatted_amount: formatMoney(r.amount),
            surcharge: r.surcharge,
            formatted_surcharge: formatMoney(r.surcharge),
            total: r.amount + r.surcharge,
            formatted_total: formatMoney(r.amount + r.surcharge),
            period_start_at: r.period_start_at,
            period_end_at: r.period_end_at,
            status: r.status,
            status_class: classifyPaymentStatus(r.status),
            type: r.type,
            is_retry: r.is_retry,
            is_pro_rata: r.is_pro_rata,
            error_status: r.error_status,
            error_description: r.error_description,
            processed_by:
              r.processed_by_id === null ? null : { id: r.processed_by_id, name: r.processed_by_name ?? '' },
            gym: { id: r.gym_id, name: r.gym_name },
            subscription: r.subscription_id,
            ...standingOf(standings, r.id),
            created_at: iso(r.created_at),
          })),
          total,
          q,
        );
      },
    );

    app.get(
      '/api/users/:id/visits',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The member’s door visits, most recent first',
          params: idParam,
          querystring: pageQuery,
          response: { 200: memberVisitPage, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const member = await services.memberFor(deps, auth, request.params.id, 'read');
        const q = request.query;
        const rows = await records.memberVisits(deps.db, auth.organisationId, member.id, {
          limit: q.per_page,
          offset: offsetOf(q),
        });
        const total = await paged(rows, q, () =>
          records.countOf(deps.db, 'visits', auth.organisationId, member.id),
        );
        return page(
          rows.map((r) => ({
            id: r.id,
            gym: { id: r.gym_id, name: r.gym_name },
            visited_at: iso(r.visited_at),
            successful: r.successful,
          })),
          total,
          q,
        );
      },
    );

    app.get(
      '/api/members/:id/payment-types',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The member’s payment methods (bank accounts and cards), the default marked',
          params: idParam,
          response: { 200: paymentTypesAnswer, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const member = await services.memberFor(deps, auth, request.params.id, 'read');
        const types = await paymentTypesOf(deps.db, auth.organisationId, [
          { id: member.id, defaultPaymentTypeId: member.default_payment_type_id },
        ]);
        return { data: types.get(member.id) ?? [] };
      },
    );

    app.get(
      '/api/members/:id/activity-log',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'What happened to the member’s membership and money, and who did it, most recent first',
          params: idParam,
          querystring: pageQuery,
          response: { 200: memberActivityPage, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const member = await services.memberFor(deps, auth, request.params.id, 'read');
        const q = request.query;
        const rows = await records.memberActivity(deps.db, auth.organisationId, member.id, {
          limit: q.per_page,
          offset: offsetOf(q),
        });
        const total = await paged(rows, q, () =>
          records.countOf(deps.db, 'activity_log', auth.organisationId, member.id),
        );
        return page(
          rows.map((r) => ({
            id: r.id,
            action: r.action,
            subject_type: r.subject_type,
            subject_id: r.subject_id,
            actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? '' },
            by_member: r.actor_id === member.id,
            data: r.data ?? {},
            created_at: iso(r.created_at),
          })),
          total,
          q,
        );
      },
    );
  };
