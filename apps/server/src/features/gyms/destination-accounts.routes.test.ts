import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, destinationAccounts } from '../../db/schema/index';
import { createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
let account: { id: number };
let otherAccount: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
  account = await createDestinationAccount(t.db, {
    organisationId: home.organisation.id,
    gymId: home.gymA.id,
  });
  otherAccount = await createDestinationAccount(t.db, {
    organisationId: other.organisation.id,
    gymId: other.gymA.id,
    name: 'Other takings',
  });
});
afterAll(() => t.close());

const put = (url: string, cookie: string, payload: unknown) =>
  t.app.inject(pageRequest({ method: 'PUT', url, cookie, payload: payload as object }));
const post = (url: string, cookie: string, payload: unknown) =>
  t.app.inject(pageRequest({ method: 'POST', url, cookie, payload: payload as object }));
const accountUrl = () => `/api/gyms/${home.gymA.id}/destination-accounts/${account.id}`;
const twice = (number: string) => ({ bank_account_number: number, bank_account_number_confirmation: number });

// Valid by the published checksum, one or more per bank and algorithm (A, B, D, E, F, G).
const VALID: [string, string, string][] = [
  ['ANZ', '01-902-0068389-00', '01-0902-0068389-00'],
  ['BNZ', '02-1234-0012340-000', '02-1234-0012340-000'],
  ['Westpac', '03-1702-0192232-00', '03-1702-0192232-00'],
  ['National Australia Bank', '08-6523-1954512-001', '08-6523-1954512-001'],
  ['ASB, digits only', '123140017132350', '12-3140-0171323-50'],
  ['ASB, spaces', '12 3140 0171323 50', '12-3140-0171323-50'],
  ['TSB (algorithm F)', '25-2500-0012342-000', '25-2500-0012342-000'],
  ['Westpac Trust (algorithm G)', '26-2600-0320871-032', '26-2600-0320871-032'],
  ['Kiwibank', '38-9000-7654338-00', '38-9000-7654338-00'],
];
const INVALID: [string, string][] = [
  ['wrong checksum (ASB)', '12-3140-0171324-50'],
  ['wrong checksum (Kiwibank)', '38-9000-7654321-00'],
  ['wrong checksum (Westpac)', '03-1702-0192237-00'],
  ['unknown bank', '99-0001-0000001-00'],
  ['branch outside the bank’s ranges', '01-5000-0000001-00'],
  ['too short', '12-3140-171323-50'],
  ['not a number', 'twelve-3140'],
];

