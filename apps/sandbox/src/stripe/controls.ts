// Test and demo controls for the Stripe simulator, as a TS object and as /__sandbox HTTP endpoints.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseControl } from '../shared/control-routes';
import { CARD_FAILURES, TEST_CARDS } from './cards';
import { completeOnboarding, disableCharges } from './connect-routes';
import { nowUnix, type StripeContext } from './context';
import { emitStripeEvent } from './events';
import { createPaymentMethod } from './payment-methods';
import { rememberedRequest } from './route';
import type { StagedCardFailure } from './state';
import {
  CUSTOMER_UNUSED,
  PAYMENT_INTENT_UNUSED,
  type PaymentIntent,
  type StripeAccount,
  type StripeEvent,
} from './types';

const FAILURE_CODES = Object.keys(CARD_FAILURES);

export interface StripeControls {
  reset(): void;
  /** The next charge of this customer or PaymentMethod is declined with `failure` (e.g. insufficient_funds). */
  failNextCharge(target: { customer?: string; paymentMethod?: string }, failure: string): void;
  /**
   * Every card of the customers with this email (the member's, on any gym's account) declines its next
   * `times` charges (every charge until cleared when not given) with `failure`; `null` clears it.
   */
  failCardChargesOf(email: string, failure: string | null, times?: number): void;
  /** The card failures staged by email, for the demo page. */
  stagedCardFailures(): StagedCardFailure[];
  /** The next charge of this customer or PaymentMethod stays `processing` for an hour, then succeeds. */
  holdNextCharge(target: { customer?: string; paymentMethod?: string }): void;
  completeOnboarding(accountId: string): StripeAccount;
  /** Stripe stops the account's charges (`requirements.disabled_reason`, e.g. `requirements.past_due`). */
  disableCharges(accountId: string, reason?: string): StripeAccount;
  /** Closes a dispute as if evidence were submitted in Stripe's test mode: won or lost. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): void;
  /**
   * Remembers connected accounts the product already stored (the simulator keeps nothing between starts),
   * onboarded and able to take payments. Existing ids are kept.
   */
  rememberAccounts(accounts: { id: string; name: string }[]): void;
  /** Stripe loses a connected account (closed, or a different Stripe environment): for tests and demos. */
  forgetAccount(accountId: string): boolean;
  events(account?: string | null): StripeEvent[];
  paymentIntent(id: string): PaymentIntent | undefined;
  /**
   * Learns saved cards the product already holds (the simulator keeps nothing between starts): each
   * customer and card on its connected account, set up for off-session charges. A card whose last four
   * digits are a Stripe test card's behaves as that card (…9995 insufficient funds, …0341 declines every
   * charge); any other charges successfully. Known ids are left as they are.
   */
  rememberCards(cards: RememberedCard[]): void;
  rememberPaymentIntents(intents: RememberedPaymentIntent[]): void;
  /**
   * The answer Stripe keeps under this idempotency key on the account (null: the platform's), which a
   * repeat of the request gets back: when it was first used (simulated clock) and the object it made.
   * Null for a key never used, or forgotten: Stripe prunes keys 24 hours on.
   */
  idempotentRequest(
    account: string | null,
    idempotencyKey: string,
  ): { at: Date; status: number; body: unknown } | null;
}

/** A recent PaymentIntent the product holds, learnt as answered (reconciliation after a restart). */
export interface RememberedPaymentIntent {
  id: string;
  account: string;
  customer: string;
  paymentMethod: string;
  amount: number;
  succeeded: boolean;
  metadata: Record<string, string>;
  /** Unix seconds. */
  created: number;
}

