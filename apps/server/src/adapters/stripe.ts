// Stripe (cards on each gym's connected account) on the official SDK. Live and sandbox share this
// code; `apiUrl` points the SDK's host/port/protocol at the simulator in sandbox mode.
import Stripe from 'stripe';
import { hostOptions, kindForStatus, ProviderError } from './provider-error';

/**
 * How long Stripe keeps an idempotency key: "keys are eligible to be removed from the system
 * automatically after they're at least 24 hours old" (docs.stripe.com/api/idempotent_requests).
 */
export const STRIPE_IDEMPOTENCY_KEY_LIFE_MS = 24 * 60 * 60 * 1000;

export interface StripeConfig {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** Default https://api.stripe.com. Sandbox: http://127.0.0.1:4102. */
  apiUrl?: string;
  timeoutMs?: number;
  maxNetworkRetries?: number;
  /** The application clock: webhook timestamps are checked against it (5 minutes tolerance). */
  now?: () => Date;
}

export interface ConnectedAccountStatus {
  accountId: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** `requirements.disabled_reason`: why the account cannot charge (null when it can, or unknown). */
  disabledReason: string | null;
}

interface SavedCard {
  setupIntentId: string;
  status: Stripe.SetupIntent.Status;
  paymentMethodId: string | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number; country: string | null } | null;
  failureMessage: string | null;
}

interface OffSessionChargeInput {
  accountId: string;
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  applicationFeeCents?: number;
  currency?: string;
  description?: string;
  metadata?: Record<string, string>;
  /** Derived from the payment attempt; Stripe answers a repeat with the first result. */
  idempotencyKey: string;
}

type ChargeOutcome =
  | { status: 'succeeded'; paymentIntentId: string; chargeId: string | null }
  /** Accepted but not finished (`processing`): its webhook or the reconciliation brings the answer. */
  | { status: 'pending'; paymentIntentId: string }
  | {
      status: 'failed';
      paymentIntentId: string | null;
      /** decline_code when Stripe gives one (insufficient_funds, lost_card, …), else code. */
      failureCode: string;
      message: string;
    };

/** A PaymentIntent as the reconciliation reads it. */
interface PaymentIntentRecord {
  id: string;
  /** succeeded, processing, requires_payment_method (declined), requires_action, canceled, … */
  status: string;
  amountCents: number;
  created: Date;
  metadata: Record<string, string>;
  /** `last_payment_error`: decline_code, else code. */
  failureCode: string | null;
  failureMessage: string | null;
}

export interface StripeAdapter {
  createConnectedAccount(input: { email?: string; businessName?: string }): Promise<{ accountId: string }>;
  onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string; expiresAt: Date }>;
  /** After the return to /stripe/callback: what the account can do now. */
  completeOnboarding(accountId: string): Promise<ConnectedAccountStatus>;
  createCustomer(input: {
    accountId: string;
    email?: string;
    name?: string;
    metadata?: Record<string, string>;
    idempotencyKey?: string;
  }): Promise<{ customerId: string }>;
  /**
   * Stripe Checkout in setup mode on the connected account: the hosted page where the member enters a
   * card (3-D Secure when the card asks), the same call with live keys and in the sandbox. Stripe sends
   * the member to `successUrl` with `{CHECKOUT_SESSION_ID}` filled in, or to `cancelUrl` on "Back".
   */
  startCardCheckout(input: {
    accountId: string;
    customerId: string;
    successUrl: string;
    cancelUrl: string;
    metadata?: Record<string, string>;
  }): Promise<{ sessionId: string; url: string }>;
  /** The card a finished Checkout Session saved (its SetupIntent), with the session's customer. */
  cardCheckoutResult(
    accountId: string,
    sessionId: string,
  ): Promise<SavedCard & { customerId: string | null }>;
  getSetupIntent(accountId: string, setupIntentId: string): Promise<SavedCard>;
  chargeOffSession(input: OffSessionChargeInput): Promise<ChargeOutcome>;
  getPaymentIntent(accountId: string, paymentIntentId: string): Promise<PaymentIntentRecord>;
  /**
   * The PaymentIntent on the connected account whose metadata holds `key: value` (Stripe's Search), or
   * null: whether a charge whose idempotency key Stripe may have forgotten was made after all.
   */
  findPaymentIntentByMetadata(
    accountId: string,
    key: string,
    value: string,
  ): Promise<PaymentIntentRecord | null>;
  /** Every PaymentIntent on the connected account created at or after `since`, all pages. */
  listPaymentIntents(accountId: string, since: Date): Promise<PaymentIntentRecord[]>;
  refund(input: {
    accountId: string;
    paymentIntentId: string;
    amountCents?: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string; status: string | null }>;
  verifyWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): Stripe.Event;
  /** The platform's webhook endpoints as Stripe lists them (all pages), for the start-up check. */
  webhookEndpoints(): Promise<WebhookEndpointInfo[]>;
}

