// Connect with Account Links: the platform creates an account (POST /v1/accounts), then an
// onboarding link (POST /v1/account_links) whose URL leads to the sandbox's onboarding page.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { obj, str, stringMap } from '../shared/form-body';
import { stripeId } from '../shared/ids';
import { nowUnix, type StripeContext } from './context';
import { invalidRequest, missingParam, resourceMissing } from './errors';
import { emitStripeEvent } from './events';
import { listOf, stripeRoute } from './route';
import type { StripeAccount } from './types';

const ONBOARDING_DUE = [
  'business_profile.url',
  'external_account',
  'representative.first_name',
  'tos_acceptance.date',
];

export function registerConnectRoutes(app: FastifyInstance, ctx: StripeContext): void {
  const platformOnly = (account: string | null) => {
    if (account) throw invalidRequest('This request can only be made by the platform.', { status: 403 });
  };
  const findAccount = (id: string | undefined) => {
    const account = id ? ctx.state.accounts.get(id) : undefined;
    if (!account) throw resourceMissing('account', id ?? '', 'account');
    return account;
  };

  stripeRoute(app, ctx, 'POST', '/v1/accounts', ({ params, account }) => {
    platformOnly(account);
    const profile = obj(params.business_profile);
    const created: StripeAccount = {
      id: stripeId('acct').slice(0, 21),
      object: 'account',
      type: str(params.type) ?? 'standard',
      country: str(params.country) ?? 'NZ',
      email: str(params.email) ?? null,
      default_currency: str(params.default_currency) ?? 'nzd',
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      business_profile: { name: str(profile.name) ?? null, url: str(profile.url) ?? null, mcc: null },
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      requirements: {
        currently_due: ONBOARDING_DUE,
        eventually_due: ONBOARDING_DUE,
        past_due: [],
        disabled_reason: 'requirements.past_due',
      },
      metadata: stringMap(params.metadata),
      created: nowUnix(ctx),
    };
    ctx.state.accounts.set(created.id, created);
    return created;
  });

  stripeRoute(app, ctx, 'GET', '/v1/accounts/:id', ({ pathParams }) => findAccount(pathParams.id));
  stripeRoute(app, ctx, 'GET', '/v1/accounts', ({ account }) => {
    platformOnly(account);
    return listOf('/v1/accounts', [...ctx.state.accounts.values()]);
  });
  stripeRoute(app, ctx, 'POST', '/v1/accounts/:id', ({ pathParams, params }) => {
    const found = findAccount(pathParams.id);
    if (params.metadata !== undefined) found.metadata = { ...found.metadata, ...stringMap(params.metadata) };
    if (str(params.email)) found.email = str(params.email)!;
    const name = str(obj(params.business_profile).name);
    if (name) found.business_profile.name = name;
    return found;
  });

  stripeRoute(app, ctx, 'POST', '/v1/account_links', ({ params, account }) => {
    platformOnly(account);
    const target = findAccount(str(params.account));
    for (const key of ['refresh_url', 'return_url', 'type'] as const)
      if (!str(params[key])) throw missingParam(key);
    if (!['account_onboarding', 'account_update'].includes(str(params.type)!)) {
      throw invalidRequest('Invalid type: must be one of account_onboarding or account_update', {
        param: 'type',
      });
    }
    const token = randomBytes(16).toString('hex');
    const created = nowUnix(ctx);
    ctx.state.accountLinks.set(token, {
      token,
      account: target.id,
      refreshUrl: str(params.refresh_url)!,
      returnUrl: str(params.return_url)!,
      expiresAt: (created + 300) * 1000,
      used: false,
    });
    return {
      object: 'account_link',
      created,
      expires_at: created + 300,
      url: `${ctx.publicUrl()}/connect/onboarding/${token}`,
    };
  });
}

/** What finishing the onboarding form does to an account (also a test control). */
export function completeOnboarding(
  ctx: StripeContext,
  accountId: string,
  businessName?: string,
): StripeAccount {
  const account = ctx.state.accounts.get(accountId);
  if (!account) throw resourceMissing('account', accountId);
  const previous = {
    details_submitted: account.details_submitted,
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
  };
  Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
  account.capabilities = { card_payments: 'active', transfers: 'active' };
  account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
  if (businessName) account.business_profile.name = businessName;
  emitStripeEvent(ctx, { account: account.id }, 'account.updated', account, previous);
  return account;
}

/**
 * Stripe stops an account's charges (documents past due, a review): `charges_enabled` false with the
 * reason in `requirements.disabled_reason`, and `account.updated` sent.
 */
export function disableCharges(ctx: StripeContext, accountId: string, reason: string): StripeAccount {
  const account = ctx.state.accounts.get(accountId);
  if (!account) throw resourceMissing('account', accountId);
  const previous = {
    charges_enabled: account.charges_enabled,
    capabilities: { ...account.capabilities },
    requirements: { ...account.requirements },
  };
  account.charges_enabled = false;
  account.capabilities = { ...account.capabilities, card_payments: 'inactive' };
  account.requirements = {
    ...account.requirements,
    past_due: ['external_account'],
    currently_due: ['external_account'],
    disabled_reason: reason,
  };
  emitStripeEvent(ctx, { account: account.id }, 'account.updated', account, previous);
  return account;
}
