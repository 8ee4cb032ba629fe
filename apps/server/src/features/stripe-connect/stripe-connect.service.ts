// Stripe Connect onboarding with account links (docs/decisions/005): the gym's connected account is
// made on first use and stored at once; the onboarding link returns to /stripe/callback with a sealed
// state; the exchange asks Stripe what the account can do and records when it could first charge.

import type { StripeConnection } from '@gym/domain/api/stripe-connect';
import type { ExchangeBody } from '@gym/domain/api/stripe-connect-requests';
import { ProviderError } from '../../adapters/provider-error';
import type { ConnectedAccountStatus } from '../../adapters/stripe';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { conflict, forbidden, notFound, validationError } from '../../http/app-error';
import { fromProvider, providerFailure } from '../../http/provider-failure';
import type { GymRow } from '../gyms';
import { gymFor, insertGymActivity } from '../gyms';
import { CONNECT_STATE_TTL_MS, openConnectState, sealConnectState } from './connect-state';
import * as repo from './stripe-connect.repository';

/** Stripe no longer has the stored account, or it was disconnected from our platform. */
const isMissingAccount = (error: unknown) =>
  error instanceof ProviderError &&
  (error.kind === 'not_found' || (error.kind === 'unauthorized' && error.status === 403));

function present(gym: GymRow, account: ConnectedAccountStatus | null): StripeConnection {
  const charges = account?.chargesEnabled ?? false;
  return {
    gym_id: gym.id,
    stripe_id: gym.stripeId,
    status:
      gym.stripeId === null
        ? 'not_connected'
        : account === null
          ? 'account_missing'
          : charges
            ? 'connected'
            : gym.stripeConnectedAt !== null
              ? 'charges_disabled'
              : 'incomplete',
    charges_enabled: charges,
    details_submitted: account?.detailsSubmitted ?? false,
    payouts_enabled: account?.payoutsEnabled ?? false,
    disabled_reason: charges ? null : (account?.disabledReason ?? null),
    connected_at: gym.stripeConnectedAt?.toISOString() ?? null,
  };
}

/** What Stripe says of the account; null when Stripe does not know it. */
async function accountStatus(deps: AppDeps, accountId: string) {
  try {
    return await deps.providers.stripe.completeOnboarding(accountId);
  } catch (error) {
    if (isMissingAccount(error)) return null;
    if (error instanceof ProviderError) throw providerFailure(error);
    throw error;
  }
}

export async function connection(deps: AppDeps, auth: AuthContext, gymId: number) {
  const { gym } = await gymFor(deps, auth, gymId, 'manage');
  return present(gym, gym.stripeId ? await accountStatus(deps, gym.stripeId) : null);
}

/** A new account for the gym, replacing `previous` (none, or one Stripe no longer knows). */
async function newAccount(deps: AppDeps, actor: Actor, gym: GymRow) {
  const { accountId } = await fromProvider(() =>
    deps.providers.stripe.createConnectedAccount({
      email: gym.priceChangeNotificationReplyTo ?? actor.auth.user.email,
      businessName: gym.name,
    }),
  );
  const organisationId = actor.auth.organisationId;
  const stored = await deps.db.transaction(async (tx) => {
    const row = await repo.storeAccount(tx, organisationId, gym.id, {
      accountId,
      previous: gym.stripeId,
      now: deps.clock.now(),
    });
    if (row) {
      await insertGymActivity(tx, {
        organisationId,
        gymId: gym.id,
        actorUserId: actor.auth.user.id,
        action: gym.stripeId ? 'gym.stripe_account_replaced' : 'gym.stripe_account_created',
        data: { stripe_id: accountId, previous_stripe_id: gym.stripeId },
        requestId: actor.requestId,
      });
    }
    return row;
  });
  if (stored) return accountId;
  // Another click stored an account first: continue with that one.
  const { gym: now } = await gymFor(deps, actor.auth, gym.id, 'manage');
  if (!now.stripeId) throw conflict('The gym changed while connecting. Please try again.');
  return now.stripeId;
}

function onboardingLink(deps: AppDeps, actor: Actor, gymId: number, accountId: string) {
  const state = sealConnectState(deps.secrets, {
    gymId,
    organisationId: actor.auth.organisationId,
    userId: actor.auth.user.id,
    accountId,
    expiresAt: deps.clock.now().getTime() + CONNECT_STATE_TTL_MS,
  });
  const returnUrl = new URL('/stripe/callback', deps.env.APP_URL);
  returnUrl.search = new URLSearchParams({ gym_id: String(gymId), state }).toString();
  const refreshUrl = new URL(`/gyms/${gymId}`, deps.env.APP_URL);
  refreshUrl.searchParams.set('stripe', 'expired');
  return deps.providers.stripe.onboardingLink({
    accountId,
    returnUrl: returnUrl.toString(),
    refreshUrl: refreshUrl.toString(),
  });
}

/** The address of Stripe's onboarding form for the gym, making its account first when it has none. */
export async function startOnboarding(deps: AppDeps, actor: Actor, gymId: number) {
  const { gym } = await gymFor(deps, actor.auth, gymId, 'manage');
  let accountId = gym.stripeId ?? (await newAccount(deps, actor, gym));
  let link: Awaited<ReturnType<typeof onboardingLink>>;
  try {
    link = await onboardingLink(deps, actor, gym.id, accountId);
  } catch (error) {
    if (!(gym.stripeId && isMissingAccount(error))) {
      if (error instanceof ProviderError) throw providerFailure(error);
      throw error;
    }
    accountId = await newAccount(deps, actor, gym);
    link = await fromProvider(() => onboardingLink(deps, actor, gym.id, accountId));
  }
  return { url: link.url, expires_at: link.expiresAt.toISOString() };
}

const INVALID_STATE = 'This Stripe link is not valid. Start connecting again from the gym.';
const EXPIRED_STATE = 'This Stripe link has expired. Start connecting again from the gym.';

/** After Stripe sends the person back: checks the sealed state, then asks Stripe how the account stands. */
export async function exchange(deps: AppDeps, actor: Actor, input: ExchangeBody) {
  const state = openConnectState(deps.secrets, input.state);
  if (!state || state.gymId !== input.gym_id) throw validationError({ state: [INVALID_STATE] });
  if (state.organisationId !== actor.auth.organisationId) throw notFound('Gym not found.');
  if (state.userId !== actor.auth.user.id) {
    throw forbidden('This Stripe connection was started by someone else. Start it again from the gym.');
  }
  if (state.expiresAt < deps.clock.now().getTime()) throw validationError({ state: [EXPIRED_STATE] });
  const { gym } = await gymFor(deps, actor.auth, state.gymId, 'manage');
  if (gym.stripeId !== state.accountId) {
    throw conflict('The gym’s Stripe account changed since this link was made. Start connecting again.');
  }
  const account = await fromProvider(() => deps.providers.stripe.completeOnboarding(state.accountId));
  if (!account.chargesEnabled) return present(gym, account);
  const connected = await deps.db.transaction(async (tx) => {
    const row = await repo.markConnected(tx, gym.organisationId, gym.id, state.accountId, deps.clock.now());
    if (row) {
      await insertGymActivity(tx, {
        organisationId: gym.organisationId,
        gymId: gym.id,
        actorUserId: actor.auth.user.id,
        action: 'gym.stripe_connected',
        data: { stripe_id: state.accountId },
        requestId: actor.requestId,
      });
    }
    return row;
  });
  return present(connected ?? gym, account);
}
