// Offerings and prices as an organisation admin uses them (spec sections 3, 5 and 7): creating a Limited
// Hours offering with prices and hours, the form's field messages, editing, archiving and restoring a
// price, the refusal to delete a price members are on, private links, and the pro-rata calculator.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { currentUser, DEMO, field, PAGE_HEADERS, signInWithApi } from './helpers';
import { STAFF_URL } from './playwright.config';

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** A price's card on an offering's page, by its name ('$19.50 weekly'). */
const priceCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

interface ApiPrice {
  id: number;
  offering_id: number;
  formatted_amount: string;
  billing_frequency_label: string;
  subscriptions_count: number;
}

const priceName = (price: ApiPrice) =>
  `${price.formatted_amount} ${price.billing_frequency_label.toLowerCase()}`;

/** An offering made straight through the API, for specs about what comes after creating one. */
async function createOffering(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post(`${STAFF_URL}/api/offerings`, {
    headers: PAGE_HEADERS,
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number; prices: ApiPrice[] } }).data;
}

test('an admin creates a Limited Hours offering, fixes a field the server would refuse, and edits it', async ({
  page,
}) => {
  await signInWithApi(page, DEMO.admin);
  const gym = (await currentUser(page)).gyms[0]!;
  const name = unique('Early Birds');

  await page.goto('/offerings');
  await expect(page.getByRole('heading', { name: 'Offerings', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New offering' }).first().click();
  const form = page.getByRole('form', { name: 'New offering' });
  await field(page, 'Name').fill(name);
  await form.getByLabel('Description').fill('Weekday mornings and Saturday late mornings.');
  await form.getByRole('radio', { name: 'Limited Hours' }).check();
  await form.getByRole('checkbox', { name: 'Hours mandated' }).check();
  await form.getByRole('checkbox', { name: gym.name }).check();

  await form.getByRole('button', { name: 'Add a day' }).click();
  await form.getByRole('button', { name: 'Add a day' }).click();
  for (const [index, day, open, close] of [
    [1, 'Monday', '06:00', '10:00'],
    [2, 'Saturday', '08:00', '12:30'],
  ] as const) {
    const row = form.getByRole('group', { name: `Opening hours ${index}` });
    await row.getByRole('combobox', { name: 'Day' }).selectOption({ label: day });
    await row.getByLabel('Opens at').fill(open);
    await row.getByLabel('Closes at').fill(close);
  }

  await form.getByRole('button', { name: 'Add a price' }).click();
  await form.getByRole('button', { name: 'Add a price' }).click();
  const weekly = form.getByRole('group', { name: 'Price 1' });
  await weekly.getByRole('textbox', { name: 'Amount', exact: true }).fill('19.50');
  await weekly.getByRole('combobox', { name: 'Billing frequency' }).selectOption({ label: 'Weekly' });
  await weekly.getByRole('textbox', { name: 'Joining fee', exact: true }).fill('25');
  const monthly = form.getByRole('group', { name: 'Price 2' });
  await monthly.getByRole('textbox', { name: 'Amount', exact: true }).fill('79');
  await monthly.getByRole('combobox', { name: 'Billing frequency' }).selectOption({ label: 'Monthly' });
  await monthly.getByRole('textbox', { name: 'Term amount', exact: true }).fill('12');

  await page.screenshot({ path: '/tmp/offerings-form.png', fullPage: true });
  // A term amount without its unit: the message sits beside the unit, which is scrolled into view.
  await form.getByRole('button', { name: 'Create offering' }).click();
  const termUnit = monthly.getByRole('combobox', { name: 'Term unit' });
  await expect(monthly.getByText('Please select a term unit')).toBeVisible();
  await expect(termUnit).toHaveAttribute('aria-invalid', 'true');
  await expect(termUnit).toBeInViewport();
  await expect(page).toHaveURL(/\/offerings\/create$/);
  await page.screenshot({ path: '/tmp/offerings-form-error.png' });

  await termUnit.selectOption({ label: 'Months' });
  await expect(monthly.getByText('Please select a term unit')).toHaveCount(0);
  await form.getByRole('button', { name: 'Create offering' }).click();
  await expect(page).toHaveURL(/\/offerings\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const hours = page.getByRole('table', { name: 'Opening hours' });
  await expect(hours.getByRole('row', { name: 'Monday 6:00 am 10:00 am' })).toBeVisible();
  await expect(hours.getByRole('row', { name: 'Saturday 8:00 am 12:30 pm' })).toBeVisible();
  await expect(priceCard(page, '$19.50 weekly')).toContainText('$25.00');
  await expect(priceCard(page, '$79.00 monthly')).toContainText('12 months');
  await page.screenshot({ path: '/tmp/offerings-show.png', fullPage: true });

  // Edit: a new name, and the page shows it.
  const renamed = `${name} (weekdays)`;
  await page.getByRole('link', { name: 'Edit offering' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}`, level: 1 })).toBeVisible();
  await field(page, 'Name').fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();

  // The list shows it with its type label, gym and number of prices.
  await page.goto('/offerings');
  const row = page.getByRole('row', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) });
  await expect(row).toContainText('Limited Hours');
  await expect(row).toContainText(gym.name);
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await page.screenshot({ path: '/tmp/offerings-list.png', fullPage: true });
});

test('an admin archives and restores a price, copies a private link and archives the offering', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: STAFF_URL });
  await signInWithApi(page, DEMO.admin);
  const name = unique('Lunchtime Lifters');
  const offering = await createOffering(page, {
    name,
    type: '24_7',
    all_gyms_access: true,
    prices: [
      { amount: 1950, billing_frequency: 'weekly', joining_fee: 2500 },
      { amount: 7900, billing_frequency: 'monthly', term_amount: 12, term_unit: 'months' },
    ],
  });

  // Archive a price, then restore it.
  await page.goto(`/offerings/${offering.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await priceCard(page, '$19.50 weekly').getByRole('button', { name: 'Archive' }).click();
  await page
    .getByRole('dialog', { name: 'Archive $19.50 weekly?' })
    .getByRole('button', { name: 'Archive price' })
    .click();
  const archived = page.getByRole('region', { name: 'Archived prices' });
  await expect(archived.getByRole('article', { name: '$19.50 weekly' })).toContainText('Archived');
  await priceCard(page, '$19.50 weekly').getByRole('button', { name: 'Restore' }).click();
  await page
    .getByRole('dialog', { name: 'Restore $19.50 weekly?' })
    .getByRole('button', { name: 'Restore price' })
    .click();
  await expect(archived).toHaveCount(0);
  await expect(priceCard(page, '$19.50 weekly').getByRole('button', { name: 'Archive' })).toBeVisible();

  // A private link with the age bypass, copied to the clipboard.
  const linked = priceCard(page, '$79.00 monthly');
  await linked.getByRole('checkbox', { name: /Age bypass/ }).check();
  await linked.getByRole('button', { name: 'Create private link' }).click();
  const link = linked.getByRole('textbox', { name: 'Private link 1' });
  await expect(link).toHaveValue(/price_link=/);
  await expect(linked.getByText('Age bypass', { exact: true })).toBeVisible();
  await linked.getByRole('button', { name: 'Copy link' }).click();
  await expect(linked.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

  // Archived, the offering can no longer be changed and moves to the archived list.
  await page.getByRole('button', { name: 'Archive offering' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive offering' }).click();
  await expect(page.getByText('This offering is archived', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit offering' })).toHaveCount(0);
  await page.goto('/offerings?archived=true');
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test('a price members are on offers archive, not delete; the server refuses a delete', async ({ page }) => {
  await signInWithApi(page, DEMO.admin);
  const organisationId = (await currentUser(page)).current_organisation!.id;
  const answer = await page.request.get(`${STAFF_URL}/api/organisations/${organisationId}/prices`, {
    headers: PAGE_HEADERS,
    params: { per_page: 100 },
  });
  const prices = ((await answer.json()) as { data: ApiPrice[] }).data;
  // A price with members whose name no other price of its offering shares.
  const inUse = prices.find(
    (price) =>
      price.subscriptions_count > 0 &&
      prices.filter((p) => p.offering_id === price.offering_id && priceName(p) === priceName(price))
        .length === 1,
  );
  expect(inUse, 'a demo price with subscriptions').toBeDefined();

  await page.goto(`/offerings/${inUse!.offering_id}`);
  const card = priceCard(page, priceName(inUse!));
  // Members are on it: archive is offered, delete is not (the server would answer 409).
  await expect(card.getByRole('button', { name: 'Archive' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  const refused = await page.request.delete(`${STAFF_URL}/api/prices/${inUse!.id}`, {
    headers: PAGE_HEADERS,
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(
    'This price has subscriptions, so it cannot be deleted. Archive it instead.',
  );
  await expect(card).toBeVisible();
});

/** Today's month and year on the Auckland calendar, as the date picker's day labels write them. */
function aucklandMonth(): { monthYear: string; year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-NZ', {
    timeZone: 'Pacific/Auckland',
    year: 'numeric',
    month: 'long',
  }).formatToParts(new Date());
  const month = parts.find((p) => p.type === 'month')!.value;
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const number = new Date(`${month} 1, ${year}`).getMonth() + 1;
  return { monthYear: `${month} ${year}`, year, month: number };
}

test('the pro-rata calculator shows what the server works out for a price and dates', async ({ page }) => {
  await signInWithApi(page, DEMO.admin);
  const offeringName = unique('Pro Rata Check');
  const created = await createOffering(page, {
    name: offeringName,
    type: '24_7',
    all_gyms_access: true,
    prices: [{ amount: 6000, billing_frequency: 'monthly' }],
  });
  const priceId = created.prices[0]!.id;
  const { monthYear, year, month } = aucklandMonth();
  const iso = (day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const expected = await page.request.post(`${STAFF_URL}/api/prices/${priceId}/pro-rata`, {
    headers: PAGE_HEADERS,
    data: { start_date: iso(5), billing_date: iso(20) },
  });
  const working = ((await expected.json()) as { data: { formatted_amount: string; explanation: string } })
    .data;

  await page.goto('/calculate-pro-rata');
  await expect(page.getByRole('heading', { name: 'Calculate pro rata', level: 1 })).toBeVisible();
  const price = page.getByRole('combobox', { name: 'Price' });
  await expect(price).toBeEnabled();
  await price.fill(offeringName);
  await page.getByRole('option', { name: '$60.00 monthly' }).click();
  await page.getByRole('button', { name: 'Start date' }).click();
  await page.getByRole('button', { name: `5 ${monthYear}`, exact: true }).click();
  // The start date's calendar closes (with an animation) before the billing date's opens.
  await expect(page.getByRole('button', { name: `5 ${monthYear}`, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Billing date' }).click();
  await page.getByRole('button', { name: `20 ${monthYear}`, exact: true }).click();
  await page.getByRole('button', { name: 'Calculate' }).click();

  const result = page.getByRole('region', { name: /Pro-rata amount/ });
  await expect(result.getByRole('heading', { level: 2 })).toHaveText(
    `Pro-rata amount: ${working.formatted_amount}`,
  );
  await expect(result).toContainText(working.explanation);
  await expect(result).toContainText('15 of');
  await page.screenshot({ path: '/tmp/offerings-pro-rata.png', fullPage: true });
});
