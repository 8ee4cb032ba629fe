// The member's own account on the join site (issue 24), on a phone: a member who joined by card signs in
// and lands on their account, sees the membership card, opens and prints a receipt, adds a card and makes
// it the default, pauses and removes the pause, cancels (the confirmation arrives in the mailbox) and
// undoes it. And the join site's guard wiring (issue 25, item 3) for every route of both hosts.
import { expect, type Page, test } from '@playwright/test';
import { field, fillCard, finishJoiningByCard, PAGE_HEADERS, uniqueEmail, waitForMail } from './helpers';
import { MEMBER_URL, STAFF_URL } from './playwright.config';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

interface JoinGym {
  id: number;
  uuid: string;
  takes_cards: boolean;
  /** Which of the gym's memberships (in the order the register form lists them) bills on a schedule. */
  recurring: number;
}

async function cardGym(page: Page): Promise<JoinGym> {
  const all = await page.request.get(`${STAFF_URL}/api/register/options`, { headers: PAGE_HEADERS });
  const gyms = ((await all.json()) as { data: { gyms: JoinGym[] } }).data.gyms;
  for (const gym of gyms) {
    if (!gym.takes_cards) continue;
    const options = await page.request.get(`${STAFF_URL}/api/register/options?gym=${gym.uuid}`, {
      headers: PAGE_HEADERS,
    });
    const prices = ((await options.json()) as { data: { prices: { billing_frequency: string }[] } }).data
      .prices;
    const recurring = prices.findIndex((p) => p.billing_frequency !== 'one_off');
    if (recurring >= 0) return { ...gym, recurring };
  }
  throw new Error('no demo gym takes cards and has memberships to join');
}

/** Joins by card (paid at once), then signs out, so the test signs in as a returning member would. */
async function joinByCard(page: Page, email: string, password: string) {
  const gym = await cardGym(page);
  const since = new Date(Date.now() - 1000);
  await page.goto(`${MEMBER_URL}/?gym=${gym.uuid}`);
  await expect(page.getByRole('heading', { name: 'Join your gym' })).toBeVisible({ timeout: 30_000 });
  // A recurring membership (a concession is one payment, with nothing to pause).
  await page
    .getByRole('radiogroup', { name: 'Your membership' })
    .getByRole('radio')
    .nth(gym.recurring)
    .check();
  await field(page, 'Full name').fill('Tui Account');
  await field(page, 'Email').fill(email);
  await field(page, 'Mobile number').fill('021 555 0177');
  await page.getByLabel('Date of birth').fill('1990-07-14');
  await field(page, 'Street address').fill('8 Tōtara Street');
  await field(page, 'Town or city').fill('Wellington');
  await field(page, 'Post code').fill('6011');
  await field(page, 'Emergency contact name').fill('Kiri Account');
  await field(page, 'Emergency contact mobile').fill('021 555 0178');
  await field(page, 'Their relationship to you').fill('Sister');
  await page.getByRole('radio', { name: 'This is my first time at a gym' }).check();
  await page.getByRole('radio', { name: 'Other' }).check();
  await field(page, 'Where did you hear about us?').fill('A friend');
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page).toHaveURL(/\/verification-code/);
  const mail = await waitForMail(page.request, email, /^Confirm your email address$/, since);
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(mail.text.match(/\b(\d{6})\b/)![1]!);
  await expect(page).toHaveURL(/\/take-photo/);
  await finishJoiningByCard(page, 'Tui Account');
  // Node does not resolve *.localhost as browsers do: the join host is called from the page itself.
  const out = await onJoinSite(page, '/api/logout', {});
  expect(out.status).toBeLessThan(300);
}

/**
 * A browser that signed in through the page carries the guest flag 'isNotGuest' (the join site's own
 * sign-in and register set it); these sessions were made through the API, so the flag is set as the
 * page would have. Without it the open screens take the browser for a guest and ask nobody.
 */
