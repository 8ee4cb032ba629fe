// A member's way to pay, added on the join site: a bank account through Akahu's consent page (the OAuth
// round trip, then the member picks the account to pay from), or a card saved on their gym's connected
// Stripe account through Stripe Checkout in setup mode (with 3-D Secure when the card asks for it).
import { createHash } from 'node:crypto';
import type { AkahuAccounts } from '@gym/domain/api/registration';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ProviderError } from '../../adapters/provider-error';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { appendActivity } from '../../db/activity';
import { akahuConnections, bankAccounts, cards, paymentTypes } from '../../db/schema/index';
import { AppError, conflict, validationError } from '../../http/app-error';
import { akahuClientFor } from '../billing';
import { akahuWebhookState } from '../webhooks';
import { useMethod } from './join-subscription.service';
import * as repo from './registration.repository';

const STATE_MISMATCH = 'This bank connection was started in another session. Start it again.';
const CANNOT_PAY = 'This account cannot make payments. Choose another account.';
const NO_CONNECTION = 'Connect your bank account first.';

/** The `state` of the consent round trip: bound to this session, so a code from elsewhere is refused. */
const stateOf = (auth: AuthContext) =>
  createHash('sha256').update(`akahu-consent:${auth.session.id}`).digest('base64url').slice(0, 32);

async function gymOf(deps: AppDeps, auth: AuthContext) {
  const sub = await repo.currentSubscription(deps.db, auth.organisationId, auth.user.id);
  const gymId = sub?.gymId ?? auth.gym?.id ?? null;
  if (gymId === null) throw conflict('Choose a membership first.');
  const gym = await repo.joinGymOf(deps.db, auth.organisationId, gymId);
  if (!gym) throw conflict('Choose a membership first.');
  return gym;
}

/** Provider trouble as the member should read it: a 502 they can retry, never a 500. */
async function provider<T>(work: () => Promise<T>, what: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new AppError('provider_unavailable', { message: `${what} Please try again.`, cause: error });
    }
    throw error;
  }
}

export async function akahuAuthUrl(deps: AppDeps, auth: AuthContext) {
  const gym = await gymOf(deps, auth);
  return { url: akahuClientFor(deps, gym).authUrl({ state: stateOf(auth), email: auth.user.email }) };
}

const presentAccounts = (
  list: Awaited<ReturnType<ReturnType<AppDeps['providers']['akahu']>['listAccounts']>>,
) =>
  list.map((a) => ({
    id: a.id,
    name: a.name,
    formatted_account: a.formattedAccount,
    bank: a.bank,
    can_pay: a.canPay && a.status === 'ACTIVE',
  }));

/** The code Akahu sent back: the member's consent, kept sealed; answers the accounts to choose from. */
export async function akahuExchange(
  deps: AppDeps,
  auth: AuthContext,
  body: { code: string; state: string },
): Promise<AkahuAccounts> {
  if (body.state !== stateOf(auth)) throw validationError({ state: [STATE_MISMATCH] });
  const gym = await gymOf(deps, auth);
  const akahu = akahuClientFor(deps, gym);
  const { userToken } = await provider(
    () => akahu.exchange(body.code),
    'Your bank did not confirm the connection.',
  ).catch((error: unknown) => {
    if (error instanceof AppError && (error.cause as ProviderError | undefined)?.kind === 'rejected')
      throw validationError({ code: ['This bank connection has expired. Connect again.'] });
    throw error;
  });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.insert(akahuConnections).values({
      organisationId: auth.organisationId,
      userId: auth.user.id,
      accessToken: deps.secrets.seal(userToken),
      createdAt: now,
    });
    await appendActivity(tx, {
      organisationId: auth.organisationId,
      actorUserId: auth.user.id,
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: auth.user.id,
      action: 'member.akahu_connected',
      data: { gym_id: gym.id },
      createdAt: now,
    });
  });
  // Webhooks tell us when the consent ends or a payment settles; without them polling still finds out.
  await akahu
    .subscribeWebhooks(
      userToken,
      akahuWebhookState({ organisationId: auth.organisationId, userId: auth.user.id }),
    )
    .catch(() => undefined);
  const accounts = await provider(
    () => akahu.listAccounts(userToken),
    'Your bank did not list your accounts.',
  );
  return { accounts: presentAccounts(accounts), payment_type_id: null };
}

