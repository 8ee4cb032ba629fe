// Members (spec sections 2, 3, 4 and 7): staff find a demo member with two filters, open them, edit
// their profile and see it saved, export the filtered list, and open the member's activity charts; and
// set the billing date of a member they added, before the first payment, on the member's page.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, PAGE_HEADERS, signInWithApi, switchToOrganisation, uniqueEmail } from './helpers';
import { STAFF_URL } from './playwright.config';

const FIRST_LOAD = { timeout: 30_000 };

interface Listed {
  id: number;
  name: string;
  email: string;
  subscription: { state: string } | null;
}

interface ListedPrice {
  home_gym: { id: number } | null;
  subscription: { state: string; price: { id: number } } | null;
}

test('find a member with two filters, edit their profile, export the list, open their activity', async ({
  page,
}) => {
  // Many steps (filters, a reload, an edit, an export, the charts): more than a minute on a busy 2-core machine.
  test.slow();
  await signInWithApi(page, DEMO.admin);
  await switchToOrganisation(page, 'Southern Strength');
  // A demo member in the active state, to look for through the page.
  const listed = await page.request.get(`${STAFF_URL}/api/members?state=active&per_page=5`, {
    headers: PAGE_HEADERS,
  });
  expect(listed.status()).toBe(200);
  const { data: active, meta } = (await listed.json()) as { data: Listed[]; meta: { total: number } };
  expect(active.length).toBeGreaterThan(0);
  const member = active[0]!;

  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible(FIRST_LOAD);
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('row').nth(1)).toBeVisible(FIRST_LOAD);

  // Two filters: the state and a search by email; both land in the address.
  const filters = page.getByRole('search', { name: 'Filter members' });
  await filters.getByLabel('State', { exact: true }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await expect(page).toHaveURL(/state=active/);
  await filters.getByRole('textbox', { name: 'Search' }).fill(member.email);
  await expect(page).toHaveURL(/search=/);
  await expect(table.getByRole('row')).toHaveCount(2, FIRST_LOAD);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(member.name);
  await expect(row).toContainText('Active');
  await page.screenshot({ path: '/tmp/members-list.png', fullPage: true });

  // A reload keeps the filters.
  await page.reload();
  await expect(filters.getByRole('textbox', { name: 'Search' })).toHaveValue(member.email, FIRST_LOAD);
  await expect(table.getByRole('row').nth(1)).toContainText(member.name, FIRST_LOAD);

  await row.getByRole('link', { name: member.name }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${member.id}$`));
  await expect(page.getByRole('heading', { name: member.name, level: 1 })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('region', { name: 'Membership' })).toHaveAttribute('data-card-colour', 'green');
  await expect(page.getByRole('region', { name: 'Payments', exact: true })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible(FIRST_LOAD);

  // Edit the profile and see it saved.
  const note = `Prefers the early class (${Date.now().toString(36)})`;
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${member.name}` });
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('not an email');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByText('Value is not a valid email address')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email);
  await dialog.getByRole('textbox', { name: 'Notes' }).fill(note);
  await dialog.getByRole('textbox', { name: 'Suburb' }).fill('Ponsonby');
  await page.screenshot({ path: '/tmp/members-edit.png' });
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByText(note)).toBeVisible();
  await page.reload();
  await expect(page.getByText(note)).toBeVisible(FIRST_LOAD);
  await expect(page.getByText(/Ponsonby/).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/members-profile.png', fullPage: true });

  // The activity charts.
  await page.getByRole('link', { name: 'Activity charts' }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${member.id}/activity`));
  await expect(page.getByRole('heading', { name: `Activity of ${member.name}`, level: 1 })).toBeVisible(
    FIRST_LOAD,
  );
  for (const panel of ['Visits per week', 'Cost per visit, by week', 'Membership periods']) {
    await expect(page.getByRole('region', { name: panel })).toBeVisible(FIRST_LOAD);
  }
  await page.getByText('26 weeks', { exact: true }).click();
  await expect(page).toHaveURL(/weeks=26/);
  await expect(
    page.getByRole('region', { name: 'Visits per week' }).locator('svg, [class*="EmptyState"]').first(),
  ).toBeVisible(FIRST_LOAD);
  await page.screenshot({ path: '/tmp/members-activity.png', fullPage: true });

  // Export the active members: the download arrives with a row for each.
  await page.goto('/members?state=active');
  await expect(table.getByRole('row').nth(1)).toBeVisible(FIRST_LOAD);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^members-\d{4}-\d\d-\d\d\.csv$/);
  // The one export format: a byte-order mark (Excel reads 'Kōwhai'), readable headers, plain labels.
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Member ID,Name,Email,Mobile,Home gym,State,Offering,Price (NZD),Billing frequency,Next payment date,Balance owing (NZD),Last visit,Joined,Tags',
  );
  expect(lines.length - 1).toBe(meta.total);
  for (const line of lines.slice(1)) expect(line).toContain(',Active,');
  await expect(page.getByText(`${meta.total} members exported.`)).toBeVisible();
});

/** A day from today on the Auckland calendar: 'YYYY-MM-DD' for the API, 'DD/MM/YYYY' as staff type it. */
function aucklandDay(daysFromToday: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + daysFromToday);
  const iso = date.toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  const spelled = new Intl.DateTimeFormat('en-NZ', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  return { iso, typed: `${d}/${m}/${y}`, spelled };
}

test('set a member’s billing date on their page before their first payment, and see it shown', async ({
  page,
}) => {
  await signInWithApi(page, DEMO.admin);
  await switchToOrganisation(page, 'Southern Strength');
  // A member added by staff, waiting to confirm on the join site: their first payment is still to come.
  const listed = await page.request.get(`${STAFF_URL}/api/members?state=active&per_page=1`, {
    headers: PAGE_HEADERS,
  });
  const [model] = ((await listed.json()) as { data: (Listed & ListedPrice)[] }).data;
  const start = aucklandDay(2);
  const added = await page.request.post(`${STAFF_URL}/api/members`, {
    headers: PAGE_HEADERS,
    data: {
      name: 'Hana Billing',
      email: uniqueEmail('billing-date'),
      mobile_number: '021 555 0134',
      gym_id: model!.home_gym!.id,
      price_id: model!.subscription!.price.id,
      start_date: start.iso,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { id: number } }).data.id;

  await page.goto(`/members/${id}`);
  await expect(page.getByRole('heading', { name: 'Hana Billing', level: 1 })).toBeVisible(FIRST_LOAD);
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText('Not set: billed from the start date')).toBeVisible();

  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Hana Billing' });
  const field = dialog.getByRole('textbox', { name: 'Billing date' });
  // Before the start date: the server's message at the field.
  await field.fill(aucklandDay(1).typed);
  await field.press('Tab');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByText('The billing date cannot be before the start date')).toBeVisible();
  const billing = aucklandDay(5);
  await field.fill(billing.typed);
  await field.press('Tab');
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(profile.getByText(billing.spelled)).toBeVisible();
  await page.reload();
  await expect(profile.getByText(billing.spelled)).toBeVisible(FIRST_LOAD);
  await page.screenshot({ path: '/tmp/members-billing-date.png', fullPage: true });
});
