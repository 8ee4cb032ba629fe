// The gym screens (spec sections 2, 3 and 5): the list, a gym's page and its edit screen, where an
// organisation admin changes the destination account, the logo, visit tracking and the Akahu app.
import { expect, type Page, test } from '@playwright/test';
import { currentUser, DEMO, field, PAGE_HEADERS, signInWithApi } from './helpers';
import { STAFF_URL } from './playwright.config';
import { solidPng } from './solid-png';

interface GymAnswer {
  id: number;
  name: string;
  staff_count: number;
  members_count: number;
  tracks_visits: boolean;
  akahu_app_token: string | null;
  destination_account: { id: number; name: string; bank_account_number: string } | null;
}

async function apiGym(page: Page, id: number): Promise<GymAnswer> {
  const response = await page.request.get(`${STAFF_URL}/api/gyms/${id}`, { headers: PAGE_HEADERS });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: GymAnswer }).data;
}

async function apiGyms(page: Page): Promise<GymAnswer[]> {
  const response = await page.request.get(`${STAFF_URL}/api/gyms?per_page=100`, { headers: PAGE_HEADERS });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: GymAnswer[] }).data;
}

/** Puts back what the test changed through the API (the logo has no undo; the secret stays set). */
async function restore(page: Page, before: GymAnswer) {
  const put = (path: string, data: object) =>
    page.request.put(`${STAFF_URL}/api/gyms/${before.id}${path}`, { headers: PAGE_HEADERS, data });
  const account = before.destination_account!;
  const number = account.bank_account_number;
  expect(
    (
      await put(`/destination-accounts/${account.id}`, {
        name: account.name,
        bank_account_number: number,
        bank_account_number_confirmation: number,
      })
    ).status(),
  ).toBe(200);
  expect((await put('/tracks-visits', { tracks_visits: before.tracks_visits })).status()).toBe(200);
  expect((await put('/akahu-config', { akahu_app_token: before.akahu_app_token })).status()).toBe(200);
}

