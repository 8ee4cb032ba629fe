// Reads the role matrix of docs/roles.md and checks every cell against the running application.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toCalendarDate } from '@gym/domain/calendar-date';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationStaff } from '../../db/schema/index';
import { createOffering, createPrice } from '../../test/catalogue-factories';
import { createMember, createStaff, createTenant, unique } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { connectKisi, KISI_KEY, kisiApi } from '../access-control/access-control.test-support';

const ROLES_DOC = new URL('../../../../../docs/roles.md', import.meta.url);
const ROLE_COLUMNS = ['Organisation admin', 'Gym admin', 'Personal trainer', 'Member'] as const;
type RoleColumn = (typeof ROLE_COLUMNS)[number];

/** The matrix rows: capability id → the cell of each role column. */
function readMatrix() {
  const lines = readFileSync(ROLES_DOC, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('| `'));
  const header = readFileSync(ROLES_DOC, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('| Capability'))!;
  const columns = header.split('|').map((c) => c.trim());
  return lines.map((line) => {
    const cells = line.split('|').map((c) => c.trim());
    const cellOf = (role: RoleColumn) => cells[columns.indexOf(role)]!;
    return {
      id: cells[1]!.replaceAll('`', ''),
      cells: Object.fromEntries(ROLE_COLUMNS.map((r) => [r, cellOf(r)])) as Record<RoleColumn, string>,
    };
  });
}

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let staffAtB: { id: number };
const accounts = new Map<number, number>();
const cookies = new Map<RoleColumn, string>();
const uploads = mkdtempSync(join(tmpdir(), 'role-matrix-'));
let logoForm: { payload: Buffer; headers: Record<string, string> };
let kisiPlaceId: number;
let offeringEverywhere: { id: number };

