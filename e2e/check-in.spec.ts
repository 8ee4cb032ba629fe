// The front desk (/check-in, issue 26) on Kōwhai Fitness's demo members: find a member who owes by typing
// their name and pressing Enter (as a scanner would), see what they owe and that the door would let them
// in, take the payment at the desk, check them in; then a paused member, refused with the reason. Both
// visits reach the visits list.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, PAGE_HEADERS, signInWithApi, switchToOrganisation } from './helpers';
import { STAFF_URL } from './playwright.config';

const FIRST_LOAD = { timeout: 30_000 };

interface Listed {
  id: number;
  name: string;
  subscription: { id: number; state: string } | null;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${STAFF_URL}${path}`, { headers: PAGE_HEADERS });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** A member found by their whole name alone (no namesake), from the end of a list other specs read from the start. */
async function memberToFind(page: Page, list: string, usable: (m: Listed) => Promise<boolean>) {
  const { data } = await getJson<{ data: Listed[] }>(page, `/api/members?${list}&per_page=100`);
  for (const member of [...data].reverse()) {
    if (!member.subscription || !(await usable(member))) continue;
    const { data: found } = await getJson<{ data: { id: number }[] }>(
      page,
      `/api/check-in/members?query=${encodeURIComponent(member.name)}`,
    );
    if (found[0]?.id === member.id) return member;
  }
  throw new Error(`no demo member for ${list}`);
}

const desk = (page: Page) => page.getByRole('region', { name: / at the desk$/ });

test.beforeEach(async ({ page }) => {
  test.slow();
  await signInWithApi(page, DEMO.admin);
  await switchToOrganisation(page, 'Kōwhai');
});

test('find a member who owes, take the payment at the desk and check them in', async ({ page }) => {
  // In grace: owing, and still let in by the door until grace ends.
  const owing = await memberToFind(page, 'owing=true&state=grace', async (m) => {
    const { data } = await getJson<{
      data: { payable: { cumulative: number }[]; in_flight: unknown[]; balance_owing: number };
    }>(page, `/api/subscriptions/${m.subscription!.id}/balance`);
    return (
      data.in_flight.length === 0 &&
      data.balance_owing > 0 &&
      data.payable.at(-1)?.cumulative === data.balance_owing
    );
  });
  await page.goto('/check-in');
  const search = page.getByRole('textbox', { name: 'Find a member' });
  await expect(search).toBeFocused(FIRST_LOAD);
  // Typed and Enter at once, as a scanner does: the first member found is chosen.
  await search.fill(owing.name);
  await search.press('Enter');
  await expect(desk(page).getByRole('heading', { name: owing.name })).toBeVisible();
  await expect(desk(page).getByTestId('owing')).toHaveText(/^Owes \$[\d,.]+/);
  await expect(desk(page).getByTestId('door')).toHaveText('The door would let them in');
  await page.screenshot({ path: '/tmp/check-in-owing.png', fullPage: true });

  await desk(page).getByRole('button', { name: 'Take a payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  // The last whole amount: everything owed ("Other amount" after it takes a part payment).
  await dialog.getByRole('radio', { name: /^\$/ }).last().check();
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByText(/Nothing will be owed/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk(page).getByTestId('owing')).toHaveText('Nothing owed');
  await expect(desk(page).getByRole('button', { name: 'Take a payment' })).toBeHidden();

  await desk(page).getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${owing.name} is checked in at ` })).toBeVisible();
  // Ready for the next person.
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  const { data: visits } = await getJson<{
    data: { user: { id: number }; successful: boolean; at_desk: boolean }[];
  }>(page, '/api/visits?per_page=100');
  expect(visits.find((v) => v.user.id === owing.id)).toMatchObject({ successful: true, at_desk: true });
});

test('a paused member is refused at the desk with the reason', async ({ page }) => {
  const paused = await memberToFind(page, 'state=paused', async () => true);
  await page.goto('/check-in');
  const search = page.getByRole('textbox', { name: 'Find a member' });
  await expect(search).toBeFocused(FIRST_LOAD);
  // Typed slowly: the members found show as one types, and one is picked from them.
  await search.pressSequentially(paused.name.slice(0, 6), { delay: 40 });
  const results = page.getByRole('list', { name: 'Members found' });
  await expect(results.getByRole('button').first()).toBeVisible();
  await search.fill(paused.name);
  await results
    .getByRole('button', { name: new RegExp(`^${paused.name}`) })
    .first()
    .click();
  await expect(desk(page).getByTestId('door')).toHaveText(
    'The door would not let them in: Membership paused',
  );
  await desk(page).getByRole('button', { name: 'Record refused visit' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${paused.name} was not let in: Membership paused.` }),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/check-in-refused.png', fullPage: true });

  await page.goto('/visits?result=refused');
  await expect(page.getByRole('row').filter({ hasText: paused.name }).first()).toContainText(
    'Membership paused',
    FIRST_LOAD,
  );
});
