// A failing provider: the simulated 5xx and timeout controls surface as each SDK's own error types.
import { AkahuClient } from 'akahu';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from './index';
import { stripeClient } from './test/stripe-helpers';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.controls.reset());

const akahu = (timeout?: number) => {
  const url = new URL(sandbox.akahu.url);
  return new AkahuClient({
    appToken: 'app_token_sandbox',
    appSecret: 'app_secret_sandbox',
    protocol: 'http',
    host: url.hostname,
    port: Number(url.port),
    ...(timeout ? { timeout } : {}),
  });
};

describe('Stripe failures', () => {
  it('a 500 becomes StripeAPIError; with retries the SDK recovers', async () => {
    sandbox.controls.faults.inject('stripe', { status: 500 });
    await expect(stripeClient(sandbox).customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    sandbox.controls.faults.inject('stripe', { status: 503, count: 1 });
    const retrying = stripeClient(sandbox, { maxNetworkRetries: 2 });
    await expect(retrying.customers.create({ email: 'x@y.nz' })).resolves.toMatchObject({
      object: 'customer',
    });
  });

  it('a hung request becomes StripeConnectionError at the client timeout', async () => {
    sandbox.controls.faults.inject('stripe', { timeout: true, holdMs: 5_000 });
    await expect(stripeClient(sandbox, { timeout: 200 }).customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
  });
});

describe('Akahu failures', () => {
  it('a 503 becomes AkahuErrorResponse with the status', async () => {
    sandbox.controls.faults.inject('akahu', { status: 503, count: -1 });
    await expect(akahu().accounts.list('user_token_x')).rejects.toMatchObject({
      isAkahuError: true,
      status: 503,
    });
    sandbox.controls.faults.clear('akahu');
    await expect(akahu().accounts.list('user_token_x')).rejects.toMatchObject({ status: 401 });
  });

  it('a hung request becomes the network error axios raises (no response)', async () => {
    sandbox.controls.faults.inject('akahu', { timeout: true, holdMs: 5_000 });
    const error = await akahu(200)
      .accounts.list('user_token_x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ isAxiosError: true, code: 'ECONNABORTED' });
    expect((error as { response?: unknown }).response).toBeUndefined();
  });
});

describe('Kisi failures and the control endpoints', () => {
  it('answers 500 in the Kisi shape while /__sandbox stays reachable', async () => {
    await fetch(`${sandbox.kisi.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500, count: 1 }),
    });
    const failed = await fetch(`${sandbox.kisi.url}/places`, {
      headers: { authorization: 'KISI-LOGIN kisi_sandbox_api_key' },
    });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: expect.any(String), code: '500' });
    const ok = await fetch(`${sandbox.kisi.url}/places`, {
      headers: { authorization: 'KISI-LOGIN kisi_sandbox_api_key' },
    });
    expect(ok.status).toBe(200);
    const clock = (await (await fetch(`${sandbox.kisi.url}/__sandbox/clock`)).json()) as {
      offset_ms: number;
    };
    expect(clock.offset_ms).toBe(0);
  });

  it('moves the shared clock over HTTP', async () => {
    const before = sandbox.controls.now().getTime();
    await fetch(`${sandbox.akahu.url}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 86_400_000 }),
    });
    expect(sandbox.controls.now().getTime() - before).toBeGreaterThanOrEqual(86_400_000);
  });
});
