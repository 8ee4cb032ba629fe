// The member's own account on the join site (issue 24): calls under /api/me/…, for a member's verified
// session only (staff 403, guests 401), each reaching only the member's own records. Changes go through
// the same services staff use, with the member as the actor (pause, cancel, undo, retry now, payment
// method); each adapter is one small file here.
import {
  accountAnswer,
  accountDetailsAnswer,
  accountPaymentsPage,
  paymentMethodsAnswer,
  payNowAnswer,
  receiptAnswer,
} from '@gym/domain/api/account';
import {
  accountDetailsBody,
  changePasswordBody,
  emailChangeBody,
  emailChangeConfirmBody,
  memberPauseBody,
} from '@gym/domain/api/account-requests';
import { messageAnswer } from '@gym/domain/api/me';
import { cancelAnswer, pauseAnswer, subscriptionActionsAnswer } from '@gym/domain/api/subscriptions';
import { cancelBody } from '@gym/domain/api/subscriptions-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { guard } from '../../auth/guard';
import { errorResponses, offsetOf, page, pageQuery } from '../../http/envelope';
import { idParam, recordId } from '../../http/params';
import { accountOf } from './account.service';
import {
  changePassword,
  confirmEmailChange,
  detailsOf,
  startEmailChange,
  updateDetails,
} from './account-details.service';
import { cancelOwnMembership, undoOwnCancellation } from './cancel.action';
import { dataExportOf } from './data-export.service';
import { memberActorOf } from './member-actor';
import { pauseOwnMembership, removeOwnPause } from './pause.action';
import { payWhatIsOwed } from './pay-now.action';
import { makeDefault, paymentMethodsOf } from './payment-method.action';
import { paymentsPage, receiptOf } from './receipts.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429, 502);
const tags = ['account'];
const answer = <T>(schema: T) => ({ 200: schema, ...errors });

export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = guard(deps);

    app.get(
      '/api/me/account',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'The member’s membership as they see it: state and colour, price, next payment, term, balance, door access',
          response: answer(accountAnswer),
        },
      },
      async (request) => ({ data: await accountOf(deps, memberActorOf(request)) }),
    );

    app.get(
      '/api/me/payments',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'The member’s payments, newest first, each with its status in plain words',
          querystring: pageQuery,
          response: answer(accountPaymentsPage),
        },
      },
      async (request) => {
        const { rows, total } = await paymentsPage(deps, memberActorOf(request), {
          limit: request.query.per_page,
          offset: offsetOf(request.query),
        });
        return page(rows, total, request.query);
      },
    );

    app.get(
      '/api/me/payments/:id/receipt',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'The receipt of one of the member’s collected payments (New Zealand taxable supply information)',
          params: idParam,
          response: answer(receiptAnswer),
        },
      },
      async (request) => ({ data: await receiptOf(deps, memberActorOf(request), request.params.id) }),
    );

    app.post(
      '/api/me/pay-now',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'Pay what is owed now with the current way to pay (a retry of each failed charge; one per failed attempt)',
          response: answer(payNowAnswer),
        },
      },
      async (request) => ({ data: await payWhatIsOwed(deps, memberActorOf(request)) }),
    );

    app.get(
      '/api/me/payment-methods',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'The member’s ways to pay, and the next payment by bank and by card (surcharge shown first)',
          response: answer(paymentMethodsAnswer),
        },
      },
      async (request) => ({ data: await paymentMethodsOf(deps, memberActorOf(request)) }),
    );

    app.post(
      '/api/me/payment-methods/:payment_type_id/default',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Pay by this saved method from the next charge on',
          params: z.object({ payment_type_id: recordId }),
          response: answer(paymentMethodsAnswer),
        },
      },
      async (request) => ({
        data: await makeDefault(deps, memberActorOf(request), request.params.payment_type_id),
      }),
    );

    app.post(
      '/api/me/pause',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'Pause the member’s membership within the gym’s limits (dry_run: the credit days and next payment first)',
          body: memberPauseBody,
          response: answer(pauseAnswer),
        },
      },
      async (request) => ({ data: await pauseOwnMembership(deps, memberActorOf(request), request.body) }),
    );

    app.delete(
      '/api/me/pauses/:pause_id',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Remove a pause of the member’s that has not begun',
          params: z.object({ pause_id: recordId }),
          response: answer(subscriptionActionsAnswer),
        },
      },
      async (request) => ({
        data: await removeOwnPause(deps, memberActorOf(request), request.params.pause_id),
      }),
    );

    app.post(
      '/api/me/cancel',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'Cancel online (dry_run: when it ends, final charge, break fee or refund, when door access stops); emails a confirmation',
          body: cancelBody,
          response: answer(cancelAnswer),
        },
      },
      async (request) => ({ data: await cancelOwnMembership(deps, memberActorOf(request), request.body) }),
    );

    app.post(
      '/api/me/undo-cancellation',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Undo the member’s cancellation while now is before undo_cancellation_until',
          response: answer(subscriptionActionsAnswer),
        },
      },
      async (request) => ({ data: await undoOwnCancellation(deps, memberActorOf(request)) }),
    );

    app.get(
      '/api/me/details',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'The member’s contact details and preferences',
          response: answer(accountDetailsAnswer),
        },
      },
      async (request) => ({ data: await detailsOf(deps, memberActorOf(request)) }),
    );

    app.put(
      '/api/me/details',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Change contact details, address, emergency contact, notifications (fields not sent stay)',
          body: accountDetailsBody,
          response: answer(accountDetailsAnswer),
        },
      },
      async (request) => ({ data: await updateDetails(deps, memberActorOf(request), request.body) }),
    );

    app.post(
      '/api/me/email-change',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Send a code to a new email address; it replaces the old one once the code is entered',
          body: emailChangeBody,
          response: answer(messageAnswer),
        },
      },
      async (request) => startEmailChange(deps, memberActorOf(request), request.body.email),
    );

    app.post(
      '/api/me/email-change/confirm',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'The code sent to the new address: the account uses it from now on',
          body: emailChangeConfirmBody,
          response: answer(accountDetailsAnswer),
        },
      },
      async (request) => ({
        data: await confirmEmailChange(deps, memberActorOf(request), request.body.code),
      }),
    );

    app.post(
      '/api/me/password',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Change the password (with the current one); other devices are signed out',
          body: changePasswordBody,
          response: answer(messageAnswer),
        },
      },
      async (request) => changePassword(deps, memberActorOf(request), request.body),
    );

    app.get(
      '/api/me/data-export',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Everything the gym holds about the member as a JSON file (Privacy Act 2020, principle 6)',
        },
      },
      async (request, reply) => {
        const data = await dataExportOf(deps, memberActorOf(request));
        const day = data.exported_at.slice(0, 10);
        return reply
          .header('content-disposition', `attachment; filename="my-gym-data-${day}.json"`)
          .header('cache-control', 'no-store')
          .type('application/json')
          .send(JSON.stringify(data, null, 2));
      },
    );
  };