async function signedInBrowser(page: Page) {
  await page.goto(`${MEMBER_URL}/legal-nothing-here`);
  await page.evaluate(() => localStorage.setItem('guest', 'isNotGuest'));
}

/** A call to the join host's API from the page (its cookies), answering the status and the body. */
async function onJoinSite(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, body },
  );
}

/** YYYY-MM-DD of a day from today on the Auckland calendar. */
function aucklandDay(daysFromToday: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + daysFromToday);
  return date.toISOString().slice(0, 10);
}

test('a member signs in, sees their membership, prints a receipt, changes card, pauses and cancels', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('account');
  const password = 'tōtara-street-dawn';
  await joinByCard(page, email, password);

  // Sign in as a returning member: they land on their account, not the joining steps.
  await page.goto(`${MEMBER_URL}/`);
  await page.getByRole('button', { name: 'Already a member? Sign in' }).click();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  const card = page.getByRole('article').or(page.locator('[aria-label^="Membership card"]')).first();
  await expect(page.locator('[aria-label="Membership card, green"]')).toBeVisible();
  await expect(page.getByTestId('door-access')).toHaveText('Your tag opens the doors');
  await expect(card).toContainText('Next payment');
  // Nothing is cut off on a 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A joined member cannot reach the joining steps again.
  await page.goto(`${MEMBER_URL}/confirm-subscription`);
  await expect(page).toHaveURL(/\/account$/);

  // Payments and a receipt, printed.
  await page.getByRole('link', { name: 'Payments', exact: true }).click();
  await page
    .getByRole('link', { name: /^Receipt for/ })
    .first()
    .click();
  const receipt = page.getByLabel('Receipt', { exact: true });
  await expect(receipt).toContainText('GST included');
  await expect(receipt).toContainText('Total incl. GST');
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'My account' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Add a card; it becomes the way to pay; then make the first card the default and back.
  await page.getByRole('link', { name: 'How I pay', exact: true }).click();
  await expect(page.getByText(/Your next payment/)).toBeVisible();
  await page.getByRole('button', { name: 'Add a card' }).click();
  await fillCard(page, '5555555555554444', 'Tui Account');
  await expect(page).toHaveURL(/\/account\/payment-method/, { timeout: 30_000 });
  const ways = page.getByRole('list', { name: 'Ways to pay' });
  await expect(ways.getByRole('listitem')).toHaveCount(2);
  const used = ways.getByRole('listitem').filter({ hasText: 'Used for payments' });
  await expect(used).toContainText('4444');
  await ways.getByRole('button', { name: /4242/ }).click();
  await expect(ways.getByRole('listitem').filter({ hasText: 'Used for payments' })).toContainText('4242');
  await ways.getByRole('button', { name: /4444/ }).click();
  await expect(ways.getByRole('listitem').filter({ hasText: 'Used for payments' })).toContainText('4444');

  // Pause, with the preview first, then remove the pause that has not begun.
  await page.getByRole('link', { name: 'Membership', exact: true }).click();
  await page.getByRole('link', { name: 'Pause my membership' }).click();
  await page.getByLabel('First day paused').fill(aucklandDay(10));
  await page.getByLabel('First day back').fill(aucklandDay(24));
  await page.getByRole('button', { name: 'Check this pause' }).click();
  await expect(page.getByText(/14 days paused/)).toBeVisible();
  await page.getByRole('button', { name: 'Pause my membership' }).click();
  await expect(page.getByText('Your pause is booked')).toBeVisible();
  await page.getByRole('button', { name: 'Remove this pause' }).click();
  await expect(page.getByText('Your pause is booked')).toBeHidden();
  await expect(page.getByLabel('First day paused')).toBeVisible();

  // Cancel online: what it does first, the confirmation by email, then undo.
  await page.getByRole('link', { name: 'Membership', exact: true }).click();
  await page.getByRole('link', { name: 'Cancel my membership' }).click();
  await expect(page.getByText('Need a break rather than leaving?')).toBeVisible();
  await page.getByLabel('Moving away').check();
  await page.getByRole('button', { name: 'See what cancelling does' }).click();
  await expect(page.getByText(/Your membership and door access end after/)).toBeVisible();
  const since = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Cancel my membership' }).click();
  await expect(page.getByText(/We have emailed you a confirmation/)).toBeVisible();
  const mail = await waitForMail(page.request, email, /cancelled/, since);
  expect(mail.text).toContain('This email is your confirmation');
  await page.getByRole('link', { name: 'Back to my membership' }).click();
  await expect(page.getByText(/You cancelled online/)).toBeVisible();
  await page.getByRole('button', { name: /Undo my cancellation/ }).click();
  await expect(page.getByText(/You cancelled online/)).toBeHidden();
  await expect(page.getByRole('link', { name: 'Cancel my membership' })).toBeVisible();
});

