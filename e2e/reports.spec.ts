// The reports screen (issue 29) for an organisation admin and a gym admin, on a desktop (1440 × 900)
// and a phone (390 × 844): every report opens from its tab with a chart and its figures as a table (or
// its sentence when there is nothing to show), the filters stay in the address, each report downloads
// as CSV, axe-core finds no serious or critical problem, and on the phone nothing scrolls sideways.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './accessibility';
import { DEMO, signInWithApi } from './helpers';

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** Each report: its tab, what shows it has loaded (its table, or its sentence when empty), its CSV's name. */
const REPORTS = [
  {
    tab: 'Recurring revenue',
    shown: /Recurring revenue by month|No memberships were paying/,
    file: 'recurring-revenue',
  },
  { tab: 'Churn', shown: /Churn by month|No members in this period/, file: 'churn' },
  { tab: 'Collections', shown: /Collections by month|Nothing fell due/, file: 'collections' },
  { tab: 'Debtors', shown: /Owing by age|Nobody owes anything/, file: 'debtors' },
  { tab: 'Forecast', shown: /Forecast by day|Nothing is due in these days/, file: 'forecast' },
] as const;

async function loaded(page: Page, shown: RegExp) {
  const main = page.getByRole('main');
  await expect(main.getByRole('table', { name: shown }).or(main.getByText(shown)).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

async function phoneProblems(page: Page, report: string): Promise<string[]> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  return overflow > 0 ? [`${report}: the page scrolls sideways by ${overflow}px`] : [];
}

for (const [role, email, showing] of [
  ['organisation admin', DEMO.admin, 'Whole organisation'],
  ['gym admin', DEMO.gymAdmin, 'All my gyms'],
] as const) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`a ${role} reads every report on a ${size}`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(viewport);
      await signInWithApi(page, email);
      await page.goto('/dashboard');
      if (size === 'phone') await page.getByRole('button', { name: 'Open the menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
      await expect(page).toHaveURL(/\/reports$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Showing' })).toHaveValue(showing);
      await expect(
        page.getByRole('main').getByRole('link', { name: 'At risk', exact: true }),
      ).toHaveAttribute('href', '/reports/at-risk');
      const problems: string[] = [];
      for (const report of REPORTS) {
        await page.getByRole('tab', { name: report.tab }).click();
        await loaded(page, report.shown);
        if (report.file !== 'recurring-revenue')
          await expect(page).toHaveURL(new RegExp(`report=${report.file}`));
        problems.push(...(await seriousViolations(page, `${size} ${report.tab}`)));
        if (size === 'phone') problems.push(...(await phoneProblems(page, report.tab)));
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: `Download ${report.tab.toLowerCase()} (CSV)` }).click();
        expect((await download).suggestedFilename()).toMatch(
          new RegExp(`^${report.file}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
        );
      }
      expect(problems).toEqual([]);
    });
  }
}

test('the period and the gym are in the address, and a report opens from it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithApi(page, DEMO.admin);
  await page.goto('/reports?report=churn&from=2026-01&to=2026-03');
  await loaded(page, REPORTS[1].shown);
  await expect(page.getByRole('tab', { name: 'Churn' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue(/Jan 2026/);
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue(/Mar 2026/);
  const table = page.getByRole('table', { name: 'Churn by month' });
  if (await table.isVisible()) await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByRole('tab', { name: 'Debtors' }).click();
  await loaded(page, REPORTS[3].shown);
  await expect(page).toHaveURL(/report=debtors/);
  await expect(page).toHaveURL(/from=2026-01/);
});
