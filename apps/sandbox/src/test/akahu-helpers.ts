// Shared steps for the Akahu contract tests: an SDK client on the simulator, and the consent dance
// driven through the real page with fetch.
import { AkahuClient } from 'akahu';
import type { RunningSandbox } from '../index';
import { parseForm, submit } from './html-form';

export const REDIRECT_URI = 'http://join.localhost:3000/connect-akahu';

export function akahuClient(
  sandbox: RunningSandbox,
  appToken = 'app_token_sandbox',
  appSecret = 'app_secret_sandbox',
) {
  const url = new URL(sandbox.akahu.url);
  return new AkahuClient({
    appToken,
    appSecret,
    protocol: 'http',
    host: url.hostname,
    port: Number(url.port),
  });
}

export function authorizationUrl(sandbox: RunningSandbox, client: AkahuClient, state: string): string {
  const url = new URL(sandbox.akahu.url);
  return client.auth.buildAuthorizationUrl({
    protocol: 'http',
    host: url.hostname,
    port: Number(url.port),
    redirect_uri: REDIRECT_URI,
    state,
  });
}

/** GET the page, choose a bank, tick accounts, press Approve; returns the redirect location. */
export async function approveOnPage(
  sandbox: RunningSandbox,
  client: AkahuClient,
  options: { state?: string; email?: string; accounts?: string[]; decision?: 'approve' | 'decline' } = {},
): Promise<URL> {
  const first = await fetch(authorizationUrl(sandbox, client, options.state ?? 'state-123'));
  const bankForm = parseForm(await first.text());
  const withEmail = bankForm.fields.filter(([k]) => k !== 'email');
  const second = await submit(sandbox.akahu.url, { ...bankForm, fields: withEmail }, [
    ['email', options.email ?? 'member@example.nz'],
  ]);
  const accountForm = parseForm(await second.text());
  const fields = accountForm.fields.filter(([k]) => k !== 'accounts[]');
  const accounts = (options.accounts ?? ['everyday']).map((a): [string, string] => ['accounts[]', a]);
  const response = await submit(sandbox.akahu.url, { ...accountForm, fields }, [
    ...accounts,
    ['decision', options.decision ?? 'approve'],
  ]);
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(location);
}

/** A user token with the chosen accounts (default: the Everyday account). */
export async function connectUser(sandbox: RunningSandbox, client: AkahuClient, accounts?: string[]) {
  const back = await approveOnPage(sandbox, client, { accounts });
  const { access_token } = await client.auth.exchange(back.searchParams.get('code')!, REDIRECT_URI);
  const list = await client.accounts.list(access_token);
  return { token: access_token, accounts: list };
}
