// One wrapper for every Stripe API route: API-key auth, the `Stripe-Account` header, idempotency
// (same key + same params → the same answer; different params → idempotency_error), expand, headers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FormObject, obj } from '../shared/form-body';
import { ProviderHttpError } from '../shared/http';
import { stripeId } from '../shared/ids';
import type { StripeContext } from './context';
import { invalidRequest, StripeApiError } from './errors';
import { applyExpand } from './expand';
import type { IdempotentResult } from './state';

export interface StripeCall {
  ctx: StripeContext;
  account: string | null;
  params: FormObject;
  requestId: string;
  idempotencyKey: string | null;
  keyType: 'secret' | 'publishable';
  pathParams: Record<string, string>;
}

export type StripeHandler = (call: StripeCall) => unknown;

/** How long Stripe remembers an idempotency key (docs.stripe.com/api/idempotent_requests). */
const IDEMPOTENCY_KEY_LIFE_MS = 24 * 60 * 60 * 1000;

const idempotencyStoreKey = (account: string | null, key: string) => `${account ?? 'platform'}:${key}`;

/**
 * What Stripe keeps under an idempotency key on an account (`null`: the platform's): the first request's
 * answer, or nothing once the key is a day old on the simulated clock (Stripe prunes it; the same key then
 * makes a new object).
 */
export function rememberedRequest(
  ctx: StripeContext,
  account: string | null,
  idempotencyKey: string,
): IdempotentResult | undefined {
  const storeKey = idempotencyStoreKey(account, idempotencyKey);
  const earlier = ctx.state.idempotency.get(storeKey);
  if (earlier && ctx.runtime.clock.nowMs() - earlier.at >= IDEMPOTENCY_KEY_LIFE_MS) {
    ctx.state.idempotency.delete(storeKey);
    return undefined;
  }
  return earlier;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function apiKeyOf(request: FastifyRequest): string | undefined {
  const auth = header(request, 'authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(auth);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(auth);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

const redact = (key: string) =>
  `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

function authenticate(
  ctx: StripeContext,
  request: FastifyRequest,
  allowPublishable: boolean,
): 'secret' | 'publishable' {
  const key = apiKeyOf(request);
  if (!key) {
    throw invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      { status: 401 },
    );
  }
  if (key === ctx.settings.secretKey) return 'secret';
  if (key === ctx.settings.publishableKey && allowPublishable) return 'publishable';
  if (key === ctx.settings.publishableKey) {
    throw invalidRequest(
      'This API call cannot be made with a publishable API key. Please use a secret API key.',
      {
        status: 401,
      },
    );
  }
  throw invalidRequest(`Invalid API Key provided: ${redact(key)}`, { status: 401, code: 'api_key_invalid' });
}

function connectedAccount(ctx: StripeContext, request: FastifyRequest): string | null {
  const account = header(request, 'stripe-account');
  if (!account) return null;
  if (!ctx.state.accounts.has(account)) {
    throw invalidRequest(
      `The provided key '${redact(ctx.settings.secretKey)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
      { status: 403, code: 'account_invalid' },
    );
  }
  return account;
}

export function stripeRoute(
  app: FastifyInstance,
  ctx: StripeContext,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  handler: StripeHandler,
  options: { publishable?: boolean } = {},
): void {
  app.route({
    method,
    url,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const requestId = `req_${stripeId('x').slice(2, 16)}`;
      const version = header(request, 'stripe-version') ?? ctx.settings.apiVersion;
      reply.headers({ 'request-id': requestId, 'stripe-version': version });
      const keyType = authenticate(ctx, request, options.publishable ?? false);
      const account = connectedAccount(ctx, request);
      if (account) reply.header('stripe-account', account);
      const params = method === 'POST' ? obj(request.body as FormObject) : obj(request.query as FormObject);
      const idempotencyKey = method === 'POST' ? (header(request, 'idempotency-key') ?? null) : null;
      const call: StripeCall = {
        ctx,
        account,
        params,
        requestId,
        idempotencyKey,
        keyType,
        pathParams: request.params as Record<string, string>,
      };
      const storeKey = idempotencyKey ? idempotencyStoreKey(account, idempotencyKey) : null;
      const fingerprint = `${method} ${request.url.split('?')[0]} ${JSON.stringify(params)}`;
      if (idempotencyKey) {
        reply.header('idempotency-key', idempotencyKey);
        const earlier = rememberedRequest(ctx, account, idempotencyKey);
        if (earlier && earlier.fingerprint !== fingerprint) {
          throw new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        if (earlier)
          return reply.status(earlier.status).header('idempotent-replayed', 'true').send(earlier.body);
      }
      let status = 200;
      let body: unknown;
      try {
        body = applyExpand(ctx.state, structuredClone(await handler(call)), params.expand);
      } catch (error) {
        if (!(error instanceof ProviderHttpError) || error.status >= 500) throw error;
        status = error.status;
        body = error.body;
      }
      if (storeKey)
        ctx.state.idempotency.set(storeKey, { at: ctx.runtime.clock.nowMs(), fingerprint, status, body });
      return reply.status(status).send(body);
    },
  });
}

export const listOf = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
