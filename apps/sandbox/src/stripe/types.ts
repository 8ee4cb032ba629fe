// The API objects the Stripe simulator returns, in the shapes the official SDK types describe.
type Metadata = Record<string, string>;

export interface StripeAccount {
  id: string;
  object: 'account';
  type: string;
  country: string;
  email: string | null;
  default_currency: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  business_profile: { name: string | null; url: string | null; mcc: string | null };
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  metadata: Metadata;
  created: number;
}

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  created: number;
  livemode: false;
}

interface CardDetails {
  brand: string;
  display_brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  country: string;
  funding: 'credit' | 'debit';
  fingerprint: string;
  checks: {
    cvc_check: 'pass' | 'fail' | 'unchecked' | null;
    address_line1_check: null;
    address_postal_code_check: null;
  };
  networks: { available: string[]; preferred: null };
  three_d_secure_usage: { supported: true };
  wallet: null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: CardDetails;
  billing_details: {
    address: Record<string, string | null>;
    email: string | null;
    name: string | null;
    phone: string | null;
  };
  customer: string | null;
  allow_redisplay: 'unspecified';
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface StripeErrorObject {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  [key: string]: unknown;
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'canceled'
    | 'succeeded';
  usage: 'off_session' | 'on_session';
  description: string | null;
  last_setup_error: StripeErrorObject | null;
  next_action: Record<string, unknown> | null;
  latest_attempt: string | null;
  cancellation_reason: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'canceled'
    | 'succeeded';
  client_secret: string;
  application_fee_amount: number | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  description: string | null;
  statement_descriptor_suffix: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  last_payment_error: StripeErrorObject | null;
  latest_charge: string | null;
  next_action: Record<string, unknown> | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
}

/** Every field the SDK's `Stripe.Charge` declares as always present. */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: string | null;
  application_fee: string | null;
  application_fee_amount: number | null;
  balance_transaction: string | null;
  billing_details: PaymentMethod['billing_details'];
  calculated_statement_descriptor: string | null;
  captured: boolean;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: boolean;
  failure_balance_transaction: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fraud_details: Record<string, string> | null;
  metadata: Metadata;
  on_behalf_of: string | null;
  outcome: Record<string, unknown> | null;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: Record<string, unknown> };
  receipt_email: string | null;
  receipt_number: string | null;
  receipt_url: string | null;
  refunded: boolean;
  review: string | null;
  shipping: null;
  source: null;
  source_transfer: string | null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: 'succeeded' | 'pending' | 'failed';
  transfer_data: null;
  transfer_group: string | null;
  created: number;
  livemode: false;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  currency: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Metadata;
  created: number;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  account?: string;
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** A Checkout Session in setup mode, with every field the SDK's `Stripe.Checkout.Session` always has. */
export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  adaptive_pricing: null;
  after_expiration: null;
  allow_promotion_codes: null;
  allowed_payment_method_types: string[] | null;
  amount_subtotal: null;
  amount_total: null;
  automatic_tax: { enabled: boolean; liability: null; provider: null; status: null };
  billing_address_collection: null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  collected_information: null;
  consent: null;
  consent_collection: null;
  created: number;
  currency: string | null;
  currency_conversion: null;
  custom_fields: [];
  custom_text: {
    after_submit: null;
    shipping_address: null;
    submit: null;
    terms_of_service_acceptance: null;
  };
  customer: string | null;
  customer_account: null;
  customer_creation: null;
  customer_details: Record<string, unknown> | null;
  customer_email: string | null;
  discounts: null;
  expires_at: number;
  integration_identifier: null;
  invoice: null;
  invoice_creation: null;
  livemode: false;
  locale: null;
  managed_payments: null;
  metadata: Metadata;
  mode: 'setup';
  origin_context: null;
  payment_intent: null;
  payment_link: null;
  payment_method_collection: 'always';
  payment_method_configuration_details: null;
  payment_method_options: null;
  payment_method_types: string[];
  payment_status: 'no_payment_required';
  permissions: null;
  recovered_from: null;
  saved_payment_method_options: null;
  setup_intent: string | null;
  shipping_address_collection: null;
  shipping_cost: null;
  shipping_options: [];
  status: 'open' | 'complete' | 'expired';
  submit_type: null;
  subscription: null;
  success_url: string | null;
  total_details: null;
  ui_mode: 'hosted';
  url: string | null;
  wallet_options: null;
}

/** A dispute, with every field the SDK's `Stripe.Dispute` always has. */
export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  balance_transactions: unknown[];
  charge: string;
  created: number;
  currency: string;
  enhanced_eligibility_types: string[];
  evidence: Record<string, string | null> & { enhanced_evidence: Record<string, unknown> };
  evidence_details: {
    due_by: number | null;
    enhanced_eligibility: Record<string, unknown>;
    has_evidence: boolean;
    past_due: boolean;
    submission_count: number;
    submission_method: string | null;
  };
  intended_submission_method: null;
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Metadata;
  payment_intent: string | null;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
}

// Fields Stripe's description says are always present and the simulator has nothing to put in (Connect
// on-behalf-of, mandates, shipping, …): spread into each object where it is made, so the contract check
// (apps/server/src/adapters/provider-contract.test.ts) finds every field there.
export const PAYMENT_INTENT_UNUSED = {
  allowed_payment_method_types: null,
  application: null,
  automatic_payment_methods: null,
  customer_account: null,
  excluded_payment_method_types: null,
  managed_payments: null,
  on_behalf_of: null,
  payment_method_configuration_details: null,
  payment_method_options: null,
  payment_record: null,
  processing: null,
  receipt_email: null,
  review: null,
  shipping: null,
  source: null,
  statement_descriptor: null,
  transfer_group: null,
} as const;

export const SETUP_INTENT_UNUSED = {
  allowed_payment_method_types: null,
  application: null,
  automatic_payment_methods: null,
  excluded_payment_method_types: null,
  mandate: null,
  on_behalf_of: null,
  payment_method_configuration_details: null,
  payment_method_options: null,
  single_use_mandate: null,
} as const;

export const CUSTOMER_UNUSED = { balance: 0, default_source: null, shipping: null } as const;

export const PAYMENT_METHOD_UNUSED = { customer_account: null } as const;

export const REFUND_UNUSED = {
  balance_transaction: null,
  customer_account: null,
  receipt_number: null,
  source_transfer_reversal: null,
  transfer_reversal: null,
} as const;
