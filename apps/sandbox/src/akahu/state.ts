import type { AccountBehaviour } from './demo-banks';
// The Akahu simulator's memory: apps, users, consents (tokens), accounts, payments and webhook hooks.
export type PaymentStatus =
  | 'READY'
  | 'PENDING_APPROVAL'
  | 'PAUSED'
  | 'SENT'
  | 'DECLINED'
  | 'ERROR'
  | 'CANCELLED';

export const PAYMENT_STATUS_CODES = [
  'INTERNAL_ERROR',
  'BANK_ERROR',
  'UNAVAILABLE',
  'INVALID_ACCOUNT',
  'INSUFFICIENT_FUNDS',
  'SINGLE_LIMIT_EXCEEDED',
  'DAILY_LIMIT_EXCEEDED',
  'AKAHU_LIMIT_EXCEEDED',
  'MFA_UNSUPPORTED',
  'MULTISIG_UNSUPPORTED',
  'AUTHENTICATION_FAILED',
  'MFA_FAILED',
  'AFTER_HOURS',
  'USER_CANCELLED',
  'APP_CANCELLED',
  'AKAHU_CANCELLED',
] as const;
export type PaymentStatusCode = (typeof PAYMENT_STATUS_CODES)[number];

export interface AkahuApp {
  appToken: string;
  appSecret: string;
  /** Overrides the sandbox-wide Akahu webhook target for this app. */
  webhookUrl?: string | null;
}

export interface AkahuUser {
  _id: string;
  appToken: string;
  email: string;
  created_at: string;
}

export interface AkahuToken {
  token: string;
  appToken: string;
  userId: string;
  authorisationId: string;
  scope: string;
  accountIds: string[];
  created_at: string;
}

export interface AuthCode {
  code: string;
  appToken: string;
  redirectUri: string;
  userId: string;
  authorisationId: string;
  scope: string;
  accountIds: string[];
  expiresAt: number;
  used: boolean;
}

export interface AkahuAccount {
  _id: string;
  _authorisation: string;
  _credentials: string;
  connection: { _id: string; name: string; logo: string; connection_type: 'official' };
  name: string;
  status: 'ACTIVE' | 'INACTIVE';
  formatted_account: string;
  type: string;
  attributes: string[];
  balance: { currency: 'NZD'; current: number; available: number; overdrawn: boolean };
  meta: { holder: string };
  refreshed: { balance: string; meta: string; transactions: string };
}

export interface AkahuPayment {
  _id: string;
  from: string;
  to: { name: string; account_number: string };
  amount: number;
  meta: {
    source: { code?: string; reference?: string };
    destination: { particulars?: string; code?: string; reference?: string };
  };
  sid: string;
  status: PaymentStatus;
  status_code?: PaymentStatusCode;
  status_text?: string;
  approval_type?: 'BANK' | 'USER';
  final: boolean;
  timeline: { status: PaymentStatus; time: string }[];
  created_at: string;
  updated_at: string;
  received_at?: string;
}

export interface PaymentRecord {
  payment: AkahuPayment;
  appToken: string;
  userId: string;
  idempotencyKey: string | null;
  fingerprint: string;
}

export interface WebhookHook {
  _id: string;
  type: string;
  state: string;
  appToken: string;
  userId: string;
  token: string;
  created_at: string;
  updated_at: string;
  last_called_at: string | null;
}

export interface HookEvent {
  _id: string;
  _hook: string;
  appToken: string;
  deliveryId: string;
  payload: Record<string, unknown>;
  created_at: string;
}

/**
 * The webhook hooks by id, and each app user's at hand: an event finds its user's few hooks without a
 * pass over every hook (at 10,000 members, a pass for each of a day's 800 events was a fifth of a
 * simulated day's CPU).
 */
export class WebhookHooks extends Map<string, WebhookHook> {
  private readonly byUser = new Map<string, Set<WebhookHook>>();

  /** The hooks of one app's user. */
  ofUser(appToken: string, userId: string): ReadonlySet<WebhookHook> {
    return this.byUser.get(userKey(appToken, userId)) ?? NO_HOOKS;
  }

  override set(id: string, hook: WebhookHook): this {
    this.unindex(id);
    super.set(id, hook);
    const key = userKey(hook.appToken, hook.userId);
    const hooks = this.byUser.get(key);
    if (hooks) hooks.add(hook);
    else this.byUser.set(key, new Set([hook]));
    return this;
  }

  override delete(id: string): boolean {
    this.unindex(id);
    return super.delete(id);
  }

  override clear(): void {
    super.clear();
    this.byUser.clear();
  }

  private unindex(id: string): void {
    const hook = super.get(id);
    if (!hook) return;
    const key = userKey(hook.appToken, hook.userId);
    const hooks = this.byUser.get(key);
    hooks?.delete(hook);
    if (hooks?.size === 0) this.byUser.delete(key);
  }
}

const userKey = (appToken: string, userId: string) => `${appToken} ${userId}`;
const NO_HOOKS: ReadonlySet<WebhookHook> = new Set();

/** What the next payment from an account does, set by the tests' controls. */
export type PaymentOutcome =
  | { status: 'SENT' }
  | { status: 'DECLINED' | 'ERROR' | 'CANCELLED'; status_code: PaymentStatusCode; status_text?: string }
  | { status: 'PENDING_APPROVAL' | 'PAUSED' };

export class AkahuState {
  apps = new Map<string, AkahuApp>();
  users = new Map<string, AkahuUser>();
  tokens = new Map<string, AkahuToken>();
  codes = new Map<string, AuthCode>();
  accounts = new Map<string, AkahuAccount>();
  accountOwners = new Map<string, { appToken: string; userId: string }>();
  payments = new Map<string, PaymentRecord>();
  /** Payments by `${appToken} ${userId} ${idempotency key}`: a repeat finds the first in one step. */
  paymentsByKey = new Map<string, PaymentRecord>();
  hooks = new WebhookHooks();
  hookEvents: HookEvent[] = [];
  nextOutcomes = new Map<string, PaymentOutcome[]>();
  /** Each account's behaviour beyond its balance (demo-banks.ts); absent: normal. */
  behaviours = new Map<string, AccountBehaviour>();
  /** How many payments each account has made, for "every Nth fails". */
  paymentCounts = new Map<string, number>();

  clear(): void {
    this.apps.clear();
    this.users.clear();
    this.tokens.clear();
    this.codes.clear();
    this.accounts.clear();
    this.accountOwners.clear();
    this.payments.clear();
    this.paymentsByKey.clear();
    this.hooks.clear();
    this.hookEvents = [];
    this.nextOutcomes.clear();
    this.behaviours.clear();
    this.paymentCounts.clear();
  }
}