test('the join site’s guard is wired on every route: guests, members still joining, staff', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const joinRoutes = [
    '/take-photo',
    '/choose-payment-method',
    '/connect-akahu',
    '/card-details',
    '/bank-account-connected',
    '/card-connected',
    '/confirm-subscription',
    '/welcome-to-gym',
    '/account',
    '/account/pay',
    '/account/payments',
    '/account/payments/1/receipt',
    '/account/payment-method',
    '/account/pause',
    '/account/cancel',
    '/account/details',
  ];
  // A guest: every signed-in route goes to the register screen with the way back.
  for (const path of joinRoutes) {
    await page.goto(`${MEMBER_URL}${path}`);
    await expect(page, path).toHaveURL(
      new RegExp(`/\\?redirect=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      { timeout: 30_000 },
    );
  }

  // Staff signed in on the join host go to the staff dashboard, from the open screen too.
  const staff = await browser.newContext();
  try {
    const staffPage = await staff.newPage();
    await signedInBrowser(staffPage);
    const login = await onJoinSite(staffPage, '/api/login', {
      email: 'admin@demo.test',
      password: 'demo-gym-2026',
    });
    expect(login.status).toBe(200);
    for (const path of ['/', '/confirm-subscription', '/account']) {
      await staffPage.goto(`${MEMBER_URL}${path}`);
      await expect(staffPage, path).toHaveURL(/\/dashboard|\/login/, { timeout: 30_000 });
    }
  } finally {
    await staff.close();
  }

  // A member who has just registered (no photo yet): '/' and the account go to the photo step.
  const email = uniqueEmail('guard');
  const since = new Date(Date.now() - 1000);
  const gym = await cardGym(page);
  const options = await page.request.get(`${STAFF_URL}/api/register/options?gym=${gym.uuid}`, {
    headers: PAGE_HEADERS,
  });
  const price = ((await options.json()) as { data: { prices: { id: number }[] } }).data.prices[0]!;
  await signedInBrowser(page);
  const registered = await onJoinSite(page, '/api/register', {
    name: 'Guard Tester',
    email,
    password: 'guard-tester-passphrase',
    mobile_number: '021 555 0166',
    dob: '1991-02-03',
    address: '1 Guard Street',
    city: 'Nelson',
    post_code: '7010',
    emergency_contact_name: 'Someone',
    emergency_contact_mobile_number: '021 555 0167',
    emergency_contact_relationship: 'Friend',
    confidence_and_experience: 'first_time',
    hear_about_us: 'friend',
    gym_id: gym.id,
    price_id: price.id,
  });
  expect(registered.status, registered.text).toBe(201);
  const mail = await waitForMail(page.request, email, /^Confirm your email address$/, since);
  const verified = await onJoinSite(page, '/api/email/verify', { code: mail.text.match(/\b(\d{6})\b/)![1]! });
  expect(verified.status).toBe(200);
  for (const path of ['/', '/account', '/account/pause']) {
    await page.goto(`${MEMBER_URL}${path}`);
    await expect(page, path).toHaveURL(/\/take-photo$/, { timeout: 30_000 });
  }
});
