// Every staff screen for each role, on a desktop (1440 × 900) and a phone (390 × 844): axe-core finds no
// serious or critical problem, each screen has one page heading, and on the phone the page never scrolls
// sideways while the member search, the switchers and Logout stay within reach. The trainer's menu offers
// only screens that let them in. Problems are gathered over the whole walk and reported together.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './accessibility';
import { currentUser, DEMO, type Me, PAGE_HEADERS, signInWithApi, snapshot } from './helpers';
import { STAFF_URL } from './playwright.config';

type Role = 'admin' | 'gym admin' | 'trainer';

const ROLES: [Role, string][] = [
  ['admin', DEMO.admin],
  ['gym admin', DEMO.gymAdmin],
  ['trainer', DEMO.trainer],
];

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

interface Ids {
  member: number;
  offering: number;
  gym: number;
  staff: number | null;
}

async function firstId(page: Page, path: string): Promise<number | null> {
  const answer = await page.request.get(`${STAFF_URL}${path}`, { headers: PAGE_HEADERS });
  if (answer.status() !== 200) return null;
  const rows = ((await answer.json()) as { data: { id: number }[] }).data;
  return rows[0]?.id ?? null;
}

async function idsFor(page: Page, me: Me): Promise<Ids> {
  const organisation = me.current_organisation!.id;
  const member = await firstId(page, '/api/members?per_page=1');
  const offering = await firstId(page, '/api/offerings?per_page=1');
  expect(member, 'the demo gives every role members').not.toBeNull();
  expect(offering, 'the demo has offerings').not.toBeNull();
  return {
    member: member!,
    offering: offering!,
    gym: me.gyms[0]!.id,
    staff: await firstId(page, `/api/organisations/${organisation}/staff?per_page=1`),
  };
}

/** The screens a role opens, by address. */
function screensFor(role: Role, ids: Ids): string[] {
  const everyone = [
    '/dashboard',
    '/members',
    `/members/${ids.member}`,
    `/members/${ids.member}/activity`,
    '/visits',
    '/offerings',
    `/offerings/${ids.offering}`,
    `/gyms/${ids.gym}`,
  ];
  if (role === 'trainer') return everyone;
  const admins = [
    ...everyone,
    '/payments',
    '/reports/at-risk',
    '/members/create',
    '/members/change-price',
    '/offerings/create',
    `/offerings/${ids.offering}/edit`,
    `/gyms/${ids.gym}/edit`,
  ];
  if (role === 'gym admin') return admins;
  return [
    ...admins,
    '/staff',
    ...(ids.staff ? [`/staff/${ids.staff}`] : []),
    '/gyms',
    '/organisation/settings',
    '/calculate-pro-rata',
    '/webhooks',
    '/webhook-calls',
    '/active-user-debugging',
    '/expected-payments-debugging',
  ];
}