describe('PUT /api/gyms/{gymId}/destination-accounts/{accountId}', () => {
  it.each(VALID)(
    'accepts a valid %s number and stores it in the canonical form',
    async (_bank, number, stored) => {
      const res = await put(accountUrl(), admin, { name: 'Takings', ...twice(number) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: account.id, name: 'Takings', bank_account_number: stored });
    },
  );

  it.each(INVALID)('refuses a number with %s', async (_why, number) => {
    const res = await put(accountUrl(), admin, { name: 'Takings', ...twice(number) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.bank_account_number).toEqual([
      'Value is not a valid New Zealand bank account number',
    ]);
  });

  it('renames without the number, keeping it', async () => {
    await put(accountUrl(), admin, { name: 'Takings', ...twice('12-3140-0171323-50') });
    const res = await put(accountUrl(), admin, { name: '  Central takings ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: account.id,
      name: 'Central takings',
      bank_account_number: '12-3140-0171323-50',
    });
  });

  it('requires the name, and the repeated number when the number changes', async () => {
    const missing = await put(accountUrl(), admin, { name: ' ', bank_account_number: '12-3140-0171323-50' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      name: ['Value is required'],
      bank_account_number_confirmation: ['The value is required'],
    });
    const different = await put(accountUrl(), admin, {
      name: 'Takings',
      bank_account_number: '12-3140-0171323-50',
      bank_account_number_confirmation: '01-902-0068389-00',
    });
    expect(different.json().errors).toEqual({
      bank_account_number_confirmation: ['The value must be equal to the bank account number value'],
    });
    const sameNumberOtherwiseWritten = await put(accountUrl(), admin, {
      name: 'Takings',
      bank_account_number: '12-3140-0171323-50',
      bank_account_number_confirmation: '123140017132350',
    });
    expect(sameNumberOtherwiseWritten.statusCode).toBe(200);
  });

  it('logs the change with only the end of each number', async () => {
    await put(accountUrl(), admin, { name: 'Takings', ...twice('38-9000-7654338-00') });
    const log = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'gym.destination_account_changed'));
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify(log.at(-1)!.data)).not.toContain('9000-7654338');
    expect(log.at(-1)).toMatchObject({ actorUserId: home.admin.id, subjectId: home.gymA.id });
  });

  it('logs two changes made at once as a chain: each one’s before is what the other left', async () => {
    await put(accountUrl(), admin, { name: 'Start' });
    const [first, second] = await Promise.all([
      put(accountUrl(), admin, { name: 'Renamed by one' }),
      put(accountUrl(), admin, { name: 'Renamed by two' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const log = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'gym.destination_account_changed'))
      .orderBy(activityLog.id);
    const names = log
      .slice(-3)
      .map((entry) => (entry.data as { name: { before: string; after: string } }).name);
    // Start, then the two in whichever order they ran: the later one's before is the earlier one's after.
    expect(names[1]!.before).toBe('Start');
    expect(names[2]!.before).toBe(names[1]!.after);
    const [stored] = await t.db
      .select()
      .from(destinationAccounts)
      .where(eq(destinationAccounts.id, account.id));
    expect(stored!.name).toBe(names[2]!.after);
  });

  it('answers 404 for an account of another gym or organisation', async () => {
    const res = await put(`/api/gyms/${home.gymB.id}/destination-accounts/${account.id}`, admin, {
      name: 'x',
    });
    expect(res.statusCode).toBe(404);
    await expectIsolated(t.app, admin, [
      {
        name: 'other organisation’s account',
        request: {
          method: 'PUT',
          url: `/api/gyms/${other.gymA.id}/destination-accounts/${otherAccount.id}`,
          payload: { name: 'Mine now' },
        },
        refusedWith: [404],
        mustNotContain: ['Other takings'],
      },
      {
        name: 'other account through my gym',
        request: {
          method: 'PUT',
          url: `/api/gyms/${home.gymA.id}/destination-accounts/${otherAccount.id}`,
          payload: { name: 'Mine now' },
        },
        refusedWith: [404],
        mustNotContain: ['Other takings'],
      },
    ]);
    const [row] = await t.db
      .select()
      .from(destinationAccounts)
      .where(eq(destinationAccounts.id, otherAccount.id));
    expect(row!.name).toBe('Other takings');
  });
});

describe('POST /api/gyms/{id}/destination-accounts', () => {
  it('creates the gym’s first account, then refuses a second with 409', async () => {
    const body = { name: 'North takings', ...twice('01-902-0068389-00') };
    const created = await post(`/api/gyms/${home.gymB.id}/destination-accounts`, admin, body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toEqual({
      id: expect.any(Number),
      name: 'North takings',
      bank_account_number: '01-0902-0068389-00',
    });
    const again = await post(`/api/gyms/${home.gymB.id}/destination-accounts`, admin, body);
    expect(again.statusCode).toBe(409);
    const gym = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/gyms/${home.gymB.id}`, cookie: admin }),
    );
    expect(gym.json().data.destination_account).toEqual(created.json().data);
  });

  it('requires the name and the number, and its repetition', async () => {
    const res = await post(`/api/gyms/${home.gymB.id}/destination-accounts`, admin, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Value is required'],
      bank_account_number: ['Value is required'],
    });
    const unconfirmed = await post(`/api/gyms/${home.gymB.id}/destination-accounts`, admin, {
      name: 'x',
      bank_account_number: '01-902-0068389-00',
    });
    expect(unconfirmed.json().errors).toEqual({
      bank_account_number_confirmation: ['The value is required'],
    });
  });

  it('is for the gym’s admins only', async () => {
    const trainer = await signIn(t.app, home.trainer.email);
    const gymAdmin = await signIn(t.app, home.gymAdmin.email);
    const body = { name: 'x', ...twice('01-902-0068389-00') };
    expect((await put(accountUrl(), trainer, body)).statusCode).toBe(403);
    expect((await post(`/api/gyms/${home.gymB.id}/destination-accounts`, gymAdmin, body)).statusCode).toBe(
      403,
    );
    expect((await put(accountUrl(), gymAdmin, { name: 'Run by the gym admin' })).statusCode).toBe(200);
  });
});
