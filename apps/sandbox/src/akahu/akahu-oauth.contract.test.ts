// The official `akahu` SDK against the simulator: consent page, code exchange, accounts, revoke.
import type { AkahuClient } from 'akahu';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import {
  akahuClient,
  approveOnPage,
  authorizationUrl,
  connectUser,
  REDIRECT_URI,
} from '../test/akahu-helpers';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

let sandbox: RunningSandbox;
let receiver: WebhookReceiver;
let akahu: AkahuClient;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox({ webhookTargets: { akahu: receiver.url } });
  akahu = akahuClient(sandbox);
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  sandbox.controls.reset();
  receiver.clear();
});

describe('authorisation page', () => {
  it('is where buildAuthorizationUrl points, with labelled choices', async () => {
    const url = new URL(authorizationUrl(sandbox, akahu, 'abc'));
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('client_id')).toBe('app_token_sandbox');
    expect(url.searchParams.get('scope')).toBe('ENDURING_CONSENT');
    const page = await (await fetch(url)).text();
    expect(page).toContain('<legend>Choose your bank</legend>');
    expect(page).toMatch(/<label for="email">Email address<\/label>/);
    expect(page).toContain('Demo Bank');
  });

  it('redirects back with a code and the state on Approve', async () => {
    const back = await approveOnPage(sandbox, akahu, { state: 'xyz-1' });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('xyz-1');
    expect(back.searchParams.get('code')).toMatch(/^id_/);
  });

  it('redirects back with error=access_denied on Decline', async () => {
    const back = await approveOnPage(sandbox, akahu, { state: 's', decision: 'decline' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses an unknown client_id with an error page instead of a redirect', async () => {
    const url = new URL(authorizationUrl(sandbox, akahu, 'abc'));
    url.searchParams.set('client_id', 'not-an-app');
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('role="alert"');
  });
});

describe('token exchange and accounts', () => {
  it('exchanges the code for a user token and lists the chosen accounts', async () => {
    const back = await approveOnPage(sandbox, akahu, { accounts: ['everyday', 'savings'] });
    const token = await akahu.auth.exchange(back.searchParams.get('code')!, REDIRECT_URI);
    expect(token).toMatchObject({ token_type: 'bearer', scope: 'ENDURING_CONSENT' });
    expect(token.access_token).toMatch(/^user_token_/);

    const accounts = await akahu.accounts.list(token.access_token);
    expect(accounts).toHaveLength(2);
    const everyday = accounts.find((a) => a.name.endsWith('Everyday'))!;
    expect(everyday._id).toMatch(/^acc_/);
    expect(everyday.status).toBe('ACTIVE');
    expect(everyday.formatted_account).toMatch(/^\d{2}-\d{4}-\d{7}-\d{2}$/);
    expect(everyday.attributes).toContain('PAYMENT_FROM');
    expect(everyday.connection).toMatchObject({ name: 'Demo Bank' });
    expect(everyday.balance?.currency).toBe('NZD');
    expect(accounts.find((a) => a.type === 'SAVINGS')?.attributes).not.toContain('PAYMENT_FROM');
    expect(await akahu.accounts.get(token.access_token, everyday._id)).toMatchObject({ _id: everyday._id });
    expect((await akahu.users.get(token.access_token)).email).toBe('member@example.nz');
    await expect(akahu.accounts.refreshAll(token.access_token)).resolves.toBeUndefined();
  });

  it('refuses a code twice, a wrong redirect_uri and a wrong app secret', async () => {
    const back = await approveOnPage(sandbox, akahu);
    const code = back.searchParams.get('code')!;
    await expect(akahu.auth.exchange(code, 'http://elsewhere.test/cb')).rejects.toMatchObject({
      status: 400,
    });
    const wrongSecret = akahuClient(sandbox, 'app_token_sandbox', 'nope');
    await expect(wrongSecret.auth.exchange(code, REDIRECT_URI)).rejects.toMatchObject({
      status: 401,
      message: 'Client authentication failed.',
    });
    await akahu.auth.exchange(code, REDIRECT_URI);
    await expect(akahu.auth.exchange(code, REDIRECT_URI)).rejects.toMatchObject({
      isAkahuError: true,
      status: 400,
      message: 'The authorization code is invalid or has already been used.',
    });
  });

  it('lets codes expire', async () => {
    const back = await approveOnPage(sandbox, akahu);
    await sandbox.controls.advanceClock(11 * 60_000);
    await expect(akahu.auth.exchange(back.searchParams.get('code')!, REDIRECT_URI)).rejects.toMatchObject({
      status: 400,
    });
  });

  it('rejects bad credentials with the API error shape', async () => {
    await expect(akahu.accounts.list('user_token_forged')).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
    const { token } = await connectUser(sandbox, akahu);
    const otherApp = akahuClient(sandbox, 'app_token_othergym', 'app_secret_othergym');
    await expect(otherApp.accounts.list(token)).rejects.toMatchObject({ status: 401 });
  });

  it('revokes the token (DELETE /token): calls fail and TOKEN DELETE is sent', async () => {
    const { token } = await connectUser(sandbox, akahu);
    await akahu.webhooks.subscribe(token, { webhook_type: 'TOKEN', state: 'member-42' });
    await akahu.auth.revoke(token);
    await expect(akahu.accounts.list(token)).rejects.toMatchObject({ status: 401 });
    await sandbox.controls.settle();
    expect(receiver.received.map((r) => r.json)).toEqual([
      { webhook_type: 'TOKEN', webhook_code: 'DELETE', state: 'member-42', item_id: token },
    ]);
  });
});
