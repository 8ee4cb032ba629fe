// The member join site on a phone (375 × 812, Chromium's fake camera): a new person joins paying by
// bank account through the sandbox's Akahu consent page, another by card through the sandbox's card page
// whose first card is declined and whose second asks for 3-D Secure, an under-age person is stopped
// before paying, and returning members land on their next step, on the join site or from the staff host.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './accessibility';
import {
  DEMO,
  field,
  PAGE_HEADERS,
  signInWithApi,
  snapshot,
  switchToOrganisation,
  uniqueEmail,
  waitForMail,
} from './helpers';
import { MEMBER_URL, STAFF_URL } from './playwright.config';
import { solidPng } from './solid-png';

test.use({
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});
test.setTimeout(180_000);

/**
 * Each screen of the walk: a picture when asked (E2E_SCREENSHOTS), and axe-core's serious and critical
 * problems, checked softly so the walk goes on and every screen's problems are reported.
 */
async function checkScreen(page: Page, name: string) {
  await snapshot(page, name);
  expect.soft(await seriousViolations(page, name)).toEqual([]);
}

interface JoinGym {
  id: number;
  uuid: string;
  name: string;
  organisation_name: string;
  takes_cards: boolean;
}

/** A demo gym with memberships to join online (and a Stripe account, when asked). */
async function gymWithMemberships(page: Page, card: boolean): Promise<JoinGym> {
  const all = await page.request.get(`${STAFF_URL}/api/register/options`, { headers: PAGE_HEADERS });
  const gyms = ((await all.json()) as { data: { gyms: JoinGym[] } }).data.gyms;
  for (const gym of gyms) {
    const options = await page.request.get(`${STAFF_URL}/api/register/options?gym=${gym.uuid}`, {
      headers: PAGE_HEADERS,
    });
    const prices = ((await options.json()) as { data: { prices: unknown[] } }).data.prices;
    if (prices.length > 0 && (!card || gym.takes_cards)) return gym;
  }
  throw new Error('no demo gym has memberships to join');
}

