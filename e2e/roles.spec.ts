// Walks the screens a trainer and a gym admin can reach, as they would, and checks the page never asks the
// server for something their role is refused (403), and offers no control their role cannot use.
import { expect, type Page, test } from '@playwright/test';
import { currentUser, DEMO, PAGE_HEADERS, signInWithApi } from './helpers';
import { STAFF_URL } from './playwright.config';

function refusals(page: Page) {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/api/')) {
      refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  return refused;
}

async function firstOffering(page: Page): Promise<{ id: number; name: string }> {
  const answer = await page.request.get(`${STAFF_URL}/api/offerings?per_page=1`, { headers: PAGE_HEADERS });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { id: number; name: string }[] }).data[0]!;
}

for (const [role, email] of [
  ['trainer', DEMO.trainer],
  ['gym admin', DEMO.gymAdmin],
] as const) {
  test(`a ${role} walks their screens and meets no refused call and no control they cannot use`, async ({
    page,
  }) => {
    await signInWithApi(page, email);
    const me = await currentUser(page);
    const offering = await firstOffering(page);
    const refused = refusals(page);

    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // The menu holds only what the role may open.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Organisation' }),
    ).toHaveCount(0);

    await page.goto('/offerings');
    await expect(page.getByRole('heading', { name: 'Offerings', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New offering' })).toHaveCount(role === 'trainer' ? 0 : 1);

    await page.goto(`/offerings/${offering.id}`);
    await expect(page.getByRole('heading', { name: offering.name, level: 1 })).toBeVisible();
    if (role === 'trainer') {
      await expect(page.getByRole('link', { name: 'Edit offering' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^(Archive|Delete)/ })).toHaveCount(0);
    }

    for (const gym of me.gyms) {
      await page.goto(`/gyms/${gym.id}`);
      await expect(page.getByRole('heading', { name: gym.name, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Edit gym' })).toHaveCount(role === 'trainer' ? 0 : 1);
    }

    if (role === 'trainer') {
      // A screen the role cannot use explains itself, without asking the server or offering a retry.
      await page.goto('/offerings/create');
      await expect(page.getByText('Only admins change offerings')).toBeVisible();
      await expect(page.getByRole('form', { name: 'New offering' })).toHaveCount(0);
    }
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });
}
