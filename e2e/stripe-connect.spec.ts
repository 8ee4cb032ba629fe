// Connecting a gym to Stripe (spec section 7 "Card provider"): from the gym's page to the Stripe
// simulator's onboarding form and back to /stripe/callback, after which the gym shows as connected.
import { expect, type Page, test } from '@playwright/test';
import { currentUser, DEMO, PAGE_HEADERS, signInWithApi } from './helpers';
import { SANDBOX_STRIPE_URL, STAFF_URL } from './playwright.config';

/** Kōwhai Fitness has one gym, which no other spec changes. */
async function kowhaiGym(page: Page) {
  const organisation = (await currentUser(page)).organisations.find((o) => o.name.startsWith('Kōwhai'))!;
  const switched = await page.request.post(`${STAFF_URL}/api/organisations/${organisation.id}/switch`, {
    headers: PAGE_HEADERS,
  });
  expect(switched.status()).toBe(200);
  const response = await page.request.get(`${STAFF_URL}/api/gyms`, { headers: PAGE_HEADERS });
  expect(response.status()).toBe(200);
  const gyms = ((await response.json()) as { data: { id: number; name: string }[] }).data;
  expect(gyms).toHaveLength(1);
  return gyms[0]!;
}

test('an organisation admin connects a gym to Stripe and comes back to a connected gym', async ({ page }) => {
  await signInWithApi(page, DEMO.admin);
  const gym = await kowhaiGym(page);

  await page.goto('/gyms');
  await page.getByRole('article', { name: gym.name }).getByRole('link', { name: gym.name }).click();
  await expect(page.getByRole('heading', { name: gym.name, level: 1 })).toBeVisible();
  const payments = page.getByRole('region', { name: 'Card payments', exact: true });
  // The demo gym starts connected (the simulator is told its account at start-up)…
  await expect(payments.getByText('Connected', { exact: true })).toBeVisible();
  // …until Stripe loses the account: then the page says so and offers to connect again.
  const stored = await page.request.get(`${STAFF_URL}/api/gyms/${gym.id}/stripe`, { headers: PAGE_HEADERS });
  const storedId = ((await stored.json()) as { data: { stripe_id: string } }).data.stripe_id;
  const forgot = await page.request.delete(`${SANDBOX_STRIPE_URL}/__sandbox/accounts/${storedId}`);
  expect(((await forgot.json()) as { forgotten: boolean }).forgotten).toBe(true);
  await page.reload();
  await expect(
    payments.getByText('Stripe no longer knows the stored account.', { exact: false }),
  ).toBeVisible();
  await payments.getByRole('button', { name: 'Connect Stripe' }).click();

  await expect(page).toHaveURL(/\/connect\/onboarding\//);
  await expect(page.getByRole('heading', { name: 'Set up card payments' })).toBeVisible();
  await page.getByLabel('Business name').fill(`${gym.name} Ltd`);
  await page.getByRole('button', { name: 'Agree and finish' }).click();

  await expect(page).toHaveURL(new RegExp(`/stripe/callback\\?gym_id=${gym.id}&state=`));
  await expect(page.getByRole('heading', { name: 'Connecting card payments', level: 1 })).toBeVisible();
  await expect(page.getByText('Stripe is connected')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the gym' }).click();

  await expect(page).toHaveURL(new RegExp(`/gyms/${gym.id}$`));
  await expect(payments.getByText('Connected', { exact: true })).toBeVisible();
  await expect(payments.getByText(/^Stripe account acct_/)).toBeVisible();
  await expect(payments.getByRole('button', { name: 'Connect Stripe' })).toHaveCount(0);
});