/** The whole screen in one picture (a full-page shot would repeat the fixed top bar and sidebar). */
async function snap(page: Page, path: string) {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(height, size.height) });
  await page.screenshot({ path });
  await page.setViewportSize(size);
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('an organisation admin changes a gym’s bank account, logo, visit tracking and Akahu app', async ({
  page,
}) => {
  await signInWithApi(page, DEMO.admin);
  // In the organisation of several gyms (for this session only), a gym other than the current one.
  const southern = (await currentUser(page)).organisations.find((o) => o.name.startsWith('Southern'))!;
  const switched = await page.request.post(`${STAFF_URL}/api/organisations/${southern.id}/switch`, {
    headers: PAGE_HEADERS,
  });
  expect(switched.status()).toBe(200);
  const current = (await currentUser(page)).current_gym?.id;
  const gyms = await apiGyms(page);
  expect(gyms.length).toBeGreaterThan(1);
  const gym = gyms.filter((g) => g.id !== current).at(-1)!;
  const before = await apiGym(page, gym.id);
  // Two valid numbers from the published checksum examples; the test sets whichever is not there now.
  const newNumber = ['38-9000-7654338-00', '12-3140-0171323-50'].find(
    (n) => n !== before.destination_account?.bank_account_number,
  )!;
  const secret = `e2e-akahu-secret-${Date.now()}`;
  const token = `app_token_e2e${Date.now()}`;

  try {
    await page.goto('/gyms');
    await expect(page.getByRole('heading', { name: 'Gyms', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Gyms' }).getByRole('article')).toHaveCount(gyms.length);
    const card = page.getByRole('article', { name: gym.name });
    await expect(card.getByRole('definition')).toHaveText([
      gym.staff_count.toLocaleString('en-NZ'),
      gym.members_count.toLocaleString('en-NZ'),
    ]);
    await expect(card.getByText(/^Card payments (not )?connected$/)).toBeVisible();
    await snap(page, '/tmp/gyms-list.png');
    await card.getByRole('link', { name: gym.name }).click();

    await expect(page).toHaveURL(new RegExp(`/gyms/${gym.id}$`));
    await expect(page.getByRole('heading', { name: gym.name, level: 1 })).toBeVisible();
    await expect(section(page, 'Card payments and door access')).toBeVisible();
    await page.getByRole('link', { name: 'Edit gym' }).click();
    await expect(page).toHaveURL(new RegExp(`/gyms/${gym.id}/edit$`));
    await expect(page.getByRole('heading', { name: `Edit ${gym.name}`, level: 1 })).toBeVisible();

    // Destination account: the number fields open only when changing it, and the repeat must match.
    const account = page.getByRole('form', { name: 'Destination bank account' });
    await expect(field(page, 'New bank account number')).toHaveCount(0);
    await account.getByRole('switch', { name: 'Change account number' }).check();
    await field(page, 'New bank account number').fill(newNumber);
    await field(page, 'Repeat bank account number').fill('01-902-0068389-00');
    await account.getByRole('button', { name: 'Save account' }).click();
    await expect(account.getByText('The value must be equal to the bank account number value')).toBeVisible();
    await expect(field(page, 'Repeat bank account number')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Repeat bank account number')).toBeFocused();
    await field(page, 'Repeat bank account number').fill(newNumber);
    await account.getByRole('button', { name: 'Save account' }).click();
    await expect(page.getByText('Destination account saved')).toBeVisible();
    await expect(account.getByText(`Current account number: ${newNumber}`)).toBeVisible();
    await expect(field(page, 'Repeat bank account number')).toHaveCount(0);

    // Logo: previewed once chosen, then uploaded.
    const logo = page.getByRole('form', { name: 'Logo' });
    const chooser = page.waitForEvent('filechooser');
    await logo.getByRole('button', { name: /Logo image/ }).click();
    await (await chooser).setFiles({
      name: 'ponsonby-logo.png',
      mimeType: 'image/png',
      buffer: solidPng(96, 48),
    });
    await expect(logo.getByRole('img', { name: 'Preview of the new logo' })).toBeVisible();
    await logo.getByRole('button', { name: 'Upload logo' }).click();
    await expect(page.getByText('The new logo is saved.')).toBeVisible();
    await expect(logo.getByRole('img', { name: `${gym.name} logo` })).toBeVisible();
    await expect(logo.getByRole('img', { name: 'Preview of the new logo' })).toHaveCount(0);

    // Visit tracking saves as it flips.
    const tracking = page.getByRole('switch', { name: 'Track visits' });
    await expect(tracking).toBeChecked({ checked: before.tracks_visits });
    // Flipped from the keyboard: a pointer click can land on the logo's notice while it slides in
    // (once in 81 runs the click changed nothing), and Space on the focused switch is what a keyboard
    // user does anyway.
    await tracking.focus();
    await page.keyboard.press('Space');
    await expect(
      page.getByText(
        before.tracks_visits
          ? 'Door unlocks no longer count as visits.'
          : 'Door unlocks now count as visits.',
      ),
    ).toBeVisible();
    await expect(tracking).toBeChecked({ checked: !before.tracks_visits });

    // Akahu: the secret is written, then only said to be set.
    const akahu = page.getByRole('form', { name: 'Akahu app configuration' });
    await akahu.getByRole('textbox', { name: 'App token' }).fill(token);
    await akahu.getByLabel('App secret').fill(secret);
    await akahu.getByRole('button', { name: 'Save Akahu configuration' }).click();
    await expect(page.getByText('The Akahu app configuration is saved.')).toBeVisible();
    await expect(akahu.getByLabel('App secret')).toHaveValue('');
    await expect(section(page, 'Akahu app configuration').getByText('Set', { exact: true })).toBeVisible();
    await snap(page, '/tmp/gyms-edit.png');

    await page.getByRole('link', { name: 'Back to the gym' }).click();
    await expect(page.getByRole('heading', { name: gym.name, level: 1 })).toBeVisible();
    const bank = section(page, 'Destination bank account');
    await expect(bank.getByTestId('destination-account-number')).toHaveText(newNumber);
    await expect(bank.getByText(before.destination_account!.name)).toBeVisible();
    const shown = page.getByRole('main').getByRole('img', { name: `${gym.name} logo` });
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await expect(page.getByRole('definition').filter({ hasText: /^(On|Off)$/ })).toHaveText(
      before.tracks_visits ? 'Off' : 'On',
    );
    const integrations = page.getByRole('region', { name: 'Akahu configuration' });
    await expect(integrations.getByText(token)).toBeVisible();
    await expect(integrations.getByText('Set', { exact: true })).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    await snap(page, '/tmp/gyms-show.png');
  } finally {
    await restore(page, before);
  }
});

test('a trainer reads their gym without its payment settings, and may not edit it', async ({ page }) => {
  await signInWithApi(page, DEMO.trainer);
  const [gym] = await apiGyms(page);
  await page.goto('/gyms');
  await page.getByRole('link', { name: gym!.name }).click();
  await expect(page.getByRole('heading', { name: gym!.name, level: 1 })).toBeVisible();
  await expect(page.getByText("These are shown to the gym's admins only.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit gym' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Destination bank account' })).toHaveCount(0);

  await page.goto(`/gyms/${gym!.id}/edit`);
  await expect(page.getByRole('alert').filter({ hasText: 'You cannot change this gym' })).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
});

test('an address that names no gym says so', async ({ page }) => {
  await signInWithApi(page, DEMO.admin);
  await page.goto('/gyms/not-a-gym');
  await expect(page.getByRole('heading', { name: 'Gym not found', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the gyms' }).click();
  await expect(page).toHaveURL(/\/gyms$/);
});

test('a demo gym’s card payments and door access work on first start, shown once each', async ({ page }) => {
  await signInWithApi(page, DEMO.admin);
  const [gym] = await apiGyms(page);
  await page.goto(`/gyms/${gym!.id}`);
  await expect(page.getByRole('heading', { name: gym!.name, level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name: 'Card payments' });
  // Stripe's own answer: the demo's account exists in the simulator, so it is connected.
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByText(/no longer knows/)).toHaveCount(0);
  await expect(card.getByText('Card payments connected')).toHaveCount(0);
  const doors = page.getByRole('region', { name: 'Door access' });
  await expect(doors.getByText('Kisi connected')).toBeVisible();
  await expect(doors.getByText(/did not accept|refuses/)).toHaveCount(0);
  // Kisi shows each organisation its own places only: every place listed is one of its gyms'.
  const organisationId = (await currentUser(page)).current_organisation!.id;
  const places = await page.request.get(
    `${STAFF_URL}/api/organisations/${organisationId}/access-control/places`,
    {
      headers: PAGE_HEADERS,
    },
  );
  const listed = ((await places.json()) as { data: { name: string; gym: { id: number } | null }[] }).data;
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.filter((place) => place.gym === null)).toEqual([]);
});
