// The member's own account (issue 24), on a phone: a member in grace pays what is owed from their account
// on the join site, and the doors follow. The member is this test's own, put in grace by the product's
// own paths on today's clock (no demo member another spec might pick, no clock moved): staff add them
// with a start a few days ahead, they finish joining by card, the card simulator is told to decline one
// charge, and staff start the membership early, whose pro-rata charge fails and starts grace (BILLING.md).
// The member then signs in, sees what is owed, pays it with the same card, and staff see grace cleared
// and door access on, in the same minute.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { seriousViolations } from './accessibility';
import { DEMO_PASSWORD } from './fixtures';
import { DEMO, field, finishJoiningByCard, PAGE_HEADERS, uniqueEmail, waitForMail } from './helpers';
import { MEMBER_URL, SANDBOX_STRIPE_URL, STAFF_URL } from './playwright.config';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

interface Actions {
  state: string;
  card_colour: string;
  balance_owing: number;
  formatted_balance_owing: string;
  grace_period_ends_at: string | null;
}

interface AccessControl {
  should_have_access: boolean;
  has_access: boolean;
}

async function staffGet<T>(staff: APIRequestContext, path: string): Promise<T> {
  const response = await staff.get(`${STAFF_URL}${path}`, { headers: PAGE_HEADERS });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function staffPost<T>(staff: APIRequestContext, path: string, data: unknown, status = 200): Promise<T> {
  const response = await staff.post(`${STAFF_URL}${path}`, { headers: PAGE_HEADERS, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

/** YYYY-MM-DD of a day from today on the Auckland calendar. */
function aucklandDay(daysFromToday: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + daysFromToday);
  return date.toISOString().slice(0, 10);
}

/**
 * A gym of Southern Strength that takes cards, and a weekly-or-longer price it offers. Not Kōwhai Fitness:
 * the specs that pick a demo member who owes (check-in, subscription actions) look there, and this
 * member owes for a few seconds.
 */
async function cardGymAndPrice(staff: APIRequestContext): Promise<{ gymId: number; priceId: number }> {
  const before = await staffGet<{ organisations: { id: number; name: string }[] }>(staff, '/api/me');
  const southern = before.organisations.find((o) => o.name.startsWith('Southern Strength'));
  expect(southern, 'the demo admin is an admin of Southern Strength').toBeTruthy();
  await staffPost(staff, `/api/organisations/${southern!.id}/switch`, {});
  const me = await staffGet<{ gyms: { id: number }[] }>(staff, '/api/me');
  const ours = new Set(me.gyms.map((g) => g.id));
  const options = await staffGet<{ gyms: { id: number; uuid: string; takes_cards: boolean }[] }>(
    staff,
    '/api/register/options',
  );
  for (const gym of options.gyms) {
    if (!gym.takes_cards || !ours.has(gym.id)) continue;
    const { prices } = await staffGet<{ prices: { id: number; billing_frequency: string }[] }>(
      staff,
      `/api/register/options?gym=${gym.uuid}`,
    );
    // Starting early brings the start forward by less than one period: not a daily or one-off price.
    const price = prices.find((p) => !['one_off', 'daily'].includes(p.billing_frequency));
    if (price) return { gymId: gym.id, priceId: price.id };
  }
  throw new Error('no gym of the demo admin takes cards and offers a weekly or longer membership');
}

test('a member in grace pays what is owed on their account, and the doors open again', async ({
  page,
  request: staff,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('grace');
  const password = 'kauri-grove-morning';

  // Staff add the member, starting in three days; they finish joining on the join site.
  const login = await staff.post(`${STAFF_URL}/api/login`, {
    headers: PAGE_HEADERS,
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { gymId, priceId } = await cardGymAndPrice(staff);
  const since = new Date(Date.now() - 1000);
  const member = await staffPost<{ id: number }>(
    staff,
    '/api/members',
    {
      // Last in every list by name (the specs that take a demo member take the first few).
      name: 'Zora Grace',
      email,
      mobile_number: '021 555 0191',
      gym_id: gymId,
      price_id: priceId,
      start_date: aucklandDay(3),
    },
    201,
  );
  await waitForMail(staff, email, /^Finish joining /, since);
  // A member staff added has no password yet: they choose one through "Forgot your password?".
  const forgot = await staff.post(`${STAFF_URL}/api/forgot-password`, {
    headers: PAGE_HEADERS,
    data: { email },
  });
  expect(forgot.status()).toBe(200);
  const reset = await waitForMail(staff, email, /^Reset your password$/, since);
  const token = new URL(reset.text.match(/https?:\/\/\S+reset-password\S+/)![0]).searchParams.get('token')!;
  const chosen = await staff.post(`${STAFF_URL}/api/reset-password`, {
    headers: PAGE_HEADERS,
    data: { token, email, password, password_confirmation: password },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);

  // The member signs in on the join site and finishes joining by card (nothing is charged before the start).
  await page.goto(`${MEMBER_URL}/`);
  await page.getByRole('button', { name: 'Already a member? Sign in' }).click();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/take-photo/, { timeout: 30_000 });
  await finishJoiningByCard(page, 'Zora Grace');

  // The card declines its next charge; staff start the membership today, and that charge fails: grace.
  const subscriptionId = (
    await staffGet<{ latest_subscription: { id: number } | null }>(staff, `/api/members/${member.id}`)
  ).latest_subscription!.id;
  const staged = await staff.post(`${SANDBOX_STRIPE_URL}/__sandbox/fail-card-charges`, {
    data: { email, code: 'insufficient_funds', times: 1 },
  });
  expect(staged.status(), await staged.text()).toBe(200);
  await staffPost(staff, `/api/subscriptions/${subscriptionId}/start-early`, {});
  const inGrace = await staffGet<Actions>(staff, `/api/subscriptions/${subscriptionId}/actions`);
  expect(inGrace).toMatchObject({ state: 'grace', card_colour: 'amber' });
  expect(inGrace.balance_owing).toBeGreaterThan(0);
  expect(inGrace.grace_period_ends_at).not.toBeNull();
  const owed = inGrace.formatted_balance_owing;

  // On their account: the card is amber, payment overdue, and what is owed is there to pay.
  await page.goto(`${MEMBER_URL}/account`);
  await expect(page.locator('[aria-label="Membership card, amber"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Payment overdue')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: owed }).first()).toBeVisible();
  await page.getByRole('link', { name: `Pay ${owed} now` }).click();
  await expect(page).toHaveURL(/\/account\/pay$/);
  await expect(page.getByText(`You owe ${owed}.`)).toBeVisible();
  await expect(page.getByText(/It will be paid by .*4242/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, 'pay what is owed')).toEqual([]);

  // They pay with the same card: nothing is owed any more, and the doors open.
  await page.getByRole('button', { name: `Pay ${owed} now` }).click();
  const paid = page.getByRole('status').filter({ hasText: 'Payment sent' });
  await expect(paid).toContainText('Thank you: nothing is owed any more.');
  await expect(paid).toContainText('Your tag opens the doors');
  expect(await seriousViolations(page, 'paid what was owed')).toEqual([]);
  await page.getByRole('link', { name: 'Back to my membership' }).click();
  await expect(page.locator('[aria-label="Membership card, green"]')).toBeVisible();
  await expect(page.getByTestId('door-access')).toHaveText('Your tag opens the doors');
  await expect(page.getByRole('link', { name: /^Pay .* now$/ })).toBeHidden();

  // Staff see grace cleared and the member's doors open, in the same minute.
  const after = await staffGet<Actions>(staff, `/api/subscriptions/${subscriptionId}/actions`);
  expect(after).toMatchObject({ state: 'active', card_colour: 'green', balance_owing: 0 });
  expect(after.grace_period_ends_at).toBeNull();
  const access = await staffGet<AccessControl>(staff, `/api/members/${member.id}/access-control`);
  expect(access).toMatchObject({ has_access: true, should_have_access: true });
});
