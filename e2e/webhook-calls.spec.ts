// The webhook calls screen (spec sections 2 and 7, GET /api/webhook-calls): a Stripe event about one of
// the organisation's gyms arrives, signed as the Stripe simulator signs it; an organisation admin finds
// it, filters by provider and status, and reads its body. Forged calls belong to no organisation, so
// they never show. Gym admins are kept out.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { SANDBOX_DEFAULTS } from '../apps/sandbox/src/index';
import { stripeSignatureHeader } from '../apps/sandbox/src/stripe/events';
import { formatDateTime } from '../packages/domain/src/format';
import { DEMO, PAGE_HEADERS, signInWithApi, switchToOrganisation } from './helpers';
import { STAFF_URL } from './playwright.config';

const STRIPE_WEBHOOK = `${STAFF_URL}/api/webhooks/stripe`;

/** The connected Stripe account of one of the current organisation's gyms (from the demo data). */
async function gymStripeAccount(page: Page): Promise<string> {
  const list = await page.request.get(`${STAFF_URL}/api/gyms`, { headers: PAGE_HEADERS });
  expect(list.status()).toBe(200);
  const [first] = ((await list.json()) as { data: { id: number }[] }).data;
  const detail = await page.request.get(`${STAFF_URL}/api/gyms/${first!.id}`, { headers: PAGE_HEADERS });
  expect(detail.status()).toBe(200);
  const account = ((await detail.json()) as { data: { stripe_id: string | null } }).data.stripe_id;
  expect(account, 'a demo gym with a Stripe account').toBeTruthy();
  return account!;
}

/** An `account.updated` event of the gym's connected account, as Stripe sends it. */
function accountUpdated(eventId: string, account: string) {
  return JSON.stringify(
    {
      id: eventId,
      object: 'event',
      account,
      api_version: SANDBOX_DEFAULTS.stripeApiVersion,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: account, object: 'account', charges_enabled: true, payouts_enabled: true },
        previous_attributes: { payouts_enabled: false },
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'account.updated',
    },
    null,
    2,
  );
}

/**
 * The app's clock, which Stripe signatures are judged against (5 minutes either way). The sandbox clock
 * may have been moved forward (another spec moves it), so a signature dated by this machine's clock would
 * be stale.
 */
async function appNow(page: Page): Promise<Date> {
  const clock = await page.request.get(`${STAFF_URL}/api/dev/clock`, { headers: PAGE_HEADERS });
  expect(clock.status()).toBe(200);
  return new Date(((await clock.json()) as { data: { now: string } }).data.now);
}

async function deliver(page: Page, body: string, signature: string) {
  const response = await page.request.post(STRIPE_WEBHOOK, {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    data: body,
  });
  return { status: response.status(), body: (await response.json()) as { status: string } };
}

