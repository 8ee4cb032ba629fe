// Organisation settings (spec sections 2, 3 and 5): an organisation admin renames the organisation and
// sets its grace periods, each section saved on its own; other staff are kept away from the screen.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, PAGE_HEADERS, signInWithApi, switchToOrganisation } from './helpers';
import { STAFF_URL } from './playwright.config';

const section = (page: Page, title: string) => page.getByRole('form', { name: title, exact: true });

test('an organisation admin renames the organisation and sets both grace periods', async ({ page }) => {
  await signInWithApi(page, DEMO.admin);
  // Other specs read this organisation's name by its start, so the new one keeps it.
  const organisation = await switchToOrganisation(page, 'Southern Strength');
  const newName = `${organisation.name} ${Date.now().toString(36)}`;
  const before = await page.request.get(`${STAFF_URL}/api/organisations/${organisation.id}`, {
    headers: PAGE_HEADERS,
  });
  const original = ((await before.json()) as { data: Record<string, Record<string, unknown>> }).data;

  try {
    await page.goto('/organisation/settings');
    await expect(page.getByRole('heading', { name: 'Organisation settings', level: 1 })).toBeVisible();

    const naming = section(page, 'Organisation name');
    const name = naming.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue(organisation.name);
    await name.fill('   ');
    await naming.getByRole('button', { name: 'Save' }).click();
    await expect(naming.getByText('Value is required')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();

    await name.fill(newName);
    await naming.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The organisation name is saved.')).toBeVisible();
    // The sidebar shows the new name too.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByText(newName).filter({ visible: true }).first(),
    ).toBeVisible();

    const failed = section(page, 'Failed-payment grace period');
    await failed.getByRole('textbox', { name: 'Length' }).fill('');
    await failed.getByRole('button', { name: 'Save' }).click();
    await expect(failed.getByText('Value is required')).toBeVisible();
    // A minus sign or a fraction is not dropped silently: the field says what is wrong.
    await failed.getByRole('textbox', { name: 'Length' }).fill('-3');
    await failed.getByRole('button', { name: 'Save' }).click();
    await expect(failed.getByText('The minimum value allowed is 1')).toBeVisible();
    await failed.getByRole('textbox', { name: 'Length' }).fill('2.5');
    await failed.getByRole('button', { name: 'Save' }).click();
    await expect(failed.getByText('Value must be a whole number')).toBeVisible();
    await failed.getByRole('textbox', { name: 'Length' }).fill('400');
    await failed.getByRole('button', { name: 'Save' }).click();
    await expect(failed.getByText('The maximum value allowed is 90')).toBeVisible();
    await failed.getByRole('textbox', { name: 'Length' }).fill('10');
    await failed.getByRole('combobox', { name: 'Unit' }).selectOption('days');
    await failed.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The failed-payment grace period is saved.')).toBeVisible();

    const term = section(page, 'Term membership grace period');
    await term.getByRole('textbox', { name: 'Length' }).fill('2');
    await term.getByRole('combobox', { name: 'Unit' }).selectOption('weeks');
    await term.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The term membership grace period is saved.')).toBeVisible();

    // An age-bypass link for someone under the minimum age, ready to copy.
    await page.getByRole('button', { name: 'Create age-bypass link' }).click();
    const link = page.getByRole('textbox', { name: 'New link' });
    await expect(link).toHaveValue(/^http:\/\/join\.localhost:\d+\/\?age_bypass=[\w-]{32}$/);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await page.screenshot({ path: '/tmp/organisation-settings.png', fullPage: true });

    await page.reload();
    await expect(section(page, 'Organisation name').getByRole('textbox', { name: 'Name' })).toHaveValue(
      newName,
    );
    await expect(failed.getByRole('textbox', { name: 'Length' })).toHaveValue('10');
    await expect(failed.getByRole('combobox', { name: 'Unit' })).toHaveValue('days');
    await expect(term.getByRole('textbox', { name: 'Length' })).toHaveValue('2');
    await expect(term.getByRole('combobox', { name: 'Unit' })).toHaveValue('weeks');
  } finally {
    // Put everything back for the specs that read the demo organisation.
    for (const [path, body] of [
      ['', { name: organisation.name }],
      ['/grace-period', original.grace_period],
      ['/term-membership-grace-period', original.term_grace_period],
    ] as const) {
      const restored = await page.request.put(`${STAFF_URL}/api/organisations/${organisation.id}${path}`, {
        headers: PAGE_HEADERS,
        data: body,
      });
      expect(restored.status()).toBe(200);
    }
  }
});

test('a gym admin cannot reach the organisation settings', async ({ page }) => {
  await signInWithApi(page, DEMO.gymAdmin);
  await page.goto('/organisation/settings');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Organisation settings' })).toHaveCount(0);
});
