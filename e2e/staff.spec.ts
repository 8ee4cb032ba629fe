// Staff (spec sections 2, 3 and 4): an organisation admin invites a personal trainer, who sets a
// password from the emailed link and signs in to the everyday menu; the admin changes their roles to
// a gym's admin; once deactivated they are out.
import { expect, test } from '@playwright/test';
import { DEMO, field, signInWithApi, switchToOrganisation, uniqueEmail, waitForMail } from './helpers';
import { STAFF_URL } from './playwright.config';

const EVERYDAY = ['Dashboard', 'Members', 'Payments', 'Visits', 'Check-in', 'Offerings'];

test('invite a personal trainer, who joins; then deactivate them', async ({ page, browser }) => {
  const email = uniqueEmail('trainer');
  const name = `Aroha Invitee ${Date.now().toString(36)}`;
  const password = 'a trainer passphrase 2026';
  const since = new Date(Date.now() - 1000);

  await signInWithApi(page, DEMO.admin);
  const organisation = await switchToOrganisation(page, 'Southern Strength');
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff' }).getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: '/tmp/staff-list.png', fullPage: true });

  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite staff' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Value is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(DEMO.trainer);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('This person is already staff of this organisation.')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('An invitation by email')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Value is required')).toHaveCount(2); // name and role
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('radio', { name: 'Personal Trainer' }).check();
  await page.screenshot({ path: '/tmp/staff-invite.png' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`An invitation is on its way to ${email}.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Personal Trainer' })).toBeVisible();

  // The invitee, in a browser of their own.
  const mail = await waitForMail(page.request, email, /^You're invited to /, since);
  expect(mail.subject).toContain(organisation.name);
  const link = /(https?:\/\/\S+\/set-password\?\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  const theirs = await browser.newContext();
  const invitee = await theirs.newPage();
  await invitee.goto(link!);
  await expect(invitee.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await field(invitee, 'New password').fill(password);
  await field(invitee, 'Repeat the new password').fill(password);
  await invitee.getByRole('button', { name: 'Set password' }).click();
  // Setting the password from the invitation ends signed in, not on the sign-in page.
  await expect(invitee).toHaveURL(/\/dashboard$/);
  const nav = invitee.getByRole('navigation', { name: 'Main' });
  // A personal trainer's menu has no Payments (admins only, docs/roles.md).
  await expect(nav.getByRole('link')).toHaveText(EVERYDAY.filter((entry) => entry !== 'Payments'));
  await expect(nav.getByRole('button', { name: 'Organisation' })).toHaveCount(0);

  // The admin opens their page (now active) and deactivates them.
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Pending')).toHaveCount(0);

  // The admin changes their roles: admin of one gym instead of a trainer everywhere.
  await page.getByRole('button', { name: 'Change roles' }).click();
  const roles = page.getByRole('dialog', { name: `Change ${name}’s roles` });
  await expect(roles.getByRole('radio', { name: 'Personal Trainer' })).toBeChecked();
  await roles.getByRole('radio', { name: 'Per-gym roles' }).check();
  await roles.getByRole('button', { name: 'Save roles' }).click();
  await expect(roles.getByText('The value is required: choose a role at one gym at least.')).toBeVisible();
  const firstGym = roles.getByRole('combobox').first();
  const gymName = await firstGym.evaluate(
    (select: HTMLSelectElement) => select.labels?.[0]?.textContent ?? '',
  );
  expect(gymName).toMatch(/\S/);
  await firstGym.selectOption('admin');
  await page.screenshot({ path: '/tmp/staff-roles.png' });
  await roles.getByRole('button', { name: 'Save roles' }).click();
  await expect(roles).toBeHidden();
  await expect(page.getByText(`${name}’s roles are saved`)).toBeVisible();
  const gymRoles = page.getByRole('table', { name: 'Gyms and roles' });
  await expect(gymRoles.getByRole('row').filter({ hasText: gymName })).toContainText('Admin');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('--');

  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/staff-show.png', fullPage: true });
  await page.getByRole('link', { name: 'All staff' }).click();
  await expect(row.getByText('Deactivated')).toBeVisible();

  // Their session ended, and signing in again is refused.
  await invitee.reload();
  await expect(invitee).toHaveURL(/\/login/);
  await invitee.goto(`${STAFF_URL}/login`);
  await field(invitee, 'Email').fill(email);
  await field(invitee, 'Password').fill(password);
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee.getByText('This account no longer has access to any organisation.')).toBeVisible();
  await theirs.close();
});
