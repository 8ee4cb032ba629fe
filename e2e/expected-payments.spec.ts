// The expected payments screen with the sandbox clock (issue acceptance: "on the demo, move the clock
// forward a month and see new payments, a failed one in retry, and a member whose grace ended now
// cancelled with their door access gone"). An organisation admin of Southern Strength notes a member in
// grace (the demo's members in grace pay from a "Pocket Money" account holding $3.50) and moves the clock
// a month through the screen, in two moves: after the first days a new charge has failed and waits for
// its retry; after the month, new payments are paid, and the member's grace has run out: cancelled for
// non-payment, their door access gone.
//
// This is the only spec that moves the clock. Every spec shares one server, so it moves the clock for all
// of them: the others must not depend on the date (sessions travel with the clock).
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, type CalendarDate } from '../packages/domain/src/calendar-date';
import { formatDate } from '../packages/domain/src/format';
import { DEMO, PAGE_HEADERS, signInWithApi, switchToOrganisation } from './helpers';
import { STAFF_URL } from './playwright.config';

test.describe.configure({ mode: 'serial' });

/** Each simulated day runs the whole demo's billing: a month takes tens of seconds, more on a busy machine. */
const MONTH_MS = 360_000;
/** The server is busy while the clock moves, and for a moment after: lists may take a while to come. */
const LIST_MS = 60_000;

async function appToday(page: Page): Promise<CalendarDate> {
  const response = await page.request.get(`${STAFF_URL}/api/dev/clock`, { headers: PAGE_HEADERS });
  expect(response.status(), 'the sandbox clock answers').toBe(200);
  const { data } = (await response.json()) as { data: { today: CalendarDate; can_travel: boolean } };
  expect(data.can_travel).toBe(true);
  return data.today;
}

