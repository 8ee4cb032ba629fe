// Signing in and out, the way back to the page asked for, the emailed two-factor code, and a forgotten
// password reset through the emailed link (spec sections 2 and 4).
import { expect, test } from '@playwright/test';
import { E2E_PASSWORD, E2E_USERS } from './fixtures';
import { DEMO, field, signInWithForm, waitForMail } from './helpers';

test('signing in: the server says when the details are wrong, then the dashboard; logging out', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await field(page, 'Email').fill(DEMO.trainer);
  await field(page, 'Password').fill('not-the-password');
  await field(page, 'Password').press('Enter');
  const email = field(page, 'Email');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);

  await signInWithForm(page, DEMO.trainer);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Kia ora, Liam' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('guest'))).toBe('isNotGuest');

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('guest'))).toBe('isGuest');

  // The session really ended: signed-in screens send the visitor back to sign-in.
  await page.goto('/members');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmembers$/);
});

test('a signed-out visit goes through sign-in and back to the page asked for', async ({ page }) => {
  await page.goto('/offerings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fofferings$/);
  await signInWithForm(page, DEMO.gymAdmin);
  await expect(page).toHaveURL(/\/offerings$/);
  await expect(page.getByRole('heading', { name: 'Offerings', level: 1 })).toBeVisible();

  // Signed in, the sign-in screen is not for them.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('two-factor sign-in with the emailed code', async ({ page }) => {
  const since = new Date(Date.now() - 1000);
  await page.goto('/visits');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fvisits$/);
  await field(page, 'Email').fill(E2E_USERS.twoFactor.email);
  await field(page, 'Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/two-factor-authentication\?redirect=%2Fvisits$/);
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  // The code was just sent, so a new one waits out the cool-down, counting down.
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await expect(page.getByText(/You can ask for a new code in \d+ s/)).toBeVisible();

  // A wrong code: the server's message.
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill('000000');
  const mail = await waitForMail(page.request, E2E_USERS.twoFactor.email, /^Your sign-in code/, since);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  // (A wrong guess could be the code itself one time in a million.)
  if (code !== '000000') await expect(page.getByText(/The code is incorrect/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  // The visits page then puts its default dates in the address.
  await expect(page).toHaveURL(/\/visits(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Visits', level: 1 })).toBeVisible();
});

test('a forgotten password is reset through the emailed link', async ({ page }) => {
  const account = E2E_USERS.resetPassword.email;
  const newPassword = 'a brand new passphrase';
  const since = new Date(Date.now() - 1000);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await field(page, 'Email').fill(account);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If that email address has an account');

  const mail = await waitForMail(page.request, account, /^Reset your password$/, since);
  const link = /(https?:\/\/\S+\/reset-password\?\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  await field(page, 'New password').fill(newPassword);
  await field(page, 'Repeat the new password').fill('something else entirely');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('The value must be equal to the password value')).toBeVisible();

  await field(page, 'Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  await signInWithForm(page, account, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Kia ora, Reset' })).toBeVisible();
});

test('a signed-in member on the staff site is sent to the join site', async ({ page }) => {
  await page.goto('/login');
  await field(page, 'Email').fill(DEMO.member);
  await field(page, 'Password').fill('demo-gym-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Handed over signed in (a one-time token, not a shared cookie): the demo member has a live
  // membership, so the join site's guard sends them on to their own account.
  await expect(page).toHaveURL(/^http:\/\/join\.localhost:\d+\/account$/);
});
