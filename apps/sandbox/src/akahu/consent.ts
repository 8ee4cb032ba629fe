// What approving the consent page does: a user (reused by email), an authorisation, the chosen
// accounts, and a short-lived code for the app to exchange.
import { randomBytes } from 'node:crypto';
import { akahuId, digits } from '../shared/ids';
import type { AkahuContext } from './context';
import { connectionInfo, type DemoBank } from './demo-banks';
import type { AkahuAccount, AkahuUser } from './state';

export interface ConsentInput {
  appToken: string;
  redirectUri: string;
  scope: string;
  email: string;
  bank: DemoBank;
  accountKeys: string[];
}

function findOrCreateUser(ctx: AkahuContext, appToken: string, email: string): AkahuUser {
  const existing = [...ctx.state.users.values()].find((u) => u.appToken === appToken && u.email === email);
  if (existing) return existing;
  const user: AkahuUser = {
    _id: akahuId('user'),
    appToken,
    email,
    created_at: ctx.runtime.clock.now().toISOString(),
  };
  ctx.state.users.set(user._id, user);
  return user;
}

function createAccount(
  ctx: AkahuContext,
  bank: DemoBank,
  key: string,
  authorisationId: string,
  holder: string,
) {
  const template = bank.accounts.find((a) => a.key === key);
  if (!template) return undefined;
  const now = ctx.runtime.clock.now().toISOString();
  const account: AkahuAccount = {
    _id: akahuId('acc'),
    _authorisation: authorisationId,
    _credentials: authorisationId,
    connection: connectionInfo(bank),
    name: template.name,
    status: 'ACTIVE',
    formatted_account: `${bank.bankCode}-${digits(4)}-${digits(7)}-${digits(2)}`,
    type: template.type,
    attributes: template.canPay
      ? ['TRANSACTIONS', 'PAYMENT_TO', 'PAYMENT_FROM', 'TRANSFER_TO', 'TRANSFER_FROM']
      : ['TRANSACTIONS', 'PAYMENT_TO', 'TRANSFER_TO'],
    balance: { currency: 'NZD', current: template.balance, available: template.balance, overdrawn: false },
    meta: { holder },
    refreshed: { balance: now, meta: now, transactions: now },
  };
  return account;
}

/** Records the consent and returns the authorisation code. */
export function approveConsent(ctx: AkahuContext, input: ConsentInput): string {
  const user = findOrCreateUser(ctx, input.appToken, input.email);
  const authorisationId = akahuId('auth');
  const holder =
    input.email
      .split('@')[0]
      ?.replace(/[._-]+/g, ' ')
      .toUpperCase() || 'SANDBOX CUSTOMER';
  const accountIds: string[] = [];
  for (const key of input.accountKeys) {
    const account = createAccount(ctx, input.bank, key, authorisationId, holder);
    if (!account) continue;
    ctx.state.accounts.set(account._id, account);
    const behaviour = input.bank.accounts.find((a) => a.key === key)?.behaviour;
    if (behaviour && behaviour.kind !== 'normal') ctx.state.behaviours.set(account._id, behaviour);
    ctx.state.accountOwners.set(account._id, { appToken: input.appToken, userId: user._id });
    accountIds.push(account._id);
  }
  const code = `id_${randomBytes(20).toString('hex')}`;
  ctx.state.codes.set(code, {
    code,
    appToken: input.appToken,
    redirectUri: input.redirectUri,
    userId: user._id,
    authorisationId,
    scope: input.scope,
    accountIds,
    expiresAt: ctx.runtime.clock.nowMs() + ctx.settings.codeTtlMs,
    used: false,
  });
  return code;
}
