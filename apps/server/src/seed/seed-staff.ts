// Demo staff: the sign-ins of demo-people.ts plus colleagues, with organisation and gym roles.
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';
import type { SeededOrg } from './catalogue-seed';
import { DEMO_EMAILS } from './demo-people';

type Role = 'admin' | 'personal_trainer';

interface StaffDef {
  name: string;
  email: string;
  twoFactor?: boolean;
  /** Organisation key → organisation role (null: per-gym roles only). */
  organisations: Record<string, Role | null>;
  gyms?: [gymKey: string, role: Role][];
  pendingInvite?: boolean;
  deactivated?: boolean;
  mobile?: string;
}

const STAFF: StaffDef[] = [
  {
    name: 'Sarah Mitchell',
    email: DEMO_EMAILS.admin,
    organisations: { southern: 'admin', kowhai: 'admin' },
    mobile: '021 448 1902',
  },
  {
    name: 'Tama Ngata',
    email: DEMO_EMAILS.gymAdmin,
    organisations: { southern: null },
    gyms: [
      ['ponsonby', 'admin'],
      ['te-aro', 'admin'],
    ],
    mobile: '027 310 5588',
  },
  {
    name: 'Liam Fonoti',
    email: DEMO_EMAILS.trainer,
    organisations: { southern: null },
    gyms: [['ponsonby', 'personal_trainer']],
  },
  {
    name: 'Priya Patel',
    email: DEMO_EMAILS.twoFactor,
    twoFactor: true,
    organisations: { kowhai: 'admin' },
    mobile: '022 187 4410',
  },
  {
    name: 'Mere Tipene',
    email: 'mere.tipene@southernstrength.example.co.nz',
    organisations: { southern: null },
    gyms: [['riccarton', 'admin']],
  },
  {
    name: 'Sione Fifita',
    email: 'sione.fifita@southernstrength.example.co.nz',
    organisations: { southern: null },
    gyms: [
      ['te-aro', 'personal_trainer'],
      ['riccarton', 'personal_trainer'],
    ],
  },
  {
    name: 'Hamish McKenzie',
    email: 'hamish.mckenzie@southernstrength.example.co.nz',
    organisations: { southern: 'personal_trainer' },
  },
  {
    name: 'Zoe Clarke',
    email: 'zoe.clarke@southernstrength.example.co.nz',
    organisations: { southern: null },
    gyms: [['ponsonby', 'personal_trainer']],
    pendingInvite: true,
  },
  {
    name: 'Josh Walker',
    email: 'josh.walker@southernstrength.example.co.nz',
    organisations: { southern: null },
    gyms: [['riccarton', 'personal_trainer']],
    deactivated: true,
  },
  {
    name: 'Kiri Rangi',
    email: 'kiri.rangi@kowhaifitness.example.co.nz',
    organisations: { kowhai: null },
    gyms: [['mount', 'personal_trainer']],
  },
];

/** Inserts the staff; returns user ids by email. Everyone who has accepted shares the one demo password hash. */
export async function seedStaff(tx: Executor, orgs: SeededOrg[], passwordHash: string, createdAt: Date) {
  const rows = await tx
    .insert(s.users)
    .values(
      STAFF.map((staff) => ({
        name: staff.name,
        email: staff.email,
        passwordHash: staff.pendingInvite ? null : passwordHash,
        isStaff: true,
        twoFactorEnabled: staff.twoFactor ?? false,
        emailVerifiedAt: staff.pendingInvite ? null : createdAt,
        mobileNumber: staff.mobile ?? null,
        createdAt,
      })),
    )
    .returning({ id: s.users.id, email: s.users.email });
  const ids = new Map(rows.map((r) => [r.email, r.id]));
  const orgByKey = new Map(orgs.map((o) => [o.def.key, o]));
  const organisationStaff: (typeof s.organisationStaff.$inferInsert)[] = [];
  const gymStaff: (typeof s.gymStaff.$inferInsert)[] = [];
  for (const staff of STAFF) {
    const userId = ids.get(staff.email)!;
    for (const [orgKey, role] of Object.entries(staff.organisations)) {
      const org = orgByKey.get(orgKey as SeededOrg['def']['key'])!;
      organisationStaff.push({
        organisationId: org.id,
        userId,
        role,
        pendingInvite: staff.pendingInvite ?? false,
        invitedAt: createdAt,
        acceptedAt: staff.pendingInvite ? null : createdAt,
        accessEnabled: !staff.pendingInvite && !staff.deactivated,
        createdAt,
        deletedAt: staff.deactivated ? createdAt : null,
      });
      // Deactivating someone removes their gym roles (deactivateStaff); the demo matches what the app does.
      for (const [gymKey, gymRole] of staff.deactivated ? [] : (staff.gyms ?? [])) {
        const gym = org.gyms.find((g) => g.def.key === gymKey);
        if (gym) gymStaff.push({ organisationId: org.id, gymId: gym.id, userId, role: gymRole, createdAt });
      }
    }
  }
  await tx.insert(s.organisationStaff).values(organisationStaff);
  await tx.insert(s.gymStaff).values(gymStaff);
  return { ids, count: STAFF.length, adminId: ids.get(DEMO_EMAILS.admin)! };
}
