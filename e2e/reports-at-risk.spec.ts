// The at-risk report as an admin uses it, on a desktop and a phone (390 × 844): who is at risk and why
// (the demo's history made by the engine), marking one contacted with a note (the note checked, then
// saved and shown), the follow-up figures, the gym in the address, the CSV, the loading, empty and error
// states; and an organisation admin switching their weekly digest off on their own staff page. axe-core
// finds no serious or critical problem on any of it.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './accessibility';
import { E2E_PASSWORD, E2E_USERS } from './fixtures';
import { DEMO, PAGE_HEADERS, signInWithApi } from './helpers';
import { STAFF_URL } from './playwright.config';

/** A screen's first load (its code and the session) on a busy machine. */
const FIRST_LOAD = { timeout: 45_000 };
test.describe.configure({ timeout: 180_000 });

interface AtRisk {
  data: { user: { id: number; name: string }; reasons: { text: string }[] }[];
  meta: { total: number };
}

async function atRiskNow(page: Page, query = ''): Promise<AtRisk> {
  const response = await page.request.get(`${STAFF_URL}/api/reports/at-risk${query}`, {
    headers: PAGE_HEADERS,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AtRisk;
}

/** The list's call (not its export or contacts). */
const isReport = (url: URL) => url.pathname === '/api/reports/at-risk';

async function openReport(page: Page) {
  await page.goto('/reports/at-risk');
  await expect(page.getByRole('heading', { name: 'Members at risk', level: 1 })).toBeVisible(FIRST_LOAD);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, FIRST_LOAD);
}

for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(device, () => {
    test.use({ viewport });

    test(`lists who is at risk and why, and marks one contacted with a note (${device})`, async ({
      page,
    }) => {
      await signInWithApi(page, DEMO.admin);
      const listed = await atRiskNow(page);
      expect(listed.meta.total, 'the demo history has members at risk').toBeGreaterThan(0);
      await openReport(page);
      const table = page.getByRole('table', { name: 'Members at risk' });
      const first = listed.data[0]!;
      await expect(table).toContainText(first.user.name);
      await expect(table).toContainText(first.reasons[0]!.text);
      await expect(page.getByRole('heading', { name: 'Did following up help?' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Stayed after a month, contacted and not' }),
      ).toBeVisible();
      if (device === 'phone')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page, `at risk (${device})`)).toEqual([]);

      // The member listed last on the first page: another run's mark does not decide this one's.
      const member = listed.data.at(-1)!.user;
      await page.getByRole('button', { name: `Mark ${member.name} as contacted` }).click();
      const dialog = page.getByRole('dialog', { name: `Mark ${member.name} as contacted` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Save contact' }).click();
      await expect(dialog.getByText('Write what was said', { exact: true })).toBeVisible();
      expect(await seriousViolations(page, `mark contacted (${device})`)).toEqual([]);
      const note = `Rang ${device}: back next week after an injury`;
      await dialog.getByRole('textbox', { name: 'What was said' }).fill(note);
      await dialog.getByRole('button', { name: 'Save contact' }).click();
      await expect(dialog).toBeHidden(FIRST_LOAD);
      await expect(page.getByText(`${member.name} is marked as contacted.`)).toBeVisible();
      await expect(table.getByRole('row').filter({ hasText: member.name })).toContainText(note, FIRST_LOAD);
    });

    test(`the gym filter, the CSV, and the loading, empty and error states (${device})`, async ({ page }) => {
      await signInWithApi(page, DEMO.admin);
      await openReport(page);
      // One gym: it goes into the address, and the list is that gym's.
      await page.getByRole('combobox', { name: 'Gym' }).click();
      const option = page.getByRole('option').nth(1);
      const gymName = (await option.textContent())!.trim();
      await option.click();
      await expect(page).toHaveURL(/[?&]gym=\d+/);
      const gymId = new URL(page.url()).searchParams.get('gym')!;
      const ofGym = await atRiskNow(page, `?gym_id=${gymId}`);
      const rows = page.getByRole('table', { name: 'Members at risk' }).getByRole('row');
      if (ofGym.meta.total > 0) {
        await expect(rows).toHaveCount(Math.min(ofGym.meta.total, 25) + 1);
        for (const row of (await rows.all()).slice(1)) await expect(row).toContainText(gymName);
      } else {
        await expect(page.getByText('Nobody is at risk')).toBeVisible();
      }

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^members-at-risk-\d{4}-\d\d-\d\d\.csv$/);
      const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
      expect(csv.split('\r\n')[0]).toBe(
        'Member ID,Member,Member email,Gym,Reasons,Last contacted,Contact note',
      );
      expect(csv.trim().split('\r\n')).toHaveLength(ofGym.meta.total + 1);

      // Loading, then nobody at risk: the list's answer held, then empty.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(isReport, async (route) => {
        await held;
        const real = await route.fetch();
        const body = (await real.json()) as { data: unknown[]; meta: { total: number } };
        await route.fulfill({
          response: real,
          json: { ...body, data: [], meta: { ...body.meta, total: 0 } },
        });
      });
      await page.goto(`/reports/at-risk?gym=${gymId}`);
      await expect(page.getByRole('heading', { name: 'Members at risk', level: 1 })).toBeVisible(FIRST_LOAD);
      await expect(page.locator('main [aria-busy="true"]').first()).toBeVisible();
      release();
      await expect(page.getByText('Nobody is at risk')).toBeVisible();
      expect(await seriousViolations(page, `nobody at risk (${device})`)).toEqual([]);
      await page.unroute(isReport);

      // The server failing: the error in place, and trying again.
      await page.route(isReport, (route) =>
        route.fulfill({ status: 500, json: { message: 'The report could not be read.' } }),
      );
      await page.goto('/reports/at-risk');
      await expect(
        page.getByRole('alert').filter({ hasText: 'Could not load the members at risk' }),
      ).toBeVisible(FIRST_LOAD);
      expect(await seriousViolations(page, `at risk failing (${device})`)).toEqual([]);
      await page.unroute(isReport);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('table', { name: 'Members at risk' })).toBeVisible(FIRST_LOAD);
    });
  });
}

test('an organisation admin switches their weekly digest off on their own page', async ({ page }) => {
  await signInWithApi(page, E2E_USERS.digest.email, E2E_PASSWORD);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: E2E_USERS.digest.name }).click();
  await expect(page.getByRole('heading', { name: E2E_USERS.digest.name, level: 1 })).toBeVisible(FIRST_LOAD);
  const digest = page.getByRole('switch', { name: 'Weekly digest email' });
  await expect(digest).toBeChecked(FIRST_LOAD);
  expect(await seriousViolations(page, 'your settings')).toEqual([]);
  await digest.click({ force: true });
  await expect(page.getByText('You will not get the weekly digest.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Weekly digest email' })).not.toBeChecked(FIRST_LOAD);
  const setting = await page.request.get(`${STAFF_URL}/api/me/weekly-digest`, { headers: PAGE_HEADERS });
  expect(await setting.json()).toEqual({ data: { weekly_digest: false } });
});