async function settle(page: Page) {
  // A screen without a page heading is reported by the walk (one heading each), not waited for here.
  await page
    .locator('main h1')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  // Skeletons and spinners gone: the screen as a person reads it.
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/** What is wrong with the phone layout of the screen showing, as sentences (none when all is well). */
async function phoneProblems(page: Page, me: Me, screen: string): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${screen}: the page scrolls sideways by ${overflow}px`);
  // Lists are cards on a phone: none of them hides columns off to the right.
  const cut = await page
    .locator('section[aria-label$="scrolls sideways"]')
    .evaluateAll((lists) =>
      lists.filter((list) => list.scrollWidth > list.clientWidth + 1).map((list) => list.ariaLabel),
    );
  for (const list of cut) problems.push(`${screen}: ${list} (a list cut on the right)`);
  if (!(await page.getByRole('combobox', { name: 'Search members' }).isVisible())) {
    problems.push(`${screen}: the member search is not in the top bar`);
  }
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  const reachable = [menu.getByRole('button', { name: 'Logout' })];
  if (me.organisations.length > 1) reachable.push(menu.getByRole('button', { name: /^Organisation:/ }));
  if (me.gyms.length > 1) reachable.push(menu.getByRole('button', { name: /^Gym:/ }));
  for (const control of reachable) {
    await control.scrollIntoViewIfNeeded().catch(() => undefined);
    if (!(await control.isVisible()) || !(await control.evaluate(inViewport))) {
      problems.push(`${screen}: ${control} is not reachable from the menu`);
    }
  }
  await page.getByRole('button', { name: 'Close the menu' }).click();
  await expect(menu.getByRole('button', { name: 'Logout' })).not.toBeInViewport();
  return problems;
}

function inViewport(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
}

/**
 * A role's screens in parts of at most ten, each part its own test: a walk of thirty is long on a busy
 * machine. The admin has 23 or 24 screens, the gym admin 14, the trainer 8 (screensFor).
 */
const PARTS: Record<Role, number> = { admin: 3, 'gym admin': 2, trainer: 1 };
const part = (screens: string[], index: number) => screens.slice(index * 10, index * 10 + 10);

for (const [role, email] of ROLES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const index of Array.from({ length: PARTS[role] }, (_, i) => i)) {
      test(`screens of a ${role} on a ${size}, part ${index + 1}: accessible, one heading${size === 'phone' ? ', fit the phone' : ''}`, async ({
        page,
      }) => {
        test.setTimeout(600_000);
        await page.setViewportSize(viewport);
        await signInWithApi(page, email);
        const me = await currentUser(page);
        const ids = await idsFor(page, me);
        const screens = part(screensFor(role, ids), index);
        expect(screens.length, 'the part has screens').toBeGreaterThan(0);
        const problems: string[] = [];
        let reported = 0;
        for (const screen of screens) {
          await page.goto(screen);
          await settle(page);
          const headings = await page.locator('main h1').count();
          if (headings !== 1) problems.push(`${screen}: ${headings} page headings`);
          problems.push(...(await seriousViolations(page, screen)));
          if (size === 'phone') problems.push(...(await phoneProblems(page, me, screen)));
          // Printed as found too: a person watching a long walk wants to know.
          for (const problem of problems.slice(reported)) console.log(`[${role}, ${size}] ${problem}`);
          reported = problems.length;
          await snapshot(page, `${role.replace(' ', '-')}-${size}${screen.replaceAll('/', '-')}`);
        }
        expect(problems).toEqual([]);
      });
    }
  }
}

test('every staff screen fits a 360 px phone without sideways scrolling', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signInWithApi(page, DEMO.admin);
  const me = await currentUser(page);
  const ids = await idsFor(page, me);
  const problems: string[] = [];
  for (const screen of screensFor('admin', ids)) {
    await page.goto(screen);
    await settle(page);
    problems.push(...(await phoneProblems(page, me, screen)));
  }
  expect(problems).toEqual([]);
});

test('the signed-out screens of both hosts are accessible on a desktop and a phone', async ({ page }) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const screen of ['/login', '/forgot-password', '/legal/privacy-policy', '/contact-us']) {
      await page.goto(`${STAFF_URL}${screen}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      problems.push(...(await seriousViolations(page, `${viewport.width}px ${screen}`)));
    }
  }
  expect(problems).toEqual([]);
});

test("the trainer's menu holds only screens that let a trainer in", async ({ page }) => {
  await signInWithApi(page, DEMO.trainer);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/api/')) refused.push(response.url());
  });
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main' });
  const links = await menu
    .getByRole('link')
    .evaluateAll((anchors) =>
      anchors.map((a) => ({ name: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
    );
  expect(links.map((l) => l.name)).not.toContain('Payments');
  for (const link of links) {
    await page.goto(link.href);
    await settle(page);
    await expect(page.getByRole('alert').filter({ hasText: /only admins|cannot|not allowed/i })).toHaveCount(
      0,
    );
  }
  // The payments address typed in: one clear page, nothing loading, nothing to export.
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Only admins see payments');
  await expect(page.getByRole('button', { name: /Export/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});
