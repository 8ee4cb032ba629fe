// Shared steps of the webhook tests: the app listening where the sandbox sends its webhooks, members
// with a real Akahu connection, payments waiting for an answer, and what got recorded.
import type { AddressInfo } from 'node:net';
import { SANDBOX_DEFAULTS, type ServiceName } from '@gym/sandbox';
import { and, asc, eq } from 'drizzle-orm';
import {
  activityLog,
  akahuConnections,
  bankAccounts,
  payments,
  paymentTypes,
  webhookCalls,
} from '../../db/schema/index';
import { createMember, unique } from '../../test/factories';
import type { TestApp } from '../../test/test-app';
import { akahuWebhookState } from './akahu-state';

/** Points the sandbox's webhooks at this app, listening on a free port. */
export async function receiveSandboxWebhooks(t: TestApp): Promise<void> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  for (const service of ['akahu', 'stripe', 'kisi'] as const) {
    t.sandbox.controls.webhooks.setTarget(service, `http://127.0.0.1:${port}/api/webhooks/${service}`);
  }
}

/** The sandbox's deliveries of one service and event type, oldest first. */
export const deliveries = (t: TestApp, service: ServiceName, eventType?: string) =>
  t.sandbox.controls.webhooks.list(service).filter((d) => !eventType || d.eventType === eventType);

/** Sends a delivery's exact bytes again (or altered ones) straight to the app. */
export const replay = (
  t: TestApp,
  service: ServiceName,
  delivery: { body: string; headers: Record<string, string> },
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${service}`,
    headers: delivery.headers,
    payload: delivery.body,
  });

export const callsOf = (t: TestApp, provider: ServiceName) =>
  t.db.select().from(webhookCalls).where(eq(webhookCalls.provider, provider)).orderBy(asc(webhookCalls.id));

export const paymentRow = async (t: TestApp, id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

export const paymentActivity = (t: TestApp, paymentId: number) =>
  t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subjectType, 'payment'), eq(activityLog.subjectId, paymentId)));

/** A member who connected their bank through the Akahu sandbox, as the join flow leaves them. */
export async function bankMember(t: TestApp, tenant: { organisation: { id: number }; gymA: { id: number } }) {
  const organisationId = tenant.organisation.id;
  const member = await createMember(t.db, { organisationId, gymId: tenant.gymA.id });
  const akahu = t.providers.akahu();
  const code = t.sandbox.controls.akahu.connect({
    appToken: SANDBOX_DEFAULTS.akahuAppToken,
    redirectUri: `${t.env.REGISTER_URL}/bank-account-connected`,
    email: member.email,
  });
  const { userToken } = await akahu.exchange(code);
  await akahu.subscribeWebhooks(userToken, akahuWebhookState({ organisationId, userId: member.id }));
  const [account] = await akahu.listAccounts(userToken);
  const [connection] = await t.db
    .insert(akahuConnections)
    .values({ organisationId, userId: member.id, accessToken: t.secrets.seal(userToken) })
    .returning();
  const [type] = await t.db
    .insert(paymentTypes)
    .values({ organisationId, userId: member.id, type: 'bank_account' })
    .returning();
  await t.db.insert(bankAccounts).values({
    paymentTypeId: type!.id,
    organisationId,
    akahuAccountId: account!.id,
    accountNumber: account!.formattedAccount ?? '12-3140-0123456-00',
    name: account!.name,
  });
  return {
    member,
    organisationId,
    gymId: tenant.gymA.id,
    userToken,
    accountId: account!.id,
    connectionId: connection!.id,
    paymentTypeId: type!.id,
  };
}

export type BankMember = Awaited<ReturnType<typeof bankMember>>;

/** A payment attempt written before the provider is called, as the billing engine writes it. */
export async function paymentAttempt(
  t: TestApp,
  input: { organisationId: number; gymId: number; userId: number; type: 'bank_account' | 'stripe_card' },
) {
  const [row] = await t.db
    .insert(payments)
    .values({ ...input, amount: 2590, status: 'pending_request', idempotencyKey: unique('attempt') })
    .returning();
  return row!;
}

/** A bank payment made through the Akahu sandbox; its answer comes after the simulated delay. */
export async function bankPayment(t: TestApp, bank: BankMember) {
  const attempt = await paymentAttempt(t, {
    organisationId: bank.organisationId,
    gymId: bank.gymId,
    userId: bank.member.id,
    type: 'bank_account',
  });
  const made = await t.providers.akahu().makePayment({
    userToken: bank.userToken,
    fromAccountId: bank.accountId,
    amountCents: attempt.amount,
    to: { name: 'Sandbox Gym', accountNumber: '12-3140-0123456-00' },
    idempotencyKey: attempt.idempotencyKey,
  });
  await t.db
    .update(payments)
    .set({ akahuId: made.id, akahuSid: made.sid })
    .where(eq(payments.id, attempt.id));
  return { paymentId: attempt.id, akahuId: made.id };
}

/** Lets the sandbox's bank answer every payment made so far, and waits for the webhooks it sends. */
export async function banksAnswer(t: TestApp): Promise<void> {
  await t.sandbox.controls.advanceClock(SANDBOX_DEFAULTS.akahuPaymentDelayMs);
  await t.sandbox.controls.settle();
}
