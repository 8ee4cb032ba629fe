// Akahu (bank connections and direct-debit payments) on the official SDK. Live and sandbox share this
// code; configuration chooses the host (api.akahu.io / oauth.akahu.nz, or the local simulator).
import { type Account, AkahuClient, type Payment, type WebhookPayload } from 'akahu';
import { headerValue, hostOptions, kindForStatus, ProviderError } from './provider-error';

export interface AkahuConfig {
  appToken: string;
  appSecret: string;
  /** Where the product's Akahu callback page lives (must be registered with the app). */
  redirectUri: string;
  /** API base; default https://api.akahu.io. Sandbox: http://127.0.0.1:4101. */
  apiUrl?: string;
  /** Consent page base; default https://oauth.akahu.nz. Sandbox: the simulator's URL. */
  oauthUrl?: string;
  timeoutMs?: number;
}

interface BankAccount {
  id: string;
  name: string;
  formattedAccount: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  canPay: boolean;
  bank: string;
  holder: string | null;
  availableCents: number | null;
}

interface BankPayment {
  id: string;
  sid: string;
  status: Payment['status'];
  /** Akahu's machine-readable failure reason (INSUFFICIENT_FUNDS, BANK_ERROR, …) when not SENT. */
  statusCode: string | null;
  statusText: string | null;
  final: boolean;
  amountCents: number;
  updatedAt: string;
}

interface MakeBankPaymentInput {
  userToken: string;
  fromAccountId: string;
  amountCents: number;
  to: { name: string; accountNumber: string };
  /** What the gym sees on its statement (each at most 12 of A-Z a-z 0-9 space - _). */
  destination?: { particulars?: string; code?: string; reference?: string };
  /** What the member sees on theirs. */
  source?: { code?: string; reference?: string };
  /** Derived from the payment attempt; the same key never makes a second payment. */
  idempotencyKey: string;
}

type AkahuWebhookType = 'TOKEN' | 'ACCOUNT' | 'PAYMENT';

export interface AkahuAdapter {
  authUrl(input: { state: string; email?: string }): string;
  exchange(code: string): Promise<{ userToken: string; scope: string }>;
  listAccounts(userToken: string): Promise<BankAccount[]>;
  /** Akahu sends webhooks per user and type; `state` comes back in each (e.g. our user id). */
  subscribeWebhooks(userToken: string, state: string, types?: AkahuWebhookType[]): Promise<string[]>;
  makePayment(input: MakeBankPaymentInput): Promise<BankPayment>;
  getPayment(userToken: string, paymentId: string): Promise<BankPayment>;
  revoke(userToken: string): Promise<void>;
  /** Checks `X-Akahu-Signature` with the key named by `X-Akahu-Signing-Key`; returns the payload. */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<WebhookPayload>;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

function presentAccount(account: Account): BankAccount {
  return {
    id: account._id,
    name: account.name,
    formattedAccount: account.formatted_account ?? null,
    status: account.status,
    canPay: account.attributes.includes('PAYMENT_FROM'),
    bank: account.connection.name,
    holder: account.meta?.holder ?? null,
    availableCents: account.balance?.available === undefined ? null : toCents(account.balance.available),
  };
}

function presentPayment(payment: Payment): BankPayment {
  return {
    id: payment._id,
    sid: payment.sid,
    status: payment.status,
    statusCode: payment.status_code ?? null,
    statusText: payment.status_text ?? null,
    final: payment.final,
    amountCents: toCents(payment.amount),
    updatedAt: payment.updated_at,
  };
}

/** SDK errors → ProviderError (AkahuErrorResponse has a status; network errors have no response). */
function wrap(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = error as { isAkahuError?: boolean; status?: number; message?: string; isAxiosError?: boolean };
  if (e?.isAkahuError && typeof e.status === 'number') {
    return new ProviderError('akahu', kindForStatus(e.status), e.message ?? 'Akahu error', e.status, {
      cause: error,
    });
  }
  if (e?.isAkahuError)
    return new ProviderError('akahu', 'invalid_signature', e.message ?? 'Invalid webhook', undefined, {
      cause: error,
    });
  return new ProviderError('akahu', 'unavailable', e?.message ?? 'Akahu could not be reached', undefined, {
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

/** How long a signing key id Akahu did not know is refused without asking again. */
const UNKNOWN_KEY_MS = 10 * 60_000;

export function createAkahuAdapter(config: AkahuConfig): AkahuAdapter {
  const unknownKeys = new Map<string, number>();
  const api = config.apiUrl ? hostOptions(config.apiUrl) : {};
  const client = new AkahuClient({
    appToken: config.appToken,
    appSecret: config.appSecret,
    ...api,
    timeout: config.timeoutMs ?? 20_000,
  });
  const oauth = config.oauthUrl
    ? { ...hostOptions(config.oauthUrl), path: new URL(config.oauthUrl).pathname.slice(1) }
    : {};

  return {
    authUrl: ({ state, email }) =>
      client.auth.buildAuthorizationUrl({
        ...oauth,
        redirect_uri: config.redirectUri,
        scope: 'ENDURING_CONSENT',
        state,
        email,
      }),
    exchange: (code) =>
      call(async () => {
        const token = await client.auth.exchange(code, config.redirectUri);
        return { userToken: token.access_token, scope: token.scope };
      }),
    listAccounts: (userToken) =>
      call(async () => (await client.accounts.list(userToken)).map(presentAccount)),
    subscribeWebhooks: (userToken, state, types = ['TOKEN', 'ACCOUNT', 'PAYMENT']) =>
      call(() =>
        Promise.all(
          types.map((webhook_type) => client.webhooks.subscribe(userToken, { webhook_type, state })),
        ),
      ),
    makePayment: (input) =>
      call(async () => {
        const payment = await client.payments.create(
          input.userToken,
          {
            from: input.fromAccountId,
            amount: input.amountCents / 100,
            to: { name: input.to.name, account_number: input.to.accountNumber },
            meta: { source: input.source ?? {}, destination: input.destination ?? {} },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return presentPayment(payment);
      }),
    getPayment: (userToken, paymentId) =>
      call(async () => presentPayment(await client.payments.get(userToken, paymentId))),
    revoke: (userToken) => call(() => client.auth.revoke(userToken)),
    verifyWebhook: (headers, rawBody) =>
      call(async () => {
        const signature = headerValue(headers, 'x-akahu-signature');
        const keyId = headerValue(headers, 'x-akahu-signing-key');
        if (!signature || !keyId)
          throw new ProviderError('akahu', 'invalid_signature', 'Missing Akahu signature headers');
        // Akahu's signing keys have small whole-number ids; anything else cannot be one, and a key Akahu
        // did not know a moment ago is not asked for again: a forged call never costs a fetch each.
        if (!/^\d{1,9}$/.test(keyId)) {
          throw new ProviderError('akahu', 'invalid_signature', 'Not an Akahu signing key id');
        }
        if ((unknownKeys.get(keyId) ?? 0) > Date.now()) {
          throw new ProviderError('akahu', 'invalid_signature', 'Unknown Akahu signing key');
        }
        try {
          return await client.webhooks.validateWebhook(keyId, signature, rawBody);
        } catch (error) {
          const status = (error as { status?: number }).status;
          if (status === 404 || status === 400) {
            if (unknownKeys.size >= 1000) unknownKeys.clear();
            unknownKeys.set(keyId, Date.now() + UNKNOWN_KEY_MS);
            throw new ProviderError('akahu', 'invalid_signature', 'Unknown Akahu signing key');
          }
          throw error;
        }
      }),
  };
}