const uniqueEventId = () => `evt_e2e${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

test('an organisation admin finds a Stripe webhook, filters the calls and reads its body', async ({
  page,
}) => {
  await signInWithApi(page, DEMO.admin);
  await switchToOrganisation(page, 'Southern Strength');
  const account = await gymStripeAccount(page);

  // The event, then Stripe delivering it again, then a forgery with a signature that does not hold.
  const eventId = uniqueEventId();
  const body = accountUpdated(eventId, account);
  const signature = async () =>
    stripeSignatureHeader(SANDBOX_DEFAULTS.stripeWebhookSecret, body, await appNow(page));
  expect(await deliver(page, body, await signature())).toEqual({
    status: 200,
    body: { received: true, status: 'processed' },
  });
  expect(await deliver(page, body, await signature())).toEqual({
    status: 200,
    body: { received: true, status: 'duplicate' },
  });
  const forgedId = uniqueEventId();
  const forged = await deliver(
    page,
    accountUpdated(forgedId, account),
    `t=${Math.floor((await appNow(page)).getTime() / 1000)},v1=${'0'.repeat(64)}`,
  );
  expect(forged.status).toBe(400);
  expect(forged.body.status).toBe('rejected');

  const listed = await page.request.get(`${STAFF_URL}/api/webhook-calls?provider=stripe&per_page=100`, {
    headers: PAGE_HEADERS,
  });
  const calls = ((await listed.json()) as { data: { external_id: string; received_at: string }[] }).data;
  const processedAt = calls.filter((call) => call.external_id === eventId).at(-1)!.received_at;

  await page.goto('/webhook-calls');
  await expect(page.getByRole('heading', { name: 'Webhook calls', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Webhook calls' });
  const ours = table.getByRole('row').filter({ hasText: eventId });
  await expect(ours).toHaveCount(2);
  // Newest first: the redelivery, then the call that processed the event.
  await expect(ours.nth(1).getByRole('cell')).toHaveText([
    formatDateTime(new Date(processedAt)),
    'Stripe',
    'Card payments account updatedaccount.updated',
    eventId,
    'Processed',
    // account.updated is acted on now (issue 30: whether the gym's account can still charge).
    '--',
  ]);
  await expect(ours.nth(0).getByRole('cell').nth(4)).toHaveText('Duplicate');
  await expect(ours.nth(0).getByRole('cell').nth(5)).toHaveText(/^already processed as call \d+$/);
  await expect(table.getByRole('row').filter({ hasText: forgedId })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/webhook-calls.png', fullPage: true });

  // Filters go into the address, and the server answers for them.
  const provider = page.getByRole('radiogroup', { name: 'Provider' });
  const status = page.getByRole('radiogroup', { name: 'Status' });
  await provider.getByText('Kisi', { exact: true }).click();
  await expect(page).toHaveURL(/\/webhook-calls\?provider=kisi$/);
  await expect(ours).toHaveCount(0);
  await provider.getByText('Stripe', { exact: true }).click();
  await expect(page).toHaveURL(/\/webhook-calls\?provider=stripe$/);
  await expect(ours).toHaveCount(2);
  await status.getByText('Rejected', { exact: true }).click();
  await expect(page).toHaveURL(/\/webhook-calls\?provider=stripe&status=rejected$/);
  await expect(page.getByText('No webhook calls match these filters')).toBeVisible();
  await status.getByText('Duplicate', { exact: true }).click();
  await expect(page).toHaveURL(/\/webhook-calls\?provider=stripe&status=duplicate$/);
  await expect(ours).toHaveCount(1);
  await page.reload();
  await expect(status.getByRole('radio', { name: 'Duplicate' })).toBeChecked();
  await expect(provider.getByRole('radio', { name: 'Stripe' })).toBeChecked();
  await expect(ours).toHaveCount(1);

  // The call opens with its body as received, indented, and its headers with the signature masked.
  await ours.getByRole('button', { name: 'Card payments account updated' }).click();
  const drawer = page.getByRole('dialog', { name: 'Stripe: Card payments account updated' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Duplicate', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Signature valid')).toBeVisible();
  const shown = drawer.getByLabel('Recorded body');
  await expect(shown).toContainText(`"id": "${eventId}"`);
  // The same event (stored as JSON, so its keys may come back in another order), two spaces a level.
  const text = await shown.innerText();
  expect(JSON.parse(text)).toEqual(JSON.parse(body));
  expect(text).toContain('\n  "type": "account.updated"');
  expect(text).toContain('\n    "object": {\n      "id": "');
  const headers = drawer.getByRole('table', { name: 'Headers' });
  await expect(headers.getByRole('row', { name: /^stripe-signature/ })).toHaveText(
    /^stripe-signaturet=\d+,v1=\[redacted\]$/,
  );
  await expect(headers.getByRole('row', { name: /^content-type/ })).toHaveText(
    'content-typeapplication/json',
  );
  await page.screenshot({ path: '/tmp/webhook-call-drawer.png' });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
});

test('a gym admin is kept from the webhook calls', async ({ page }) => {
  await signInWithApi(page, DEMO.gymAdmin);
  const answer = await page.request.get(`${STAFF_URL}/api/webhook-calls`, { headers: PAGE_HEADERS });
  expect(answer.status()).toBe(403);
  await page.goto('/webhook-calls');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('in the sandbox, an organisation admin sends a test event from a provider and sees it arrive', async ({
  page,
}) => {
  await signInWithApi(page, DEMO.admin);
  await switchToOrganisation(page, 'Southern Strength');
  await page.goto('/webhooks');
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

  for (const [provider, eventType] of [
    ['Stripe', 'Test event'],
    ['Akahu', 'Webhook test event'],
  ] as const) {
    const card = page.getByRole('region', { name: provider });
    await expect(card.getByText('Registered', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: `Send test event from ${provider}` }).click();
    // The simulator's signed delivery reached this app, and the card's last call is that event.
    await expect(card.getByRole('status')).toHaveText(/^Test event .+ delivered: this app answered 200\.$/);
    await expect(
      card.getByText(new RegExp(`^Last call .*\\(${eventType.replace('.', '\\.')}\\)`)),
    ).toBeVisible();
    await expect(card.getByText('Processed', { exact: true })).toBeVisible();
  }
  await page.screenshot({ path: '/tmp/webhooks-test-event.png', fullPage: true });

  // The calls list has it too, for this organisation.
  await page.getByRole('region', { name: 'Stripe' }).getByRole('link', { name: 'All Stripe calls' }).click();
  await expect(page).toHaveURL(/\/webhook-calls\?provider=stripe$/);
  await expect(
    page
      .getByRole('table', { name: 'Webhook calls' })
      .getByRole('row')
      .filter({ hasText: 'sandbox.test_event' })
      .first(),
  ).toBeVisible();
});
