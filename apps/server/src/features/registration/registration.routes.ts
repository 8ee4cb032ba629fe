// The member join site's calls (spec section 7): registering, the unique-email check, the member's own
// fields, photo, ways to pay (Akahu, Stripe card set-up), the membership to confirm and confirming it,
// and the hand-over of a member who signed in on the staff host.
import { loginAnswer, meAnswer, messageAnswer } from '@gym/domain/api/me';
import {
  akahuAccountsAnswer,
  akahuAuthUrlAnswer,
  cardSetupAnswer,
  handoverAnswer,
  joinSubscriptionAnswer,
  paymentTypeAnswer,
  registerOptionsAnswer,
  surchargeTotalAnswer,
  uniqueEmailAnswer,
} from '@gym/domain/api/registration';
import {
  akahuExchangeBody,
  akahuSyncBody,
  cardSetupCompleteBody,
  confirmSubscriptionBody,
  handoverBody,
  registerBody,
  registerFieldsUpdateBody,
  registerOptionsQuery,
  surchargeTotalQuery,
  uniqueEmailBody,
} from '@gym/domain/api/registration-requests';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard, resolveAuth } from '../../auth/guard';
import { setSessionCookie } from '../../auth/session';
import { AppError, forbidden, validationError } from '../../http/app-error';
import { errorResponses } from '../../http/envelope';
import { imageUploadForm } from '../../http/multipart-form';
import { idParam, recordId } from '../../http/params';
import { MAX_PIXELS_TEXT } from '../../storage/uploaded-image';
import { presentMe } from '../auth';
import { redeemHandover, startHandover } from './handover.service';
import {
  activeSubscription,
  confirmSubscription,
  surchargeTotal,
  switchPaymentType,
} from './join-subscription.service';
import {
  akahuAuthUrl,
  akahuExchange,
  akahuSyncAccounts,
  completeCardSetup,
  startCardSetup,
} from './payment-methods.service';
import {
  PHOTO_TOO_LARGE,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_SIDE,
  readProfilePicture,
  storeProfilePicture,
} from './profile-picture.service';
import {
  isEmailUnique,
  joinGymLogo,
  register,
  registerOptions,
  updateRegisterFields,
} from './registration.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429, 502);
const tags = ['registration'];

const client = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
});

/** The join site's calls are the member's own: staff have the back office. */
const memberOnly = (request: FastifyRequest) => {
  const auth = authOf(request);
  if (auth.user.isStaff) throw forbidden('Staff use the back office, not the join site.');
  return auth;
};

async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', { message: 'Send the photo as multipart/form-data.' });
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file' && part.fieldname === 'file') file = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationError({ file: [PHOTO_TOO_LARGE] });
    if (code === 'FST_FILES_LIMIT') throw validationError({ file: ['Send one photo'] });
    throw new AppError('bad_request', {
      message: 'The photo could not be read: send it again.',
      cause: error,
    });
  }
  if (!file?.length) throw validationError({ file: ['Value is required'] });
  return file;
}