export interface WebhookEndpointInfo {
  url: string;
  status: string;
  enabledEvents: string[];
}

function wrap(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
    return new ProviderError('stripe', 'invalid_signature', error.message, undefined, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new ProviderError('stripe', 'unavailable', error.message, undefined, { cause: error });
  }
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 500;
    const kind = error.code === 'resource_missing' ? 'not_found' : kindForStatus(status);
    return new ProviderError('stripe', kind, error.message, status, { cause: error });
  }
  return new ProviderError('stripe', 'unavailable', (error as Error)?.message ?? 'Stripe failed', undefined, {
    cause: error,
  });
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw wrap(error);
  }
}

export function createStripeAdapter(config: StripeConfig): StripeAdapter {
  const stripe = new Stripe(config.secretKey, {
    ...(config.apiUrl ? hostOptions(config.apiUrl) : {}),
    timeout: config.timeoutMs ?? 20_000,
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    appInfo: { name: 'gym-membership' },
  });
  const on = (accountId: string, idempotencyKey?: string): Stripe.RequestOptions => ({
    stripeAccount: accountId,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

  return {
    createConnectedAccount: ({ email, businessName }) =>
      call(async () => {
        const account = await stripe.accounts.create({
          type: 'standard',
          country: 'NZ',
          email,
          business_profile: businessName ? { name: businessName } : undefined,
        });
        return { accountId: account.id };
      }),
    onboardingLink: ({ accountId, returnUrl, refreshUrl }) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
        });
        return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
      }),
    completeOnboarding: (accountId) =>
      call(async () => {
        const account = await stripe.accounts.retrieve(accountId);
        return {
          accountId: account.id,
          chargesEnabled: account.charges_enabled ?? false,
          detailsSubmitted: account.details_submitted ?? false,
          payoutsEnabled: account.payouts_enabled ?? false,
          disabledReason: account.requirements?.disabled_reason ?? null,
        };
      }),
    createCustomer: ({ accountId, email, name, metadata, idempotencyKey }) =>
      call(async () => ({
        customerId: (await stripe.customers.create({ email, name, metadata }, on(accountId, idempotencyKey)))
          .id,
      })),
    startCardCheckout: ({ accountId, customerId, successUrl, cancelUrl, metadata }) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'setup',
            customer: customerId,
            allowed_payment_method_types: ['card'],
            currency: 'nzd',
            success_url: successUrl,
            cancel_url: cancelUrl,
            metadata,
            setup_intent_data: { metadata },
          },
          on(accountId),
        );
        if (!session.url)
          throw new ProviderError('stripe', 'rejected', 'Checkout gave no page to send the member to');
        return { sessionId: session.id, url: session.url };
      }),
    cardCheckoutResult: (accountId, sessionId) =>
      call(async () => {
        const session = await stripe.checkout.sessions.retrieve(
          sessionId,
          { expand: ['setup_intent.payment_method'] },
          on(accountId),
        );
        const customerId =
          typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
        const seti = typeof session.setup_intent === 'object' ? session.setup_intent : null;
        if (session.mode !== 'setup' || session.status !== 'complete' || !seti) {
          return {
            setupIntentId: seti?.id ?? '',
            status: seti?.status ?? 'requires_payment_method',
            paymentMethodId: null,
            card: null,
            failureMessage: seti?.last_setup_error?.message ?? null,
            customerId,
          };
        }
        return { ...savedCardOf(seti), customerId };
      }),
    getSetupIntent: (accountId, setupIntentId) =>
      call(async () =>
        savedCardOf(
          await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }, on(accountId)),
        ),
      ),
    chargeOffSession: async (input) => {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency ?? 'nzd',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            confirm: true,
            off_session: true,
            application_fee_amount: input.applicationFeeCents,
            description: input.description,
            metadata: input.metadata,
          },
          on(input.accountId, input.idempotencyKey),
        );
        if (pi.status === 'succeeded') {
          const charge =
            typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? null);
          return { status: 'succeeded', paymentIntentId: pi.id, chargeId: charge };
        }
        if (pi.status === 'processing') return { status: 'pending', paymentIntentId: pi.id };
        return {
          status: 'failed',
          paymentIntentId: pi.id,
          failureCode: pi.status,
          message: `Payment ${pi.status}`,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            paymentIntentId: error.payment_intent?.id ?? null,
            failureCode: error.decline_code ?? error.code ?? 'card_declined',
            message: error.message,
          };
        }
        throw wrap(error);
      }
    },
    getPaymentIntent: (accountId, paymentIntentId) =>
      call(async () =>
        intentRecord(await stripe.paymentIntents.retrieve(paymentIntentId, {}, on(accountId))),
      ),
    findPaymentIntentByMetadata: (accountId, key, value) =>
      call(async () => {
        const quoted = (text: string) => text.replace(/['\\]/g, '\\$&');
        const found = await stripe.paymentIntents.search(
          { query: `metadata['${quoted(key)}']:'${quoted(value)}'`, limit: 10 },
          on(accountId),
        );
        const match = found.data.find((pi) => pi.metadata?.[key] === value);
        return match ? intentRecord(match) : null;
      }),
    listPaymentIntents: (accountId, since) =>
      call(async () => {
        const created = Math.floor(since.getTime() / 1000);
        const found: PaymentIntentRecord[] = [];
        for await (const pi of stripe.paymentIntents.list(
          { created: { gte: created }, limit: 100 },
          on(accountId),
        )) {
          if (pi.created >= created) found.push(intentRecord(pi));
        }
        return found;
      }),
    refund: ({ accountId, paymentIntentId, amountCents, idempotencyKey }) =>
      call(async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, amount: amountCents },
          on(accountId, idempotencyKey),
        );
        return { refundId: refund.id, status: refund.status };
      }),
    webhookEndpoints: () =>
      call(async () => {
        const found: WebhookEndpointInfo[] = [];
        for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
          found.push({ url: endpoint.url, status: endpoint.status, enabledEvents: endpoint.enabled_events });
        }
        return found;
      }),
    verifyWebhook: (rawBody, signatureHeader) => {
      try {
        const receivedAt = config.now?.().getTime();
        return stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader ?? '',
          config.webhookSecret,
          undefined,
          undefined,
          receivedAt,
        );
      } catch (error) {
        // Signed, but not an event (its JSON does not parse): refused for good, not 'try later'.
        if (error instanceof SyntaxError) {
          throw new ProviderError('stripe', 'rejected', 'The event body is not valid JSON');
        }
        throw wrap(error);
      }
    },
  };
}

function savedCardOf(seti: Stripe.SetupIntent): SavedCard {
  const pm = typeof seti.payment_method === 'object' ? seti.payment_method : null;
  return {
    setupIntentId: seti.id,
    status: seti.status,
    paymentMethodId: pm?.id ?? (typeof seti.payment_method === 'string' ? seti.payment_method : null),
    card: pm?.card
      ? {
          brand: pm.card.brand,
          last4: pm.card.last4,
          expMonth: pm.card.exp_month,
          expYear: pm.card.exp_year,
          country: pm.card.country,
        }
      : null,
    failureMessage: seti.last_setup_error?.message ?? null,
  };
}

function intentRecord(pi: Stripe.PaymentIntent): PaymentIntentRecord {
  const error = pi.last_payment_error;
  return {
    id: pi.id,
    status: pi.status,
    amountCents: pi.amount,
    created: new Date(pi.created * 1000),
    metadata: { ...(pi.metadata ?? {}) },
    failureCode: error ? (error.decline_code ?? error.code ?? 'card_declined') : null,
    failureMessage: error?.message ?? null,
  };
}
