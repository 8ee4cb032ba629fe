// Shared steps of the browser specs: signing in (through the form, or straight through the API when
// the form is not what the spec is about) and reading the development mailbox.
//
// Every sign-in counts against the server's per-address limit (30 per 15 minutes, and the whole suite
// comes from one address), so specs sign in once per test and share nothing else.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';
import { STAFF_URL } from './playwright.config';
import { solidPng } from './solid-png';

export const DEMO = {
  admin: 'admin@demo.test',
  gymAdmin: 'gymadmin@demo.test',
  trainer: 'trainer@demo.test',
  twoFactor: 'twofactor@demo.test',
  member: 'member@demo.test',
} as const;

/** What the page sends with every API call; the server refuses writes without it. */
export const PAGE_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/** A form field by its accessible name (labels of required fields also show an asterisk). */
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Signs in through the sign-in form and waits to have left it. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Text as an exact, anchored pattern (for names that are followed by hidden words such as "(current)"). */
export const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Signs the page's browser context in through the API (the session cookie lands in the context). */
export async function signInWithApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post(`${STAFF_URL}/api/login`, {
    headers: PAGE_HEADERS,
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { data: Me | null; two_factor_required: boolean };
}

/** The parts of GET /api/me the specs look at. */
export interface Me {
  name: string;
  current_organisation: { id: number; name: string } | null;
  current_gym: { id: number; name: string } | null;
  organisations: { id: number; name: string }[];
  gyms: { id: number; name: string }[];
}

export async function currentUser(page: Page): Promise<Me> {
  const response = await page.request.get(`${STAFF_URL}/api/me`, { headers: PAGE_HEADERS });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Me }).data;
}

interface Mail {
  id: number;
  to: string[];
  subject: string;
  text: string;
  received_at: string;
}

async function mailbox(request: APIRequestContext): Promise<Mail[]> {
  const response = await request.get(`${STAFF_URL}/api/dev/mailbox`, { headers: PAGE_HEADERS });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Mail[] }).data;
}

/** The newest mail to an address whose subject matches, received after `since`; waits for it to come. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  since: Date,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(request)).find(
          (mail) =>
            mail.to.some((address) => address.toLowerCase() === to.toLowerCase()) &&
            subject.test(mail.subject) &&
            new Date(mail.received_at) >= since,
        );
        return found !== undefined;
      },
      { message: `mail to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Makes the organisation of this name (a prefix is enough) the session's current one, through the API. */
export async function switchToOrganisation(page: Page, name: string): Promise<{ id: number; name: string }> {
  const me = await currentUser(page);
  const organisation = me.organisations.find((o) => o.name.startsWith(name));
  expect(organisation, `${name} among ${me.organisations.map((o) => o.name).join(', ')}`).toBeTruthy();
  if (me.current_organisation?.id !== organisation!.id) {
    const switched = await page.request.post(`${STAFF_URL}/api/organisations/${organisation!.id}/switch`, {
      headers: PAGE_HEADERS,
    });
    expect(switched.status()).toBe(200);
  }
  return organisation!;
}

/** A mail address no other run has used, for people a spec creates. */
export const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.co.nz`;

/**
 * A full-page picture of the screen as it stands, when E2E_SCREENSHOTS names a folder (to look over the
 * walked screens, a phone's especially, for what a test cannot judge: text cut off, crowding). Off in CI.
 */
export async function snapshot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** Fills the sandbox card form with a test card (https://docs.stripe.com/testing) and saves it. */
export async function fillCard(page: Page, number: string, nameOnCard: string) {
  await page.getByLabel('Name on card').fill(nameOnCard);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

/** The join site's last steps from the photo: a photo, a card that pays (4242…), confirm, welcome. */
export async function finishJoiningByCard(page: Page, nameOnCard: string) {
  await page.locator('input[type=file]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: solidPng(640, 640),
  });
  await expect(page).toHaveURL(/\/choose-payment-method/);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.getByRole('button', { name: 'Enter card details' }).click();
  await fillCard(page, '4242424242424242', nameOnCard);
  await expect(page).toHaveURL(/\/confirm-subscription/);
  await page.getByRole('button', { name: /Confirm and pay/ }).click();
  await expect(page).toHaveURL(/\/welcome-to-gym/);
}
