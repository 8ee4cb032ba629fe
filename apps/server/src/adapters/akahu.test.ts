// The Akahu adapter against the sandbox simulator: the same code that runs live, pointed elsewhere.
import { type RunningSandbox, startSandbox } from '@gym/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AkahuAdapter, createAkahuAdapter } from './akahu';
import { ProviderError } from './provider-error';
import { type Received, receiveWebhooks } from './test-webhook-receiver';

const REDIRECT = 'http://join.localhost:3000/connect-akahu';
let sandbox: RunningSandbox;
let hooks: Received;
let akahu: AkahuAdapter;

beforeAll(async () => {
  hooks = await receiveWebhooks();
  sandbox = await startSandbox({ webhookTargets: { akahu: hooks.url }, akahuPaymentDelayMs: 1_000 });
  akahu = createAkahuAdapter({
    appToken: 'app_token_gym1',
    appSecret: 'app_secret_gym1',
    redirectUri: REDIRECT,
    apiUrl: sandbox.akahu.url,
    oauthUrl: sandbox.akahu.url,
  });
});
afterAll(async () => {
  await sandbox.close();
  await hooks.close();
});
beforeEach(() => {
  sandbox.controls.reset();
  hooks.list.length = 0;
});

async function member(accounts = ['everyday']) {
  const code = sandbox.controls.akahu.connect({
    appToken: 'app_token_gym1',
    redirectUri: REDIRECT,
    email: 'm@x.nz',
    accounts,
  });
  const { userToken } = await akahu.exchange(code);
  await akahu.subscribeWebhooks(userToken, 'user-42');
  const [account] = await akahu.listAccounts(userToken);
  return { userToken, account: account! };
}

const pay = (userToken: string, from: string, key: string, amountCents = 2590) =>
  akahu.makePayment({
    userToken,
    fromAccountId: from,
    amountCents,
    to: { name: 'Sandbox Gym', accountNumber: '12-3140-0123456-00' },
    destination: { particulars: 'Member 42', reference: 'WEEK 1' },
    idempotencyKey: key,
  });

describe('Akahu adapter', () => {
  it('builds the consent URL on the configured host', () => {
    const url = new URL(akahu.authUrl({ state: 'csrf-1' }));
    expect(url.origin).toBe(sandbox.akahu.url);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('state')).toBe('csrf-1');
  });

  it('pays once per idempotency key and verifies the PAYMENT webhook', async () => {
    const { userToken, account } = await member();
    expect(account).toMatchObject({ canPay: true, status: 'ACTIVE', availableCents: 250_000 });
    const first = await pay(userToken, account.id, 'attempt-1');
    expect(await pay(userToken, account.id, 'attempt-1')).toMatchObject({ id: first.id });
    expect(first).toMatchObject({ status: 'READY', amountCents: 2590, final: false });
    await sandbox.controls.advanceClock(1_000);
    expect(await akahu.getPayment(userToken, first.id)).toMatchObject({
      status: 'SENT',
      final: true,
      statusCode: null,
    });
    const hook = hooks.list.find((h) => h.body.includes('"UPDATE"'))!;
    await expect(akahu.verifyWebhook(hook.headers, hook.body)).resolves.toMatchObject({
      item_id: first.id,
      state: 'user-42',
    });
    await expect(akahu.verifyWebhook(hook.headers, hook.body.replace('SENT', 'ERROR'))).rejects.toMatchObject(
      {
        kind: 'invalid_signature',
      },
    );
  });

  it('reports failure codes, revoked consent and an unavailable provider as ProviderError kinds', async () => {
    const { userToken, account } = await member();
    sandbox.controls.akahu.failNextPayment(account.id, 'INSUFFICIENT_FUNDS');
    const failed = await pay(userToken, account.id, 'attempt-2');
    await sandbox.controls.advanceClock(1_000);
    expect(await akahu.getPayment(userToken, failed.id)).toMatchObject({
      status: 'DECLINED',
      statusCode: 'INSUFFICIENT_FUNDS',
    });

    sandbox.controls.faults.inject('akahu', { status: 503 });
    const unavailable = await pay(userToken, account.id, 'attempt-3').catch((e: unknown) => e);
    expect(unavailable).toBeInstanceOf(ProviderError);
    expect(unavailable).toMatchObject({ kind: 'unavailable', status: 503 });

    await akahu.revoke(userToken);
    await expect(akahu.listAccounts(userToken)).rejects.toMatchObject({
      provider: 'akahu',
      kind: 'unauthorized',
    });
  });
});
