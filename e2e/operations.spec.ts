// Payments, visits and the dashboard as staff use them: filter the payments and export them, open a
// failed payment and read why it failed, retry it through the billing engine; a member taps at a door
// of the Kisi simulator and the visit appears; the dashboard read for the organisation and for one gym.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, PAGE_HEADERS, signInWithApi } from './helpers';
import { PORT, STAFF_URL } from './playwright.config';

const SANDBOX_KISI_URL = `http://127.0.0.1:${PORT + 3}`;
/** A screen's first load (its code and the session) on a busy machine. */
const FIRST_LOAD = { timeout: 45_000 };

// Each test walks several screens and reads the demo's whole history through the API.
test.describe.configure({ timeout: 240_000 });

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${STAFF_URL}${path}`, { headers: PAGE_HEADERS });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

interface PaymentDetail {
  id: number;
  error_explanation: string | null;
  user: { name: string };
  retry: { allowed: boolean };
}

/** A failed payment of the current organisation that may be retried now (the demo's history has some). */
async function retryablePayment(page: Page): Promise<PaymentDetail> {
  const list = await getJson<{ data: { id: number }[] }>(page, '/api/payments?status=failed&per_page=100');
  for (const { id } of list.data) {
    const { data } = await getJson<{ data: PaymentDetail }>(page, `/api/payments/${id}`);
    if (data.retry.allowed) return data;
  }
  throw new Error('The demo has no failed payment that can be retried now');
}

test('filter the payments, export them, read why one failed and retry it', async ({ page }) => {
  await signInWithApi(page, DEMO.admin);
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1)).toBeVisible(FIRST_LOAD);
  // Without dates the list covers the last 30 days: they go into the address and the date filters.
  await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d/);
  const range = new URL(page.url()).searchParams;
  const [from, to] = [range.get('from')!, range.get('to')!];
  expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
  await expect(page.getByRole('button', { name: 'From' })).not.toHaveText('');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/status=failed/);
  const rows = page.getByRole('table', { name: 'Payments' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Failed', FIRST_LOAD);
  const failedTotal = await page.getByRole('group', { name: 'Failed' }).textContent();
  expect(failedTotal).toMatch(/\$[\d,]+\.\d\d/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d\d-\d\d\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Payment ID,Date,Time,Member,Member email,Gym,Payment type,Status');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain(',Failed,');

  const failed = await retryablePayment(page);
  await page.goto(`/payments?status=failed&payment=${failed.id}`);
  const drawer = page.getByRole('dialog', { name: `Payment ${failed.id}` });
  await expect(drawer.getByText('Why it failed')).toBeVisible(FIRST_LOAD);
  await expect(drawer.getByRole('note')).toContainText(failed.error_explanation!);
  await expect(drawer.getByRole('table', { name: 'Attempts' })).toBeVisible();

  await drawer.getByRole('button', { name: 'Retry now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Retry this payment now?' });
  await expect(confirm).toContainText(failed.user.name);
  await confirm.getByRole('button', { name: 'Retry now' }).click();
  await expect(page.getByText('The payment was sent again.')).toBeVisible(FIRST_LOAD);
  await expect(page).not.toHaveURL(new RegExp(`payment=${failed.id}(&|$)`));
  const retried = Number(new URL(page.url()).searchParams.get('payment'));
  expect(retried).toBeGreaterThan(failed.id);
  const after = await getJson<{ data: { is_retry: boolean; attempts: { id: number }[] } }>(
    page,
    `/api/payments/${retried}`,
  );
  expect(after.data.is_retry).toBe(true);
  expect(after.data.attempts.map((a) => a.id)).toContain(failed.id);
});

interface GymDetail {
  id: number;
  name: string;
  place: { id: number } | null;
  doors: { door_id: string; name: string; tracks_visits: boolean }[];
}

test('a member taps at a door of the Kisi simulator and the visit appears', async ({ page }) => {
  await signInWithApi(page, DEMO.admin);
  const gyms = await getJson<{ data: { id: number }[] }>(page, '/api/gyms');
  let gym: GymDetail | null = null;
  for (const { id } of gyms.data) {
    const { data } = await getJson<{ data: GymDetail }>(page, `/api/gyms/${id}`);
    if (data.place && data.doors.some((d) => d.tracks_visits)) {
      gym = data;
      break;
    }
  }
  expect(gym, 'a demo gym with a Kisi place and a door that tracks visits').not.toBeNull();
  const members = await getJson<{ data: { id: number; name: string }[] }>(
    page,
    `/api/members?gym_id=${gym!.id}&per_page=20`,
  );
  let tapper: { id: number; name: string; kisiUserId: number } | null = null;
  for (const member of members.data) {
    const made = await page.request.post(`${STAFF_URL}/api/users/${member.id}/recreate-kisi-login`, {
      headers: PAGE_HEADERS,
      data: {},
    });
    if (made.status() !== 200) continue;
    const { data } = (await made.json()) as {
      data: { credential: { kisi_user_id: string | null; place: { id: number } } };
    };
    if (data.credential.place.id === gym!.place!.id && data.credential.kisi_user_id) {
      tapper = { ...member, kisiUserId: Number(data.credential.kisi_user_id) };
      break;
    }
  }
  expect(tapper, 'a member of the gym with a Kisi login').not.toBeNull();
  const door = gym!.doors.find((d) => d.tracks_visits)!;

  await page.goto(`/visits?member=${tapper!.id}`);
  await expect(page.getByRole('heading', { name: 'Visits', level: 1 })).toBeVisible(FIRST_LOAD);
  const before = await getJson<{ meta: { total: number } }>(page, `/api/visits?user_id=${tapper!.id}`);

  // The reader at the door: the simulator answers allowed or refused, and sends Kisi's signed webhook.
  const tap = await page.request.post(`${SANDBOX_KISI_URL}/__sandbox/locks/${door.door_id}/tap`, {
    data: { user_id: tapper!.kisiUserId },
  });
  expect(tap.status(), await tap.text()).toBe(200);
  const event = (await tap.json()) as { success: boolean };

  await expect(async () => {
    const now = await getJson<{ meta: { total: number } }>(page, `/api/visits?user_id=${tapper!.id}`);
    expect(now.meta.total).toBe(before.meta.total + 1);
  }).toPass({ timeout: 30_000 });
  await page.reload();
  const first = page.getByRole('table', { name: 'Visits' }).getByRole('row').nth(1);
  await expect(first).toContainText(tapper!.name, FIRST_LOAD);
  await expect(first).toContainText(door.name);
  await expect(first).toContainText(event.success ? 'Allowed' : 'Refused');
});

interface Stats {
  active_members: { current: number };
  revenue_collected: { current: number };
}

test('the dashboard for the organisation and for one gym', async ({ page }) => {
  await signInWithApi(page, DEMO.admin);
  const whole = (await getJson<{ data: Stats }>(page, '/api/stats')).data;
  await page.goto('/dashboard');
  const active = page.getByRole('group', { name: 'Active members' });
  await expect(active).toContainText(String(whole.active_members.current), FIRST_LOAD);
  await expect(page.getByRole('region', { name: 'Active members over time' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paying but not coming in' })).toBeVisible();

  const gyms = await getJson<{ data: { id: number; name: string }[] }>(page, '/api/gyms');
  const gym = gyms.data[0]!;
  const one = (await getJson<{ data: Stats }>(page, `/api/stats?gym_id=${gym.id}`)).data;
  await page.getByRole('combobox', { name: 'Showing' }).click();
  await page.getByRole('option', { name: gym.name }).click();
  await expect(page).toHaveURL(new RegExp(`gym=${gym.id}`));
  await expect(active).toContainText(String(one.active_members.current), FIRST_LOAD);
  expect(one.active_members.current).toBeLessThanOrEqual(whole.active_members.current);
});
