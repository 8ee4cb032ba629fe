// Staff actions on a membership (spec sections 4 and 7, BILLING.md), on demo members of Kōwhai Fitness
// found through the API: pause one and see the card turn amber; cancel another and undo it; schedule a
// price change after reading the member's email; record a cash part payment and then the rest that clears
// the balance; and a bulk price change over a filtered set, followed to its end. Every dialog says what
// will happen first.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, PAGE_HEADERS, signInWithApi, startingWith, switchToOrganisation } from './helpers';
import { STAFF_URL } from './playwright.config';

const FIRST_LOAD = { timeout: 30_000 };
const ORGANISATION = 'Kōwhai';

interface Listed {
  id: number;
  name: string;
  subscription: {
    id: number;
    state: string;
    balance_owing: number;
    price: { id: number; billing_frequency: string };
  } | null;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${STAFF_URL}${path}`, { headers: PAGE_HEADERS });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

interface Actions {
  is_term_membership: boolean;
  pause: unknown;
  scheduled_price_change: unknown;
  can: Record<string, boolean>;
}

/** Active flexi members with nothing booked, from the end of the list (other specs look at the first). */
async function plainActiveMembers(page: Page, count: number): Promise<Listed[]> {
  const { data } = await getJson<{ data: Listed[] }>(page, '/api/members?state=active&per_page=100');
  const found: Listed[] = [];
  for (const member of [...data].reverse()) {
    if (!member.subscription) continue;
    const { data: actions } = await getJson<{ data: Actions }>(
      page,
      `/api/subscriptions/${member.subscription.id}/actions`,
    );
    if (actions.is_term_membership || actions.pause || actions.scheduled_price_change || !actions.can.pause)
      continue;
    found.push(member);
    if (found.length === count) return found;
  }
  throw new Error(`only ${found.length} plain active members`);
}

/** Today in Auckland, and a later day, as the date inputs take them. */
const aucklandDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

interface PriceChoice {
  id: number;
  billing_frequency: string;
  formatted_amount: string;
  offering: { name: string };
}

/** A price the member could move to (the server's own check says so), as its choice starts. */
async function priceOfferedTo(page: Page, subscriptionId: number): Promise<string> {
  const { data: actions } = await getJson<{ data: { price: { id: number; billing_frequency: string } } }>(
    page,
    `/api/subscriptions/${subscriptionId}/actions`,
  );
  const me = await getJson<{ data: { current_organisation: { id: number } } }>(page, '/api/me');
  const { data: prices } = await getJson<{ data: PriceChoice[] }>(
    page,
    `/api/organisations/${me.data.current_organisation.id}/prices?per_page=100`,
  );
  for (const price of prices) {
    if (price.id === actions.price.id || price.billing_frequency !== actions.price.billing_frequency)
      continue;
    const answer = await page.request.post(`${STAFF_URL}/api/subscriptions/change-price-email-preview`, {
      headers: PAGE_HEADERS,
      data: { subscription_id: subscriptionId, price_id: price.id },
    });
    if (answer.status() === 200) return `${price.offering.name}: ${price.formatted_amount}`;
  }
  throw new Error('no other price is offered to this member');
}

const membership = (page: Page) => page.getByRole('region', { name: 'Subscription actions' });

test.beforeEach(async ({ page }) => {
  // Each test walks several screens on a shared, busy machine: three times the usual time.
  test.slow();
  await signInWithApi(page, DEMO.admin);
  await switchToOrganisation(page, ORGANISATION);
});

test('pause, cancel and undo, and a price change after reading the email', async ({ page }) => {
  const [paused, cancelled] = await plainActiveMembers(page, 2);

  // Pause from today for a week: the dialog says what happens first; then the card turns amber.
  await page.goto(`/members/${paused!.id}`);
  await expect(page.getByRole('heading', { name: paused!.name, level: 1 })).toBeVisible(FIRST_LOAD);
  await membership(page).getByRole('button', { name: 'Pause' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause membership' });
  await pause.getByLabel('First day paused').fill(aucklandDay());
  await pause.getByLabel('First day back').fill(aucklandDay(7));
  await pause.getByRole('button', { name: 'Review' }).click();
  await expect(pause.getByText('Value is required')).toBeVisible();
  await pause.getByRole('textbox', { name: 'Reason' }).fill('Away on holiday');
  await pause.getByRole('button', { name: 'Review' }).click();
  await expect(pause.getByText('Door access ends now and comes back on the first day back.')).toBeVisible();
  await expect(pause.getByText(/^The next payment is on /)).toBeVisible();
  await page.screenshot({ path: '/tmp/subscription-pause-review.png' });
  await pause.getByRole('button', { name: 'Pause membership' }).click();
  await expect(pause).toBeHidden();
  await expect(page.getByText('The membership is paused as planned.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Membership', exact: true })).toHaveAttribute(
    'data-card-colour',
    'amber',
    FIRST_LOAD,
  );
  await expect(membership(page).getByText(/^Paused from /)).toBeVisible();

  // Cancel, reading what happens to access first, then undo.
  await page.goto(`/members/${cancelled!.id}`);
  await expect(page.getByRole('heading', { name: cancelled!.name, level: 1 })).toBeVisible(FIRST_LOAD);
  await membership(page).getByRole('button', { name: 'Cancel membership' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel membership' });
  await cancel.getByRole('button', { name: 'Review' }).click();
  await expect(cancel.getByText('Choose at least one reason')).toBeVisible();
  await cancel.getByLabel('Cost').check();
  await cancel.getByRole('button', { name: 'Review' }).click();
  await expect(cancel.getByText(/^Door access continues until the end of /)).toBeVisible();
  await expect(cancel.getByText(/^It can be undone until /)).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(cancel).toBeHidden();
  await expect(membership(page).getByText('Cancelled', { exact: true })).toBeVisible();
  await membership(page).getByRole('button', { name: 'Undo cancellation' }).click();
  const undo = page.getByRole('dialog', { name: 'Undo cancellation' });
  await expect(undo.getByText(/carries on as before/)).toBeVisible();
  await undo.getByRole('button', { name: 'Undo cancellation' }).click();
  await expect(undo).toBeHidden();
  await expect(membership(page).getByText('Active', { exact: true })).toBeVisible();

  // Schedule a price change after reading the email the member will get.
  await membership(page).getByRole('button', { name: 'Change price' }).click();
  const change = page.getByRole('dialog', { name: 'Change price' });
  const target = await priceOfferedTo(page, cancelled!.subscription!.id);
  await change.getByRole('combobox', { name: 'New price' }).click();
  await page.getByRole('option', { name: startingWith(target) }).click();
  await change.getByRole('button', { name: 'Review' }).click();
  const email = change.getByLabel('Email preview');
  await expect(email).toContainText('Your Kōwhai');
  // A price of the same offering: the price notice; of another: it names the new membership too.
  await expect(email).toContainText(/membership (price )?is changing/);
  await expect(email).toContainText(/from \$[\d.,]+ to \$[\d.,]+/);
  await page.screenshot({ path: '/tmp/subscription-price-email.png' });
  await change.getByRole('button', { name: 'Schedule price change' }).click();
  await expect(change).toBeHidden();
  await expect(membership(page).getByText(/^Price changes to \$[\d.,]+ from /)).toBeVisible();
  await expect(membership(page).getByRole('table', { name: 'Price-change history' })).toContainText(
    'scheduled',
  );
});

test('record a cash part payment, then the rest that clears the balance', async ({ page }) => {
  const { data: owing } = await getJson<{ data: Listed[] }>(page, '/api/members?owing=true&per_page=100');
  let chosen: { member: Listed; total: number } | null = null;
  for (const member of owing) {
    if (!member.subscription) continue;
    const { data: balance } = await getJson<{
      data: { payable: { cumulative: number }[]; in_flight: unknown[]; balance_owing: number };
    }>(page, `/api/subscriptions/${member.subscription.id}/balance`);
    const all = balance.payable.at(-1)?.cumulative ?? 0;
    if (balance.in_flight.length === 0 && all > 0 && all === balance.balance_owing) {
      chosen = { member, total: all };
      break;
    }
  }
  expect(chosen, 'a demo member owing money with nothing in flight').not.toBeNull();
  const { member, total } = chosen!;
  await page.goto(`/members/${member.id}`);
  await expect(page.getByRole('heading', { name: member.name, level: 1 })).toBeVisible(FIRST_LOAD);
  await expect(membership(page).getByText(/^Owing \$/)).toBeVisible();
  await membership(page).getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  const money = (cents: number) => `$${(cents / 100).toLocaleString('en-NZ', { minimumFractionDigits: 2 })}`;
  // First a part payment of another amount: grace continues, and the rest is still owing.
  const part = Math.max(1, Math.floor(total / 2));
  await dialog.getByRole('radio', { name: 'Other amount' }).check();
  await dialog.getByRole('textbox', { name: 'Other amount (NZD)' }).fill((part / 100).toFixed(2));
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(
    dialog.getByText(`${money(total - part)} will still be owing: grace continues until everything is paid.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Part payment of ${money(part)}; ${money(total - part)} still owing.`),
  ).toBeVisible();
  await expect(membership(page).getByText(/^Owing \$/)).toBeVisible();
  // Then the rest, as the one amount offered.
  await membership(page).getByRole('button', { name: 'Record payment' }).click();
  const full = money(total - part).slice(1);
  await dialog.getByRole('radio', { name: new RegExp(`^\\$${full.replace('.', '\\.')}:`) }).check();
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByText(/Nothing will be owed: grace ends/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Payment recorded').last()).toBeVisible();
  await expect(membership(page).getByText(/^Owing \$/)).toBeHidden();
  const { data: after } = await getJson<{ data: { balance_owing: number; state: string } }>(
    page,
    `/api/subscriptions/${member.subscription!.id}/actions`,
  );
  expect(after.balance_owing).toBe(0);
  expect(after.state).not.toBe('grace');
});

test('a bulk price change over a filtered set, with its progress', async ({ page }) => {
  // A price with active members at one gym, and another price that bills the same way.
  const { data: members } = await getJson<{ data: (Listed & { home_gym: { id: number } | null })[] }>(
    page,
    '/api/members?state=active&per_page=100',
  );
  const counts = new Map<string, number>();
  for (const m of members) {
    if (!m.subscription || !m.home_gym) continue;
    const key = `${m.subscription.price.id}:${m.home_gym.id}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const [priceId, gymId] = key.split(':').map(Number);
  const me = await getJson<{ data: { current_organisation: { id: number } } }>(page, '/api/me');
  const { data: prices } = await getJson<{ data: { id: number; billing_frequency: string }[] }>(
    page,
    `/api/organisations/${me.data.current_organisation.id}/prices?per_page=100`,
  );
  const from = prices.find((p) => p.id === priceId)!;
  expect(prices.some((p) => p.id !== priceId && p.billing_frequency === from.billing_frequency)).toBe(true);

