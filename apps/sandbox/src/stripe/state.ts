// The Stripe simulator's memory. Objects live on the platform (`account: null`) or on a connected
// account (the `Stripe-Account` header), and are only visible from where they live.
import type {
  Charge,
  CheckoutSession,
  Customer,
  Dispute,
  PaymentIntent,
  PaymentMethod,
  Refund,
  SetupIntent,
  StripeAccount,
  StripeEvent,
} from './types';

export interface Scoped<T> {
  account: string | null;
  value: T;
}

export interface AccountLink {
  token: string;
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

export interface IdempotentResult {
  /** When the key was first used (simulated ms): Stripe forgets a key 24 hours on. */
  at: number;
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface CardSecret {
  number: string;
  /** Saved through a SetupIntent (or a payment with setup_future_usage) for later off-session use. */
  setUpForOffSession: boolean;
}

export interface QueuedFailure {
  customer?: string;
  paymentMethod?: string;
  /** A CARD_FAILURES code, or `processing`: the intent waits in `processing`, then succeeds. */
  failure: string;
}

/**
 * Charges of every card whose customer has this email fail with `failure` (demos and tests: a member who
 * joined with a good card meets a decline months later). `remaining` null: until cleared.
 */
export interface StagedCardFailure {
  email: string;
  failure: string;
  remaining: number | null;
}

export class StripeState {
  accounts = new Map<string, StripeAccount>();
  accountLinks = new Map<string, AccountLink>();
  customers = new Map<string, Scoped<Customer>>();
  paymentMethods = new Map<string, Scoped<PaymentMethod>>();
  cards = new Map<string, CardSecret>();
  setupIntents = new Map<string, Scoped<SetupIntent>>();
  setupReturnUrls = new Map<string, string>();
  paymentIntents = new Map<string, Scoped<PaymentIntent>>();
  charges = new Map<string, Scoped<Charge>>();
  refunds = new Map<string, Scoped<Refund>>();
  checkoutSessions = new Map<string, Scoped<CheckoutSession>>();
  disputes = new Map<string, Scoped<Dispute>>();
  /** Checkout session id → its SetupIntent (shown on the session once complete). */
  checkoutSetupIntents = new Map<string, string>();
  events: Scoped<StripeEvent>[] = [];
  idempotency = new Map<string, IdempotentResult>();
  queuedFailures: QueuedFailure[] = [];
  /** By lower-cased email. */
  stagedByEmail = new Map<string, StagedCardFailure>();

  clear(): void {
    for (const value of Object.values(this)) {
      if (value instanceof Map) value.clear();
    }
    this.events = [];
    this.queuedFailures = [];
  }
}