/** Moves the clock through the screen: the days, the confirmation, the progress, the outcome. */
async function moveClock(page: Page, days: number, to: CalendarDate) {
  const sandbox = page.getByRole('region', { name: 'Sandbox clock' });
  await sandbox.getByRole('textbox', { name: 'Days' }).fill(String(days));
  await sandbox.getByRole('button', { name: 'Move clock forward' }).click();
  const confirm = page.getByRole('dialog', { name: `Move the clock forward ${days} days?` });
  await expect(confirm).toContainText('The clock cannot be moved back.');
  await confirm.getByRole('button', { name: `Move forward ${days} days` }).click();
  // While each day runs: how far it has got (the bar starts empty, so it is there but not yet seen).
  await expect(sandbox.getByRole('progressbar', { name: 'Moving the clock' })).toBeAttached();
  await expect(sandbox.getByText(new RegExp(`^\\d+ of ${days} days run`))).toBeVisible({ timeout: LIST_MS });
  await expect(sandbox.getByText(`The clock moved ${days} days, to ${formatDate(to)}.`)).toBeVisible({
    timeout: MONTH_MS,
  });
  await expect(sandbox.getByText(`App date: ${formatDate(to)}`)).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Expected payments' });
const cell = (row: Locator, column: number) => row.getByRole('cell').nth(column);
// Columns: Member, Gym, Period, Amount (charged, or expected and not charged yet), Payment, Membership,
// Door access, Drift.
const PERIOD = 2;
const PAYMENT = 4;
const MEMBERSHIP = 5;
const DOOR = 6;

/** When each row's period starts ('26 Nov 2026'). */
async function periodStarts(rows: Locator): Promise<string[]> {
  await expect(rows.first()).toBeVisible({ timeout: LIST_MS });
  const starts: string[] = [];
  for (const row of await rows.all()) starts.push((await cell(row, PERIOD).innerText()).split(' – ')[0]!);
  return starts;
}

/** The list has been read again for the range around `today` (the default after a move). */
async function listedAround(page: Page, today: CalendarDate) {
  const range = `from ${formatDate(addDays(today, -14))} to ${formatDate(addDays(today, 14))}`;
  await expect(page.getByText(`Totals of every payment ${range}`)).toBeVisible({ timeout: LIST_MS });
  await expect(table(page)).toHaveAttribute('aria-busy', 'false', { timeout: LIST_MS });
}

test('an organisation admin moves the demo a month on and sees payments, retries and a cancellation', async ({
  page,
}) => {
  test.setTimeout(2 * MONTH_MS + 120_000);
  await signInWithApi(page, DEMO.admin);
  await switchToOrganisation(page, 'Southern Strength');
  const before = await appToday(page);
  const dates = (from: number, to: number) =>
    new Set(Array.from({ length: to - from + 1 }, (_, i) => formatDate(addDays(before, from + i))));

  // Failed payments of the last two weeks: members in grace, retried, with their door access still on.
  await page.goto('/expected-payments-debugging');
  await expect(page.getByRole('heading', { name: 'Expected payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sandbox clock' })).toContainText(
    `App date: ${formatDate(before)}`,
  );
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Failed', { exact: true }).click();
  await expect(page).toHaveURL(/status=failed/);
  const inGrace = table(page)
    .getByRole('row')
    .filter({ has: page.getByText(/^In grace until /) });
  await expect(inGrace.first()).toBeVisible({ timeout: LIST_MS });
  const member = await cell(inGrace.first(), 0).innerText();
  await expect(cell(inGrace.first(), DOOR)).toHaveText('Yes');
  await page.screenshot({ path: '/tmp/expected-payments-before.png', fullPage: true });

  // A few days on, a new charge of someone in grace has failed and waits for its retry.
  await moveClock(page, 5, addDays(before, 5));
  await listedAround(page, addDays(before, 5));
  const retrying = table(page)
    .getByRole('row')
    .filter({ has: page.getByText(/^Failed — retry on \d{1,2} \w{3} \d{4}$/) });
  const newlyFailed = dates(1, 5);
  const retryStarts = await periodStarts(retrying);
  const fresh = retryStarts.findIndex((start) => newlyFailed.has(start));
  expect(fresh, `a charge from the last five days in retry, among ${retryStarts.join(', ')}`).not.toBe(-1);
  const failedRow = retrying.nth(fresh);
  // The next retry is still to come (1, 3 or 5 days after the first failure), the member in grace.
  const retryOn = (
    await cell(failedRow, PAYMENT)
      .getByText(/^Failed — retry on /)
      .innerText()
  ).replace('Failed — retry on ', '');
  expect(dates(6, 10).has(retryOn), retryOn).toBe(true);
  await expect(cell(failedRow, MEMBERSHIP)).toHaveText(/^In grace until /);
  await expect(cell(failedRow, DOOR)).toHaveText('Yes');

  // The rest of the month: the new payments are paid.
  await moveClock(page, 25, addDays(before, 30));
  await page.getByRole('radiogroup', { name: 'Payment' }).getByText('Paid', { exact: true }).click();
  await expect(page).toHaveURL(/status=paid/);
  await listedAround(page, addDays(before, 30));
  const paid = table(page)
    .getByRole('row')
    .filter({ has: page.getByText('Paid', { exact: true }) });
  const paidStarts = await periodStarts(paid);
  const afterBefore = dates(1, 44);
  expect(paidStarts.length).toBeGreaterThan(0);
  for (const start of paidStarts) expect(afterBefore.has(start), start).toBe(true);
  await page.screenshot({ path: '/tmp/expected-payments-after.png', fullPage: true });

  // The member noted in grace: their grace ran out unpaid, the membership is cancelled, the door shut.
  await page.goto(
    `/expected-payments-debugging?from=${addDays(before, -14)}&to=${addDays(before, 30)}&status=failed`,
  );
  const theirs = table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: member, exact: true }) });
  await expect(theirs.first()).toBeVisible({ timeout: LIST_MS });
  for (const row of await theirs.all()) {
    await expect(cell(row, MEMBERSHIP)).toHaveText('Cancelled for non-payment');
    await expect(cell(row, DOOR)).toHaveText('No');
    await expect(cell(row, PAYMENT).getByText(/^Failed/)).toHaveText('Failed');
  }
});