/** The organisation's admin gives the gym a logo (in a browser of their own), as the gyms screen does. */
async function giveGymALogo(browser: Browser, gym: JoinGym) {
  const context = await browser.newContext({ baseURL: STAFF_URL });
  try {
    const staff = await context.newPage();
    await signInWithApi(staff, DEMO.admin);
    await switchToOrganisation(staff, gym.organisation_name);
    const uploaded = await staff.request.post(`${STAFF_URL}/api/gyms/${gym.id}/logo`, {
      headers: PAGE_HEADERS,
      multipart: {
        collection: 'logo',
        file: { name: 'logo.png', mimeType: 'image/png', buffer: solidPng(96, 96) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
  } finally {
    await context.close();
  }
}

/** The join screens name the gym (and show its logo when it has one). */
async function seesTheGym(page: Page, gym: JoinGym, withLogo: boolean) {
  const banner = page.getByRole('group', { name: 'Your gym' });
  await expect(banner).toContainText(gym.name);
  if (withLogo) {
    const logo = banner.getByRole('img', { name: `${gym.name} logo` });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  }
}

/** The memberships grouped by offering, each with its description, as the gym's link opens them. */
async function seesOfferingsGrouped(page: Page, gym: JoinGym) {
  const options = await page.request.get(`${STAFF_URL}/api/register/options?gym=${gym.uuid}`, {
    headers: PAGE_HEADERS,
  });
  const prices = (
    (await options.json()) as {
      data: {
        prices: { offering_name: string; offering_description: string | null; formatted_amount: string }[];
      };
    }
  ).data.prices;
  const memberships = page.getByRole('radiogroup', { name: 'Your membership' });
  for (const name of new Set(prices.map((p) => p.offering_name))) {
    const group = memberships.getByRole('group', { name, exact: true });
    await expect(group).toBeVisible();
    const own = prices.filter((p) => p.offering_name === name);
    await expect(group.getByRole('radio')).toHaveCount(own.length);
    const description = own[0]!.offering_description?.trim();
    if (description) await expect(group).toContainText(description);
    await expect(group).toContainText(own[0]!.formatted_amount);
  }
}

async function fillRegisterForm(page: Page, email: string, dob = '1994-03-21', chooseMembership = true) {
  if (chooseMembership)
    await page.getByRole('radiogroup', { name: 'Your membership' }).getByRole('radio').first().check();
  await field(page, 'Full name').fill('Aroha Joiner');
  await field(page, 'Email').fill(email);
  await field(page, 'Mobile number').fill('021 555 0199');
  await page.getByLabel('Date of birth').fill(dob);
  await field(page, 'Street address').fill('3 Rimu Road');
  await field(page, 'Town or city').fill('Auckland');
  await field(page, 'Post code').fill('1010');
  await field(page, 'Emergency contact name').fill('Rangi Joiner');
  await field(page, 'Emergency contact mobile').fill('021 555 0198');
  await field(page, 'Their relationship to you').fill('Partner');
  await page.getByRole('radio', { name: 'This is my first time at a gym' }).check();
  await page.getByRole('radio', { name: 'Other' }).check();
  await field(page, 'Where did you hear about us?').fill('Saw the sign on the bus');
  await field(page, 'Password').fill('rimu-road-morning-run');
}

async function enterEmailedCode(page: Page, email: string, since: Date) {
  await expect(page).toHaveURL(/\/verification-code/);
  // A new member confirms their address: not called a sign-in code, and the code only in the body.
  const mail = await waitForMail(
    page.request,
    email,
    /^(Confirm your email address|Your sign-in code)$/,
    since,
  );
  const code = mail.text.match(/\b(\d{6})\b/)![1]!;
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(code);
}

async function joinAs(page: Page, gym: JoinGym, email: string, withLogo = false) {
  const since = new Date(Date.now() - 1000);
  await page.goto(`${MEMBER_URL}/?gym=${gym.uuid}`);
  await expect(page.getByRole('heading', { name: 'Join your gym' })).toBeVisible({ timeout: 30_000 });
  await seesTheGym(page, gym, withLogo);
  await seesOfferingsGrouped(page, gym);
  await fillRegisterForm(page, email);
  await checkScreen(page, 'join-1-register');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await enterEmailedCode(page, email, since);
  await expect(page).toHaveURL(/\/take-photo/);
  await checkScreen(page, 'join-2-photo');
}

/** From the photo screen: upload one, connect a bank through the sandbox's consent page, confirm and pay. */
async function payByBank(page: Page, expectOnConfirm?: RegExp) {
  // The upload fallback (the camera is the other way in; the card path uses it).
  await page.locator('input[type=file]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: solidPng(640, 640),
  });
  await expect(page).toHaveURL(/\/choose-payment-method/);
  await expect(page.getByText(/First payment: \$/).first()).toBeVisible();
  await checkScreen(page, 'join-3-payment-method');
  await page.getByRole('button', { name: 'Connect my bank account' }).click();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();

  // The sandbox's consent page: bank, then accounts, then approve.
  await expect(page.getByRole('heading', { name: /Connect a bank account/ })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/bank-account-connected/);
  await checkScreen(page, 'join-4-bank-connected');
  await page.getByRole('button', { name: 'Pay from this account' }).click();
  await expect(page).toHaveURL(/\/confirm-subscription/);
  await expect(
    page.getByText('Flexi membership', { exact: false }).or(page.getByText(/membership: you agree/)),
  ).toBeVisible();
  if (expectOnConfirm) await expect(page.getByText(expectOnConfirm).first()).toBeVisible();
  await checkScreen(page, 'join-5-confirm');
  await page.getByRole('button', { name: /Confirm and pay/ }).click();
  await expect(page).toHaveURL(/\/welcome-to-gym/);
  await expect(page.getByText(/You are now a member of/)).toBeVisible();
  await checkScreen(page, 'join-6-welcome');
}

/**
 * The staff side, in its own browser at desktop size: the organisation's admin finds the new member by
 * their email, sees the membership active (green card) and the first payment on the member's page.
 */
async function staffSeesNewMember(
  browser: Browser,
  organisation: string,
  email: string,
  firstPayment?: RegExp,
) {
  const context = await browser.newContext({ baseURL: STAFF_URL });
  try {
    const staff = await context.newPage();
    await signInWithApi(staff, DEMO.admin);
    await switchToOrganisation(staff, organisation);
    await staff.goto(`/members?search=${encodeURIComponent(email)}`);
    const table = staff.getByRole('table', { name: 'Members' });
    await expect(table.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Aroha Joiner');
    await expect(row).toContainText('Active');
    await row.getByRole('link', { name: 'Aroha Joiner' }).click();
    await expect(staff.getByRole('region', { name: 'Membership' })).toHaveAttribute(
      'data-card-colour',
      'green',
      { timeout: 30_000 },
    );
    const payments = staff.getByRole('table', { name: 'Payments' });
    await expect(payments.getByRole('row').nth(1)).toContainText('$', { timeout: 30_000 });
    if (firstPayment)
      await expect(staff.getByRole('region', { name: 'Membership' })).toContainText(firstPayment);
  } finally {
    await context.close();
  }
}

test('a new member joins with a bank account through the Akahu consent page', async ({ page, browser }) => {
  const gym = await gymWithMemberships(page, false);
  const email = uniqueEmail('join-bank');
  await joinAs(page, gym, email);
  await payByBank(page);
  await staffSeesNewMember(browser, gym.organisation_name, email);
});

test('a new member pays by card: the first card is declined, another with 3-D Secure pays', async ({
  page,
  browser,
}) => {
  const gym = await gymWithMemberships(page, true);
  await giveGymALogo(browser, gym);
  const email = uniqueEmail('join-card');
  await joinAs(page, gym, email, true);

  // The fake camera: take, retake, take again, use.
  await page.getByRole('button', { name: 'Take photo' }).click();
  await page.getByRole('button', { name: 'Retake' }).click();
  await page.getByRole('button', { name: 'Take photo' }).click();
  await page.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page).toHaveURL(/\/choose-payment-method/);
  await expect(page.getByText(/card surcharge/).first()).toBeVisible();
  await seesTheGym(page, gym, true);

  const saveCard = async (number: string) => {
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.getByRole('button', { name: 'Enter card details' }).click();
    // Stripe Checkout's page (setup mode), the same path as with live keys; "Back" returns to the join site.
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      /\/choose-payment-method$/,
    );
    await page.getByLabel('Name on card').fill('Aroha Joiner');
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Save card' }).click();
  };
  await saveCard('4000000000000341');
  await expect(page).toHaveURL(/\/confirm-subscription/);
  await page.getByRole('button', { name: /Confirm and pay/ }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your first payment did not go through' }),
  ).toBeVisible();
  await checkScreen(page, 'join-card-declined');

  await page.getByRole('link', { name: 'Choose another way to pay' }).click();
  await expect(page.getByText('Your first payment did not go through').first()).toBeVisible();
  // The declined card is not offered again, and no card is ever called "Card #…".
  await seesTheGym(page, gym, true);
  await expect(page.getByText('Or use one you added before')).toHaveCount(0);
  await expect(page.getByText(/Card #/)).toHaveCount(0);
  await checkScreen(page, 'join-card-choose-again');
  await saveCard('4000000000003220');
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/confirm-subscription/);
  await expect(page.getByText('Visa ending 3220')).toBeVisible();
  await page.getByRole('button', { name: /Confirm and pay/ }).click();
  await expect(page).toHaveURL(/\/welcome-to-gym/);
  await expect(page.getByText(/has been paid/)).toBeVisible();
  // Staff see the payment that settled (not the declined attempt), with what was taken.
  await staffSeesNewMember(browser, gym.organisation_name, email, /First payment\$[\d.,]+.*· Paid/);
});

test('a private price link opens the flow on its price, and the member joins on it', async ({
  page,
  browser,
}) => {
  // The link staff copy from the price (the demo's private corporate price), read through the staff API.
  const context = await browser.newContext({ baseURL: STAFF_URL });
  let link: { url: string; organisation: string; amount: string } | undefined;
  try {
    const staff = await context.newPage();
    const me = await signInWithApi(staff, DEMO.admin);
    for (const organisation of me.data!.organisations) {
      await switchToOrganisation(staff, organisation.name);
      const answer = await staff.request.get(`/api/organisations/${organisation.id}/prices?per_page=100`, {
        headers: PAGE_HEADERS,
      });
      const prices = (
        (await answer.json()) as {
          data: { formatted_amount: string; archived_at: string | null; private_links: { url: string }[] }[];
        }
      ).data;
      const shared = prices.find((p) => p.private_links.length > 0 && !p.archived_at);
      if (shared)
        link = {
          url: shared.private_links[0]!.url,
          organisation: organisation.name,
          amount: shared.formatted_amount,
        };
      if (link) break;
    }
  } finally {
    await context.close();
  }
  expect(link, 'a demo price with a private link').toBeTruthy();

  const email = uniqueEmail('join-link');
  const since = new Date(Date.now() - 1000);
  await page.goto(link!.url);
  await expect(page.getByText('You are joining on a membership the gym shared with you.')).toBeVisible({
    timeout: 30_000,
  });
  // The price comes from the link: no list of memberships to choose from.
  await expect(page.getByRole('radiogroup', { name: 'Your membership' })).toHaveCount(0);
  const gymChoice = page.getByRole('combobox', { name: 'Your gym' });
  if (await gymChoice.count()) await gymChoice.selectOption({ index: 1 });
  await fillRegisterForm(page, email, '1994-03-21', false);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await enterEmailedCode(page, email, since);
  await expect(page).toHaveURL(/\/take-photo/);
  await payByBank(page, new RegExp(link!.amount.replace(/[.$]/g, '\\$&')));
  await staffSeesNewMember(browser, link!.organisation, email);
});

test('a person under the minimum age is stopped before paying anything', async ({ page }) => {
  const gym = await gymWithMemberships(page, false);
  await page.goto(`${MEMBER_URL}/?gym=${gym.uuid}`);
  const young = `${new Date().getFullYear() - 12}-05-05`;
  await fillRegisterForm(page, uniqueEmail('too-young'), young);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByText(/or older to join/)).toBeVisible();
  await expect(page).not.toHaveURL(/\/verification-code/);
});

test('a returning member signs in on the join site and lands on their account', async ({ page }) => {
  await page.goto(`${MEMBER_URL}/`);
  await page.getByRole('button', { name: 'Already a member? Sign in' }).click();
  await field(page, 'Email').fill(DEMO.member);
  await field(page, 'Password').fill('demo-gym-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  // Signed in, the join site's first screen sends them on rather than showing the register form.
  await page.goto(`${MEMBER_URL}/`);
  await expect(page).toHaveURL(/\/account$/);
});

test('a member who signs in on the staff host is handed over to the join site, signed in', async ({
  page,
}) => {
  await page.goto(`${STAFF_URL}/login`);
  await field(page, 'Email').fill(DEMO.member);
  await field(page, 'Password').fill('demo-gym-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A full page load on the other host after the one-time hand-over (slow on a busy machine).
  await expect(page).toHaveURL(new RegExp(`^${MEMBER_URL.replace(/[.]/g, '\\.')}/account`), {
    timeout: 45_000,
  });
  await expect(page.getByRole('heading', { name: 'My membership' })).toBeVisible();
});