export const registrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = guard(deps);

    app.get(
      '/api/register/options',
      {
        schema: {
          tags,
          summary: 'The gyms to join, or the gym and memberships a gym link or private price link opens',
          querystring: registerOptionsQuery,
          response: { 200: registerOptionsAnswer, ...errors },
        },
      },
      async (request) => ({ data: await registerOptions(deps, request.query) }),
    );

    app.get(
      '/api/register/gyms/:uuid/logo',
      {
        schema: {
          tags,
          summary: 'A gym’s logo (PNG) for the join site, by its join link’s uuid (public, like its name)',
          params: z.object({ uuid: z.uuid() }),
        },
      },
      async (request, reply) => {
        const { bytes, etag } = await joinGymLogo(deps, request.params.uuid);
        // The address carries the logo's version, so anyone may keep it; the ETag revalidates an old one.
        reply
          .header('etag', etag)
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('image/png').send(bytes);
      },
    );

    app.post(
      '/api/unique-email',
      {
        schema: {
          tags,
          summary: 'Whether an email address is free to register with',
          body: uniqueEmailBody,
          response: { 200: uniqueEmailAnswer, ...errors },
        },
      },
      async (request) => ({ data: { unique: await isEmailUnique(deps, request.body.email, request.ip) } }),
    );

    app.post(
      '/api/register',
      {
        schema: {
          tags,
          summary: 'Join: the person, their membership choice; signs in and emails the code to verify',
          body: registerBody,
          response: { 201: loginAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const { token } = await register(deps, request.body, client(request));
        setSessionCookie(reply, deps.env, token);
        return reply.code(201).send({ data: null, two_factor_required: true });
      },
    );

    app.put(
      '/api/me/register-fields',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Change what the member typed when joining (and the membership until confirmed)',
          body: registerFieldsUpdateBody,
          response: { 200: meAnswer, ...errors },
        },
      },
      async (request) => {
        const auth = memberOnly(request);
        await updateRegisterFields(deps, auth, request.body);
        const fresh = await resolveAuth(deps, request);
        return { data: await presentMe(deps, fresh ?? auth) };
      },
    );

    app.post(
      '/api/profile-picture',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Upload the member’s photo (multipart: file, PNG, JPEG or WebP up to 5 MB)',
          consumes: ['multipart/form-data'],
          multipartForm: imageUploadForm({
            description: `The photo as a form: one file, a PNG, JPEG or WebP image of at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB and ${MAX_PIXELS_TEXT} pixels, kept as a JPEG of at most ${PICTURE_MAX_SIDE} px a side`,
            file: `PNG, JPEG or WebP, at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB`,
          }),
          response: { 200: meAnswer, ...errors, 415: errors[422] },
        },
      },
      async (request) => {
        const auth = memberOnly(request);
        await storeProfilePicture(deps, auth, await readPhoto(request));
        const fresh = await resolveAuth(deps, request);
        return { data: await presentMe(deps, fresh ?? auth) };
      },
    );

    app.get(
      '/api/users/:id/profile-picture',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'A member’s photo (JPEG), for the member and staff of their organisation',
          params: idParam,
        },
      },
      async (request, reply) => {
        const { bytes } = await readProfilePicture(deps, authOf(request), request.params.id);
        return reply
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .type('image/jpeg')
          .send(bytes);
      },
    );

    app.get(
      '/api/me/active-subscription',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'The membership the member is joining or holds, with its first payment',
          response: { 200: joinSubscriptionAnswer, ...errors },
        },
      },
      async (request) => ({ data: await activeSubscription(deps, memberOnly(request)) }),
    );

    app.get(
      '/api/surcharge-total',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'The first payment by a way of paying, card surcharge included',
          querystring: surchargeTotalQuery,
          response: { 200: surchargeTotalAnswer, ...errors },
        },
      },
      async (request) => ({
        data: await surchargeTotal(deps, memberOnly(request), request.query.payment_type),
      }),
    );

    app.post(
      '/api/me/payment-types/:payment_type_id/switch',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Pay by this saved method from now on',
          params: z.object({ payment_type_id: recordId }),
          response: { 200: paymentTypeAnswer, ...errors },
        },
      },
      async (request) => ({
        data: await switchPaymentType(deps, memberOnly(request), request.params.payment_type_id),
      }),
    );

    app.post(
      '/api/subscriptions',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'Confirm the membership: it starts and its first payment is charged (same idempotency key, same answer)',
          body: confirmSubscriptionBody,
          response: { 200: joinSubscriptionAnswer, ...errors },
        },
      },
      async (request) => {
        const auth = memberOnly(request);
        request.log.info(
          { user_id: auth.user.id, key: request.body.idempotency_key },
          'confirming membership',
        );
        return {
          data: await confirmSubscription(deps, auth, request.body.idempotency_key, request.id),
        };
      },
    );

    app.get(
      '/api/akahu/auth-url',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Where to send the member to connect their bank account (Akahu consent page)',
          response: { 200: akahuAuthUrlAnswer, ...errors },
        },
      },
      async (request) => ({ data: await akahuAuthUrl(deps, memberOnly(request)) }),
    );

    app.post(
      '/api/akahu/exchange',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Keep the bank consent Akahu sent back; answers the accounts to choose from',
          body: akahuExchangeBody,
          response: { 200: akahuAccountsAnswer, ...errors },
        },
      },
      async (request) => ({ data: await akahuExchange(deps, memberOnly(request), request.body) }),
    );

    app.post(
      '/api/akahu/sync-accounts',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'List the connected accounts again; with account_id, pay from that account',
          body: akahuSyncBody,
          response: { 200: akahuAccountsAnswer, ...errors },
        },
      },
      async (request) => ({
        data: await akahuSyncAccounts(deps, memberOnly(request), request.body.account_id),
      }),
    );

    app.post(
      '/api/me/card-setup',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'Start saving a card on the gym’s Stripe account (Stripe Checkout, setup mode); answers its page',
          response: { 200: cardSetupAnswer, ...errors },
        },
      },
      async (request) => ({ data: await startCardSetup(deps, memberOnly(request)) }),
    );

    app.post(
      '/api/me/card-setup/complete',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary: 'Stripe’s card page came back (session_id): the saved card becomes the way to pay',
          body: cardSetupCompleteBody,
          response: { 200: paymentTypeAnswer, ...errors },
        },
      },
      async (request) => {
        const auth = memberOnly(request);
        const id = await completeCardSetup(deps, auth, request.body.session_id);
        return { data: await switchPaymentType(deps, auth, id) };
      },
    );

    app.post(
      '/api/handover',
      {
        preHandler: signedIn,
        schema: {
          tags,
          summary:
            'A member signed in on the staff host: a one-time address that signs them in on the join site',
          response: { 200: handoverAnswer, ...errors },
        },
      },
      async (request) => ({ data: await startHandover(deps, authOf(request)) }),
    );

    app.post(
      '/api/handover/redeem',
      {
        schema: {
          tags,
          summary: 'Redeem the one-time hand-over token on the join site (sets this host’s session)',
          body: handoverBody,
          response: { 200: messageAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const token = await redeemHandover(deps, request.body.token, client(request));
        setSessionCookie(reply, deps.env, token);
        return { message: 'Signed in.' };
      },
    );
  };