/** Lists the connected accounts again and, given one, makes it the way the member pays. */
export async function akahuSyncAccounts(
  deps: AppDeps,
  auth: AuthContext,
  accountId: string | null,
): Promise<AkahuAccounts> {
  const gym = await gymOf(deps, auth);
  const [connection] = await deps.db
    .select({ token: akahuConnections.accessToken })
    .from(akahuConnections)
    .where(
      and(
        eq(akahuConnections.organisationId, auth.organisationId),
        eq(akahuConnections.userId, auth.user.id),
        isNull(akahuConnections.revokedAt),
      ),
    )
    .orderBy(desc(akahuConnections.id))
    .limit(1);
  if (!connection) throw validationError({ account_id: [NO_CONNECTION] });
  const list = await provider(
    () => akahuClientFor(deps, gym).listAccounts(deps.secrets.open(connection.token)),
    'Your bank did not list your accounts.',
  );
  const accounts = presentAccounts(list);
  if (accountId === null) return { accounts, payment_type_id: null };
  const chosen = list.find((a) => a.id === accountId);
  if (!chosen) throw validationError({ account_id: ['Choose one of your connected accounts'] });
  if (!chosen.canPay || chosen.status !== 'ACTIVE') throw validationError({ account_id: [CANNOT_PAY] });
  const now = deps.clock.now();
  const paymentTypeId = await deps.db.transaction(async (tx) => {
    const existing = await repo.bankPaymentTypeOf(tx, auth.organisationId, auth.user.id, chosen.id);
    if (existing) {
      await tx
        .update(bankAccounts)
        .set({ status: 'ACTIVE' })
        .where(eq(bankAccounts.paymentTypeId, existing.id));
      return Number(existing.id);
    }
    const [type] = await tx
      .insert(paymentTypes)
      .values({
        organisationId: auth.organisationId,
        userId: auth.user.id,
        type: 'bank_account',
        createdAt: now,
      })
      .returning({ id: paymentTypes.id });
    await tx.insert(bankAccounts).values({
      paymentTypeId: type!.id,
      organisationId: auth.organisationId,
      akahuAccountId: chosen.id,
      accountNumber: chosen.formattedAccount ?? chosen.id,
      name: chosen.name,
      meta: { bank: chosen.bank, holder: chosen.holder },
    });
    return type!.id;
  });
  await useMethod(deps, auth, paymentTypeId);
  return { accounts, payment_type_id: paymentTypeId };
}

type JoinGymRow = Awaited<ReturnType<typeof gymOf>>;

/**
 * The member's Stripe customer on the gym's connected account: the one their saved card has, or one
 * made with a key of the member and gym, so asking again (when the card comes back) finds the same one.
 */
async function customerFor(deps: AppDeps, auth: AuthContext, gym: JoinGymRow & { stripe_id: string }) {
  const known = await repo.stripeCustomerOf(deps.db, auth.organisationId, auth.user.id, gym.id);
  if (known) return known.stripe_customer_id;
  const made = await provider(
    () =>
      deps.providers.stripe.createCustomer({
        accountId: gym.stripe_id,
        email: auth.user.email,
        metadata: { user_id: String(auth.user.id), organisation_id: String(auth.organisationId) },
        idempotencyKey: `member-${auth.user.id}-gym-${gym.id}-customer`,
      }),
    'The card service did not answer.',
  );
  return made.customerId;
}

const withStripe = (gym: JoinGymRow) => {
  if (!gym.stripe_id)
    throw conflict(`${gym.name} does not take card payments yet. Pay by bank account instead.`);
  return { ...gym, stripe_id: gym.stripe_id };
};

/**
 * Stripe Checkout in setup mode on the gym's connected account: answers Stripe's card page to send the
 * member to (the same call with live keys and in the sandbox). Stripe brings them back to
 * /card-connected with the session's id, or to the choice of payment method on "Back".
 */
export async function startCardSetup(deps: AppDeps, auth: AuthContext) {
  const gym = withStripe(await gymOf(deps, auth));
  const customerId = await customerFor(deps, auth, gym);
  const register = deps.env.REGISTER_URL;
  const session = await provider(
    () =>
      deps.providers.stripe.startCardCheckout({
        accountId: gym.stripe_id,
        customerId,
        successUrl: `${register}/card-connected?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${register}/choose-payment-method`,
        metadata: { user_id: String(auth.user.id), organisation_id: String(auth.organisationId) },
      }),
    'The card service did not answer.',
  );
  return { url: session.url };
}

const NOT_VALID = 'This card set-up is not valid';

/** Stripe's card page came back: the card the session saved becomes the member's way to pay. */
export async function completeCardSetup(deps: AppDeps, auth: AuthContext, sessionId: string) {
  const gym = withStripe(await gymOf(deps, auth));
  const saved = await deps.providers.stripe
    .cardCheckoutResult(gym.stripe_id, sessionId)
    .catch((error: unknown) => {
      if (error instanceof ProviderError && error.kind !== 'unavailable')
        throw validationError({ session_id: [NOT_VALID] });
      throw new AppError('provider_unavailable', {
        message: 'The card service did not answer. Please try again.',
      });
    });
  const customerId = await customerFor(deps, auth, gym);
  // A session of another member (its id copied into this member's address) saves nothing here.
  if (saved.customerId !== customerId) throw validationError({ session_id: [NOT_VALID] });
  if (saved.status !== 'succeeded' || !saved.paymentMethodId || !saved.card) {
    throw validationError({
      session_id: [saved.failureMessage ?? 'Your card was not saved. Try again or use another card.'],
    });
  }
  const now = deps.clock.now();
  const paymentTypeId = await deps.db.transaction(async (tx) => {
    const existing = await repo.cardPaymentTypeOf(
      tx,
      auth.organisationId,
      auth.user.id,
      saved.paymentMethodId,
    );
    if (existing) return Number(existing.id);
    const [type] = await tx
      .insert(paymentTypes)
      .values({
        organisationId: auth.organisationId,
        userId: auth.user.id,
        gymId: gym.id,
        type: 'stripe_card',
        createdAt: now,
      })
      .returning({ id: paymentTypes.id });
    await tx.insert(cards).values({
      paymentTypeId: type!.id,
      organisationId: auth.organisationId,
      stripeCustomerId: customerId,
      stripePaymentMethodId: saved.paymentMethodId!,
      brand: saved.card!.brand,
      expMonth: saved.card!.expMonth,
      expYear: saved.card!.expYear,
      lastFour: saved.card!.last4,
      country: saved.card!.country,
    });
    return type!.id;
  });
  await useMethod(deps, auth, paymentTypeId);
  return paymentTypeId;
}