beforeAll(async () => {
  t = await createTestApp({ UPLOADS_DIR: uploads });
  home = await createTenant(t.db);
  staffAtB = await createStaff(t.db, {
    organisationId: home.organisation.id,
    gyms: [{ gymId: home.gymB.id, role: 'personal_trainer' }],
  });
  for (const gym of [home.gymA, home.gymB]) {
    accounts.set(
      gym.id,
      (await createDestinationAccount(t.db, { organisationId: home.organisation.id, gymId: gym.id })).id,
    );
  }
  const people: Record<RoleColumn, string> = {
    'Organisation admin': home.admin.email,
    'Gym admin': home.gymAdmin.email,
    'Personal trainer': home.trainer.email,
    Member: home.member.email,
  };
  for (const role of ROLE_COLUMNS) cookies.set(role, await signIn(t.app, people[role]));
  offeringEverywhere = await createOffering(t.db, {
    organisationId: home.organisation.id,
    allGymsAccess: true,
  });
  // Door access needs the organisation connected to (the sandbox's) Kisi and a place there.
  await connectKisi(t, home.organisation.id, cookies.get('Organisation admin')!);
  kisiPlaceId = kisiApi(t).seed().placeId;
  const data = new FormData();
  data.append('collection', 'logo');
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c81e3c' } })
    .png()
    .toBuffer();
  data.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  logoForm = {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
  for (const gym of [home.gymA, home.gymB]) {
    const res = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/gyms/${gym.id}/logo`,
        cookie: cookies.get('Organisation admin'),
        ...logoForm,
      }),
    );
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

type Kind = 'organisation' | 'gym' | 'gym-list';
interface Capability {
  kind: Kind;
  /** The calls of the capability; gym capabilities get the gym to act on. */
  requests(gymId: number): Promise<InjectOptions[]> | InjectOptions[];
}

const org = (suffix = '') => `/api/organisations/${home.organisation.id}${suffix}`;
/** A member whose home gym is this one (made once per gym); `fresh` makes a new one, for deleting. */
const membersAt = new Map<number, number>();
const memberAt = async (gymId: number, fresh = false) => {
  if (fresh || !membersAt.has(gymId)) {
    const made = await createMember(t.db, { organisationId: home.organisation.id, gymId });
    if (fresh) return made.id;
    membersAt.set(gymId, made.id);
  }
  return membersAt.get(gymId)!;
};
let joinPrice: { id: number } | undefined;
const newMember = async (gymId: number) => {
  joinPrice ??= await createPrice(t.db, {
    organisationId: home.organisation.id,
    offeringId: offeringEverywhere.id,
  });
  return {
    name: 'Matrix Member',
    email: `${unique('member')}@example.co.nz`,
    mobile_number: '021 000 0000',
    gym_id: gymId,
    price_id: joinPrice.id,
    start_date: toCalendarDate(t.clock.now()),
  };
};
const pendingStaff = async () => {
  const person = await createStaff(t.db, {
    organisationId: home.organisation.id,
    role: 'personal_trainer',
    user: { passwordHash: null },
  });
  await t.db
    .update(organisationStaff)
    .set({ pendingInvite: true })
    .where(eq(organisationStaff.userId, person.id));
  return person;
};

const CAPABILITIES: Record<string, Capability> = {
  'organisation.read': { kind: 'organisation', requests: () => [{ method: 'GET', url: org() }] },
  'organisation.settings': {
    kind: 'organisation',
    requests: () => [
      { method: 'PUT', url: org(), payload: { name: 'Matrix Fitness' } },
      {
        method: 'PUT',
        url: org('/grace-period'),
        payload: { failed_payment_grace_period: 7, failed_payment_grace_period_unit: 'days' },
      },
      {
        method: 'PUT',
        url: org('/term-membership-grace-period'),
        payload: { term_membership_grace_period: 7, term_membership_grace_period_unit: 'days' },
      },
      {
        method: 'PUT',
        url: org('/offering-permissions'),
        payload: { enable_offerings: true, non_stop: true, limited_access: true },
      },
      {
        method: 'PUT',
        url: org('/price-frequencies'),
        payload: {
          weekly: true,
          fortnightly: true,
          monthly: true,
          quarterly: true,
          six_monthly: true,
          yearly: true,
        },
      },
      {
        method: 'PUT',
        url: org('/tax-details'),
        payload: { legal_name: 'Matrix Fitness Limited', gst_number: '123-456-789' },
      },
      {
        method: 'PUT',
        url: org('/self-service'),
        payload: {
          member_pauses_allowed: true,
          member_pause_min_days: 7,
          member_pause_max_days: 60,
          member_pauses_per_year: 2,
          member_pause_notice_days: 0,
          member_online_cancellation: true,
        },
      },
    ],
  },
  'organisation.age-bypass-link': {
    kind: 'organisation',
    requests: () => [{ method: 'POST', url: org('/age-bypass-links'), payload: {} }],
  },
  'organisation.akahu-webhooks': {
    kind: 'organisation',
    requests: () => [{ method: 'GET', url: org('/akahu-webhooks') }],
  },
  'gyms.list': { kind: 'gym-list', requests: () => [{ method: 'GET', url: '/api/gyms' }] },
  'gym.read': { kind: 'gym', requests: (id) => [{ method: 'GET', url: `/api/gyms/${id}` }] },
  'gym.settings': {
    kind: 'gym',
    requests: (id) => [
      { method: 'PUT', url: `/api/gyms/${id}`, payload: { name: `Matrix gym ${id}` } },
      { method: 'PUT', url: `/api/gyms/${id}/tracks-visits`, payload: { tracks_visits: true } },
    ],
  },
  'gym.destination-account': {
    kind: 'gym',
    requests: (id) => {
      const number = {
        bank_account_number: '01-902-0068389-00',
        bank_account_number_confirmation: '01-902-0068389-00',
      };
      return [
        // The gym already has its account: an allowed person gets 409, a refused one 403.
        {
          method: 'POST',
          url: `/api/gyms/${id}/destination-accounts`,
          payload: { name: 'Second', ...number },
        },
        {
          method: 'PUT',
          url: `/api/gyms/${id}/destination-accounts/${accounts.get(id)}`,
          payload: { name: 'Takings', ...number },
        },
      ];
    },
  },
  'gym.logo.upload': {
    kind: 'gym',
    requests: (id) => [{ method: 'POST', url: `/api/gyms/${id}/logo`, ...logoForm }],
  },
  'gym.logo.read': { kind: 'gym', requests: (id) => [{ method: 'GET', url: `/api/gyms/${id}/logo` }] },
  'gym.integrations': {
    kind: 'gym',
    requests: (id) => [
      {
        method: 'PUT',
        url: `/api/gyms/${id}/branch-config`,
        payload: { branch_app_id: 'app', branch_key: 'key', branch_secret: 'secret' },
      },
      {
        method: 'PUT',
        url: `/api/gyms/${id}/akahu-config`,
        payload: { akahu_app_token: 'app_token_x', akahu_app_secret: 'secret' },
      },
    ],
  },
  'gym.stripe-connect': {
    kind: 'gym',
    requests: (id) => [{ method: 'POST', url: `/api/gyms/${id}/stripe/redirect`, payload: {} }],
  },
  'access-control.integration': {
    kind: 'organisation',
    requests: () => [
      { method: 'GET', url: org('/access-control/integration') },
      {
        method: 'POST',
        url: org('/access-control/integration'),
        payload: { integration_type: 'kisi', api_key: KISI_KEY },
      },
    ],
  },
  'access-control.places': {
    kind: 'organisation',
    requests: () => [
      { method: 'GET', url: org('/access-control/places') },
      { method: 'GET', url: org(`/access-control/places/${kisiPlaceId}/doors`) },
    ],
  },
  'gym.access-control.place': {
    kind: 'gym',
    // One Kisi place serves one gym: linking it to the second gym answers 409 to an allowed person.
    requests: (id) => [
      { method: 'POST', url: `/api/gyms/${id}/access-control/places`, payload: { place_id: kisiPlaceId } },
    ],
  },
  'catalogue.read': {
    kind: 'organisation',
    requests: () => [
      { method: 'GET', url: '/api/offerings' },
      { method: 'GET', url: `/api/offerings/${offeringEverywhere.id}` },
      { method: 'GET', url: `/api/offerings/${offeringEverywhere.id}/prices` },
      { method: 'GET', url: org('/prices') },
    ],
  },
  'gym.offerings': {
    kind: 'gym',
    requests: (id) => [
      { method: 'GET', url: `/api/gyms/${id}/offerings` },
      { method: 'GET', url: `/api/gyms/${id}/offerings/${offeringEverywhere.id}/unique-memberships` },
    ],
  },
  'staff.read': {
    kind: 'gym',
    // A staff member of the gym: the trainer at gym A, another trainer at gym B.
    requests: (id) => [
      { method: 'GET', url: `/api/staff/${id === home.gymA.id ? home.trainer.id : staffAtB.id}` },
    ],
  },
  'payments.read': {
    kind: 'gym',
    requests: (id) => [
      { method: 'GET', url: `/api/payments?gym_id=${id}` },
      { method: 'POST', url: '/api/payments/export', payload: { gym_id: id } },
    ],
  },
  'visits.read': {
    kind: 'gym',
    requests: (id) => [
      { method: 'GET', url: `/api/visits?gym_id=${id}` },
      { method: 'POST', url: '/api/visits/export', payload: { gym_id: id } },
    ],
  },
  'dashboard.read': {
    kind: 'gym',
    requests: (id) =>
      ['stats', 'active-users', 'user-breakdown', 'cost-and-visit-breakdown'].map((call) => ({
        method: 'GET' as const,
        url: `/api/${call}?gym_id=${id}`,
      })),
  },
  'reports.read': {
    kind: 'gym',
    requests: (id) =>
      ['recurring-revenue', 'churn', 'collections', 'debtors', 'forecast'].flatMap((report) => [
        { method: 'GET' as const, url: `/api/reports/${report}?gym_id=${id}` },
        { method: 'GET' as const, url: `/api/reports/${report}/export?gym_id=${id}` },
      ]),
  },
  'reports.at-risk': {
    kind: 'gym',
    requests: (id) => [
      { method: 'GET', url: `/api/reports/at-risk?gym_id=${id}` },
      { method: 'POST', url: '/api/reports/at-risk/export', payload: { gym_id: id } },
    ],
  },
  'active-user-debugging': {
    kind: 'organisation',
    requests: () => [{ method: 'GET', url: '/api/active-user-debugging' }],
  },
  'members.read': {
    kind: 'gym',
    requests: async (id) => {
      const member = await memberAt(id);
      return [
        { method: 'GET', url: `/api/members?gym_id=${id}` },
        ...[
          '',
          '/access-control',
          '/access-control-credentials',
          '/payment-types',
          '/activity-log',
          '/weekly-visits',
          '/subscription-periods',
          '/weekly-cost-per-visit',
        ].map((path) => ({ method: 'GET' as const, url: `/api/members/${member}${path}` })),
        { method: 'GET', url: `/api/users/${member}/payments` },
        { method: 'GET', url: `/api/users/${member}/visits` },
      ];
    },
  },
  'members.manage': {
    kind: 'gym',
    requests: async (id) => [
      { method: 'POST', url: '/api/members', payload: await newMember(id) },
      { method: 'PUT', url: `/api/members/${await memberAt(id)}`, payload: { notes: 'Matrix' } },
      { method: 'DELETE', url: `/api/members/${await memberAt(id, true)}` },
      // No Kisi place at the gym answers 409 to an allowed person.
      { method: 'POST', url: `/api/users/${await memberAt(id)}/recreate-kisi-login`, payload: {} },
    ],
  },
  'members.export': {
    kind: 'gym',
    requests: (id) => [{ method: 'POST', url: '/api/members/export', payload: { gym_id: id } }],
  },
  'staff.manage': {
    kind: 'organisation',
    requests: async () => [
      { method: 'POST', url: org('/staff-exists'), payload: { email: home.trainer.email } },
      {
        method: 'POST',
        url: org('/staff'),
        payload: { inviting: true, email: `${unique('matrix')}@example.co.nz`, role: 'personal_trainer' },
      },
      { method: 'POST', url: `/api/staff/${(await pendingStaff()).id}/resend-invitation`, payload: {} },
      {
        method: 'PUT',
        url: `/api/staff/${(await pendingStaff()).id}`,
        payload: { role: 'personal_trainer', gyms: [] },
      },
      { method: 'DELETE', url: `/api/staff/${(await pendingStaff()).id}` },
    ],
  },
};

const allowed = (status: number) => (status >= 200 && status < 300) || status === 409;

async function expectCell(
  role: RoleColumn,
  capability: Capability,
  gymId: number,
  expected: 'allowed' | 'refused',
  label: string,
) {
  for (const request of await capability.requests(gymId)) {
    const res = await t.app.inject(pageRequest({ ...request, cookie: cookies.get(role) }));
    const what = `${label}: ${role} ${request.method} ${request.url} answered ${res.statusCode} ${res.body.slice(0, 120)}`;
    if (expected === 'allowed') expect(allowed(res.statusCode), what).toBe(true);
    else expect(res.statusCode, what).toBe(403);
  }
}

describe('docs/roles.md', () => {
  const matrix = readMatrix();

  it('names every capability the test knows, and only those', () => {
    expect(matrix.map((row) => row.id).sort()).toEqual(Object.keys(CAPABILITIES).sort());
  });

  for (const row of matrix) {
    for (const role of ROLE_COLUMNS) {
      const cell = row.cells[role];
      it(`${row.id} × ${role}: ${cell}`, async () => {
        const capability = CAPABILITIES[row.id]!;
        const scope = cell.startsWith('own gyms')
          ? 'own'
          : cell === 'yes'
            ? 'all'
            : cell === 'no'
              ? 'none'
              : 'unknown';
        expect(scope, `cell "${cell}"`).not.toBe('unknown');
        if (capability.kind === 'gym-list') {
          const [request] = await capability.requests(0);
          const res = await t.app.inject(pageRequest({ ...request!, cookie: cookies.get(role) }));
          if (scope === 'none') return expect(res.statusCode).toBe(403);
          const ids = res
            .json()
            .data.map((g: { id: number }) => g.id)
            .sort();
          return expect(ids).toEqual(scope === 'all' ? [home.gymA.id, home.gymB.id].sort() : [home.gymA.id]);
        }
        if (capability.kind === 'organisation') {
          if (scope === 'own') throw new Error(`${row.id} is not per gym`);
          return expectCell(role, capability, home.gymA.id, scope === 'all' ? 'allowed' : 'refused', row.id);
        }
        // Gym A is where the gym admin and the trainer hold their roles; gym B is the organisation's other gym.
        await expectCell(
          role,
          capability,
          home.gymA.id,
          scope === 'none' ? 'refused' : 'allowed',
          `${row.id} at gym A`,
        );
        await expectCell(
          role,
          capability,
          home.gymB.id,
          scope === 'all' ? 'allowed' : 'refused',
          `${row.id} at gym B`,
        );
      });
    }
  }
});

/**
 * Calls whose rules are not a role of the current organisation: public (sign-in, links from emails,
 * webhooks signed by providers, health), the signed-in person's own (me, switching, sign-out), the
 * developers' sandbox tools, or per-record rules tested beside the feature (each names where).
 */
const OUTSIDE_THE_MATRIX: Record<string, string> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'own session',
  'GET /api/me': 'own account',
  'POST /api/forgot-password': 'public',
  'POST /api/reset-password': 'emailed link',
  'POST /api/set-password': 'emailed link',
  'POST /api/accept-invitation': 'emailed link',
  'POST /api/email/verify': 'own session',
  'POST /api/email/resend': 'own session',
  'GET /api/register/options':
    'public: the gyms and public prices a join link opens (registration.routes.test.ts)',
  'POST /api/unique-email': 'public, rate-limited (registration.routes.test.ts)',
  'POST /api/register': 'public: makes the person’s own account (registration.routes.test.ts)',
  'GET /api/register/gyms/{uuid}/logo':
    'public: a gym’s logo by its join link, like its name (registration.routes.test.ts)',
  'PUT /api/me/register-fields': 'own account, members only (registration.routes.test.ts)',
  'POST /api/profile-picture': 'own account, members only (registration.routes.test.ts)',
  'GET /api/users/{id}/profile-picture':
    'the person, or staff of an organisation they are a member of (registration.routes.test.ts)',
  'GET /api/me/active-subscription': 'own membership, members only (registration.routes.test.ts)',
  'GET /api/surcharge-total': 'own membership, members only (registration.routes.test.ts)',
  'POST /api/me/payment-types/{payment_type_id}/switch':
    'own payment methods only (registration.routes.test.ts)',
  'POST /api/subscriptions': 'own membership, members only (registration.routes.test.ts)',
  'GET /api/akahu/auth-url': 'own account, members only (registration.routes.test.ts)',
  'POST /api/akahu/exchange': 'own session’s consent state (registration.routes.test.ts)',
  'POST /api/akahu/sync-accounts': 'own bank connection (registration.routes.test.ts)',
  'GET /api/me/account': 'own account, members only (account.routes.test.ts)',
  'GET /api/me/payments': 'own account, members only (account.routes.test.ts)',
  'GET /api/me/payments/{id}/receipt': 'own account, members only (account.routes.test.ts)',
  'POST /api/me/pay-now': 'own account, members only (account.routes.test.ts)',
  'GET /api/me/payment-methods': 'own account, members only (account.routes.test.ts)',
  'POST /api/me/payment-methods/{payment_type_id}/default':
    'own account, members only (account.routes.test.ts)',
  'POST /api/me/pause': 'own account, members only (account.routes.test.ts)',
  'DELETE /api/me/pauses/{pause_id}': 'own account, members only (account.routes.test.ts)',
  'POST /api/me/cancel': 'own account, members only (account.routes.test.ts)',
  'POST /api/me/undo-cancellation': 'own account, members only (account.routes.test.ts)',
  'GET /api/me/details': 'own account, members only (account.routes.test.ts)',
  'PUT /api/me/details': 'own account, members only (account.routes.test.ts)',
  'POST /api/me/email-change': 'own account, members only (account.routes.test.ts)',
  'POST /api/me/email-change/confirm': 'own account, members only (account.routes.test.ts)',
  'POST /api/me/password': 'own account, members only (account.routes.test.ts)',
  'GET /api/me/data-export': 'own account, members only (account.routes.test.ts)',
  'POST /api/me/card-setup': 'own account, members only (registration.routes.test.ts)',
  'POST /api/me/card-setup/complete': 'own account, members only (registration.routes.test.ts)',
  'POST /api/handover': 'own session, members only (registration.routes.test.ts)',
  'POST /api/handover/redeem': 'one-time hand-over token (registration.routes.test.ts)',
  'POST /api/organisations/{id}/switch': 'own memberships (tenancy.routes.test.ts)',
  'POST /api/gyms/{id}/switch': 'own memberships (tenancy.routes.test.ts)',
  'POST /api/search': 'any staff, scoped to their gyms (search.routes.test.ts)',
  'GET /api/check-in/members': 'any staff, scoped to their gyms’ members (check-in.routes.test.ts)',
  'GET /api/check-in/members/{id}': 'as members.read, per member’s home gym (check-in.routes.test.ts)',
  'POST /api/check-in': 'as members.read, per member’s home gym (check-in.routes.test.ts)',
  'POST /api/stripe/exchange': 'kept to the person who started it (stripe-connect tests)',
  'GET /api/gyms/{id}/stripe': 'as gym.read (stripe-connect tests)',
  'GET /api/organisations/{id}/staff':
    'staff.read: the list holds only their gyms’ staff (staff.routes.test.ts)',
  'PUT /api/organisations/{id}/access-control/places/{place_id}/doors/{door_id}':
    'gym.access-control.place: the doors of their gym’s place (access-control.access.test.ts)',
  'POST /api/staff/{id}/kisi-access': 'the session’s current gym (staff-access.routes.test.ts)',
  'GET /api/webhook-calls': 'organisation admins (webhook-calls tests)',
  'GET /api/webhooks': 'organisation admins (webhook-endpoints.routes.test.ts)',
  'POST /api/webhooks/{provider}/test-event':
    'organisation admins, sandbox only (webhook-test-event.routes.test.ts)',
  'GET /api/expected-payments-debugging': 'organisation admins (expected-payments.routes.test.ts)',
  'GET /api/dev/clock': 'organisation admins, sandbox only (billing-run.routes.test.ts)',
  'POST /api/dev/clock': 'organisation admins, sandbox only (billing-run.routes.test.ts)',
  'POST /api/webhooks/akahu': 'provider signature',
  'POST /api/webhooks/stripe': 'provider signature',
  'POST /api/webhooks/kisi': 'provider signature',
  'POST /api/offerings': 'per offering’s gyms (offering-access.test.ts, offerings.write.test.ts)',
  'PUT /api/offerings/{id}': 'per offering’s gyms (offering-access.test.ts)',
  'DELETE /api/offerings/{id}': 'per offering’s gyms (offering-access.test.ts)',
  'DELETE /api/offerings/{id}/archive': 'per offering’s gyms (offering-access.test.ts)',
  'POST /api/offerings/{id}/prices': 'per offering’s gyms (prices.write.test.ts)',
  'PUT /api/prices/{id}': 'per offering’s gyms (prices.write.test.ts)',
  'DELETE /api/prices/{id}': 'per offering’s gyms (prices.write.test.ts)',
  'DELETE /api/prices/{id}/archive': 'per offering’s gyms (prices.write.test.ts)',
  'POST /api/prices/{id}/restore': 'per offering’s gyms (prices.write.test.ts)',
  'POST /api/prices/{id}/private-links': 'per offering’s gyms (private-links.test.ts)',
  'POST /api/prices/{price_id}/pro-rata': 'as catalogue.read (pro-rata.test.ts)',
  'GET /api/subscriptions/{id}/actions':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'POST /api/subscriptions/{id}/pause':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'DELETE /api/subscriptions/{id}/pauses/{pause_id}':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'POST /api/subscriptions/{id}/cancel':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'POST /api/subscriptions/{id}/undo-cancellation':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'POST /api/subscriptions/schedule-price-change':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'POST /api/subscriptions/change-price-email-preview':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'GET /api/subscriptions/{id}/start-early-data':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'POST /api/subscriptions/{id}/start-early':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'GET /api/subscriptions/{id}/balance':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'POST /api/subscriptions/{id}/manual-payment':
    'per subscription’s gym: subscription.manage (subscriptions-access.routes.test.ts)',
  'GET /api/users/{id}/price-change-history':
    'per member’s gyms: subscription.manage (subscriptions-access.routes.test.ts)',
  'POST /api/subscriptions/bulk-price-change/preview':
    'subscription.bulk-price-change, per gym (bulk-price-change.routes.test.ts)',
  'POST /api/subscriptions/bulk-price-change':
    'subscription.bulk-price-change, per gym (bulk-price-change.routes.test.ts)',
  'GET /api/subscriptions/bulk-price-change/{id}':
    'subscription.bulk-price-change, per gym (bulk-price-change.routes.test.ts)',
  'GET /api/payments/{id}': 'payments.read, by the payment’s gym (payments.routes.test.ts)',
  'POST /api/payments/{id}/retry': 'admins of the payment’s gym (payments.routes.test.ts)',
  'POST /api/reports/at-risk/contacts':
    'reports.at-risk, by the member’s memberships’ gyms (at-risk.routes.test.ts)',
  'GET /api/me/weekly-digest': 'own setting, organisation admins (weekly-digest.routes.test.ts)',
  'PUT /api/me/weekly-digest': 'own setting, organisation admins (weekly-digest.routes.test.ts)',
};

describe('every route', () => {
  it('is in the role matrix or named here with where its rule is tested', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ key: `${method.toUpperCase()} ${path}`, method, path })),
    );
    const covered = new Set<string>();
    for (const capability of Object.values(CAPABILITIES)) {
      for (const gymId of [home.gymA.id]) {
        for (const request of await capability.requests(gymId)) {
          const url = String(request.url).split('?')[0]!;
          for (const operation of operations) {
            const pattern = new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
            if (operation.method.toUpperCase() === request.method && pattern.test(url))
              covered.add(operation.key);
          }
        }
      }
    }
    const missing = operations
      .map((operation) => operation.key)
      .filter((key) => !covered.has(key) && !(key in OUTSIDE_THE_MATRIX));
    expect(
      missing,
      'routes with no role-matrix entry: add them to docs/roles.md or OUTSIDE_THE_MATRIX',
    ).toEqual([]);
    // And nothing named here that no longer exists.
    const known = new Set(operations.map((operation) => operation.key));
    expect(Object.keys(OUTSIDE_THE_MATRIX).filter((key) => !known.has(key))).toEqual([]);
  });
});
