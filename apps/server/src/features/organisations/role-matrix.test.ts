// Reads the role matrix of docs/roles.md and checks every cell against the running application.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationStaff } from '../../db/schema/index';
import { createStaff, createTenant, unique } from '../../test/factories';
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
  'staff.read': {
    kind: 'gym',
    // A staff member of the gym: the trainer at gym A, another trainer at gym B.
    requests: (id) => [
      { method: 'GET', url: `/api/staff/${id === home.gymA.id ? home.trainer.id : staffAtB.id}` },
    ],
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