export interface RememberedCard {
  account: string | null;
  customer: string;
  paymentMethod: string;
  email: string;
  name: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The test card a remembered card behaves as. */
function rememberedCardNumber(brand: string, last4: string): string {
  const test = Object.keys(TEST_CARDS).find((number) => number.endsWith(last4));
  if (test) return test;
  return brand === 'mastercard' ? '5555555555554444' : '4242424242424242';
}

export function createStripeControls(ctx: StripeContext, reset: () => void): StripeControls {
  return {
    reset,
    failNextCharge: (target, failure) => {
      if (!CARD_FAILURES[failure])
        throw new Error(`Unknown failure ${failure}; use one of ${FAILURE_CODES.join(', ')}`);
      if (!target.customer && !target.paymentMethod) throw new Error('Give a customer or a paymentMethod');
      ctx.state.queuedFailures.push({ ...target, failure });
    },
    failCardChargesOf: (email, failure, times) => {
      const key = email.trim().toLowerCase();
      if (!key.includes('@')) throw new Error(`Not an email address: ${email}`);
      if (failure === null) {
        ctx.state.stagedByEmail.delete(key);
        return;
      }
      if (!CARD_FAILURES[failure])
        throw new Error(`Unknown failure ${failure}; use one of ${FAILURE_CODES.join(', ')}`);
      if (times !== undefined && (!Number.isInteger(times) || times < 1))
        throw new Error('times must be a whole number of at least 1');
      ctx.state.stagedByEmail.set(key, { email: key, failure, remaining: times ?? null });
    },
    stagedCardFailures: () => [...ctx.state.stagedByEmail.values()].map((s) => ({ ...s })),
    holdNextCharge: (target) => {
      if (!target.customer && !target.paymentMethod) throw new Error('Give a customer or a paymentMethod');
      ctx.state.queuedFailures.push({ ...target, failure: 'processing' });
    },
    completeOnboarding: (accountId) => completeOnboarding(ctx, accountId),
    disableCharges: (accountId, reason = 'requirements.past_due') => disableCharges(ctx, accountId, reason),
    closeDispute: (disputeId, outcome) => {
      const scoped = ctx.state.disputes.get(disputeId);
      if (!scoped) throw new Error(`No such dispute: ${disputeId}`);
      if (scoped.value.status === 'won' || scoped.value.status === 'lost') return;
      scoped.value.status = outcome;
      emitStripeEvent(ctx, { account: scoped.account }, 'charge.dispute.closed', scoped.value);
    },
    forgetAccount: (accountId) => ctx.state.accounts.delete(accountId),
    rememberAccounts: (accounts) => {
      for (const { id, name } of accounts) {
        if (ctx.state.accounts.has(id)) continue;
        ctx.state.accounts.set(id, {
          id,
          object: 'account',
          type: 'standard',
          country: 'NZ',
          email: null,
          default_currency: 'nzd',
          details_submitted: true,
          charges_enabled: true,
          payouts_enabled: true,
          business_profile: { name, url: null, mcc: null },
          capabilities: { card_payments: 'active', transfers: 'active' },
          requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
          metadata: {},
          created: Math.floor(ctx.runtime.clock.now().getTime() / 1000),
        });
      }
    },
    events: (account) =>
      ctx.state.events.filter((e) => account === undefined || e.account === account).map((e) => e.value),
    paymentIntent: (id) => ctx.state.paymentIntents.get(id)?.value,
    idempotentRequest: (account, idempotencyKey) => {
      const kept = rememberedRequest(ctx, account, idempotencyKey);
      return kept ? { at: new Date(kept.at), status: kept.status, body: structuredClone(kept.body) } : null;
    },
    rememberPaymentIntents: (intents) => {
      for (const pi of intents) {
        if (ctx.state.paymentIntents.has(pi.id)) continue;
        ctx.state.paymentIntents.set(pi.id, {
          account: pi.account,
          value: {
            id: pi.id,
            object: 'payment_intent',
            ...PAYMENT_INTENT_UNUSED,
            amount: pi.amount,
            amount_capturable: 0,
            amount_received: pi.succeeded ? pi.amount : 0,
            currency: 'nzd',
            customer: pi.customer,
            payment_method: pi.paymentMethod,
            payment_method_types: ['card'],
            status: pi.succeeded ? 'succeeded' : 'requires_payment_method',
            client_secret: `${pi.id}_secret_remembered`,
            application_fee_amount: null,
            capture_method: 'automatic',
            confirmation_method: 'automatic',
            description: null,
            statement_descriptor_suffix: null,
            setup_future_usage: null,
            last_payment_error: null,
            latest_charge: null,
            next_action: null,
            canceled_at: null,
            cancellation_reason: null,
            metadata: pi.metadata,
            created: pi.created,
            livemode: false,
          },
        });
      }
    },
    rememberCards: (cards) => {
      for (const card of cards) {
        if (!ctx.state.customers.has(card.customer)) {
          ctx.state.customers.set(card.customer, {
            account: card.account,
            value: {
              id: card.customer,
              object: 'customer',
              ...CUSTOMER_UNUSED,
              email: card.email,
              name: card.name,
              description: null,
              phone: null,
              metadata: {},
              invoice_settings: { default_payment_method: card.paymentMethod },
              created: nowUnix(ctx),
              livemode: false,
            },
          });
        }
        if (ctx.state.paymentMethods.has(card.paymentMethod)) continue;
        const number = rememberedCardNumber(card.brand, card.last4);
        const made = createPaymentMethod(ctx, card.account, {
          number,
          exp_month: card.expMonth,
          exp_year: card.expYear,
        });
        ctx.state.paymentMethods.delete(made.id);
        ctx.state.cards.delete(made.id);
        const pm = {
          ...made,
          id: card.paymentMethod,
          customer: card.customer,
          card: { ...made.card, brand: card.brand, display_brand: card.brand, last4: card.last4 },
          billing_details: { ...made.billing_details, email: card.email, name: card.name },
        };
        ctx.state.paymentMethods.set(pm.id, { account: card.account, value: pm });
        ctx.state.cards.set(pm.id, { number, setUpForOffSession: true });
      }
    },
  };
}

const failBody = z
  .object({
    customer: z.string().optional(),
    payment_method: z.string().optional(),
    code: z.enum(FAILURE_CODES as [string, ...string[]]),
  })
  .refine((b) => b.customer || b.payment_method, 'give customer or payment_method');

const stageBody = z.object({
  email: z.string().email(),
  code: z.enum(FAILURE_CODES as [string, ...string[]]).nullable(),
  times: z.number().int().min(1).max(1000).optional(),
});

export function registerStripeControlRoutes(app: FastifyInstance, controls: StripeControls): void {
  app.post('/__sandbox/fail-card-charges', async (request) => {
    const body = parseControl(stageBody, request.body);
    controls.failCardChargesOf(body.email, body.code, body.times);
    return { data: controls.stagedCardFailures() };
  });
  app.get('/__sandbox/fail-card-charges', async () => ({ data: controls.stagedCardFailures() }));
  app.post('/__sandbox/fail-next-charge', async (request) => {
    const body = parseControl(failBody, request.body);
    controls.failNextCharge({ customer: body.customer, paymentMethod: body.payment_method }, body.code);
    return { ok: true };
  });
  app.post<{ Params: { id: string } }>('/__sandbox/accounts/:id/complete-onboarding', async (request) =>
    controls.completeOnboarding(request.params.id),
  );
  app.get('/__sandbox/events', async () => ({ data: controls.events() }));
  app.delete<{ Params: { id: string } }>('/__sandbox/accounts/:id', async (request) => ({
    forgotten: controls.forgetAccount(request.params.id),
  }));
}