  // The set chosen by price, gym and state sits in the address; the new price and date are chosen here.
  await page.goto(`/members/change-price?price=${priceId}&gym=${gymId}&state=active`);
  await expect(page.getByRole('heading', { name: 'Change prices' })).toBeVisible(FIRST_LOAD);
  // A price the set's gym offers (the server's own check on one of them says so).
  const sample = members.find((m) => m.subscription?.price.id === priceId && m.home_gym?.id === gymId)!;
  const target = await priceOfferedTo(page, sample.subscription!.id);
  await page.getByRole('combobox', { name: 'New price' }).click();
  await page.getByRole('option', { name: startingWith(target) }).click();
  await page.getByLabel('Takes effect on').fill(aucklandDay(60));
  await expect(page).toHaveURL(/new_price=\d+/);
  const table = page.getByRole('table', { name: 'Members the change reaches' });
  await expect(table.getByRole('row').nth(1)).toBeVisible(FIRST_LOAD);
  await expect(page.getByLabel('Email preview')).toContainText(/membership (price )?is changing/);
  const start = page.getByRole('button', { name: /^Change \d+ prices$/ });
  await expect(start).toBeEnabled();
  const count = Number((await start.textContent())!.match(/\d+/)![0]);
  expect(count).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/bulk-price-preview.png', fullPage: true });
  await start.click();
  const confirm = page.getByRole('dialog', { name: 'Change prices' });
  await expect(confirm.getByText(new RegExp(`^${count} members move to`))).toBeVisible();
  await confirm.getByRole('button', { name: 'Start the price change' }).click();
  await expect(page).toHaveURL(/job=\d+/);
  const progress = page.getByRole('status').filter({ has: page.getByRole('progressbar') });
  await expect(progress).toContainText('Price change done', FIRST_LOAD);
  // Every member the job took was changed. It takes the set as it stands when it starts: other walks
  // running beside this one may have added a member on the same price since the preview was read.
  await expect(progress).toContainText(/(\d+) of \1 members done: \1 changed/);
  const done = Number((await progress.textContent())!.match(/(\d+) of \d+ members done/)![1]);
  expect(done).toBeGreaterThanOrEqual(count);
  await page.screenshot({ path: '/tmp/bulk-price-done.png', fullPage: true });
});
