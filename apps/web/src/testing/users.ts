// Signed-in users for page tests, shaped as GET /api/me answers; one per role of the demo data.
import type { Me } from '@/lib/session/me';

const southern = { id: 1, name: 'Southern Strength', role: null, multi_gym: true };
const kowhai = { id: 2, name: 'Kōwhai Fitness', role: null, multi_gym: false };
const ponsonby = { id: 11, name: 'Ponsonby', role: null };
const teAro = { id: 12, name: 'Te Aro', role: null };
const riccarton = { id: 13, name: 'Riccarton', role: null };

function buildMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 101,
    name: 'sarah mitchell',
    email: 'sarah@example.co.nz',
    is_staff: true,
    two_factor_enabled: false,
    current_organisation: { ...southern, role: 'admin' },
    current_gym: { ...ponsonby, role: 'admin' },
    organisations: [{ ...southern, role: 'admin' }],
    gyms: [{ ...ponsonby, role: 'admin' }],
    is_organisation_admin: true,
    is_gym_admin: true,
    profile_picture: null,
    payment_types: [],
    start_date: null,
    billing_date: null,
    default_payment_type: null,
    general_card_surcharge_text: null,
    offering: null,
    price_id: null,
    registration_complete: false,
    ...overrides,
  };
}

/** Admin of two organisations; every gym of the current one as admin. */
export const organisationAdmin = buildMe({
  organisations: [
    { ...southern, role: 'admin' },
    { ...kowhai, role: 'admin' },
  ],
  gyms: [
    { ...ponsonby, role: 'admin' },
    { ...teAro, role: 'admin' },
    { ...riccarton, role: 'admin' },
  ],
});

/** Admin of two gyms, no organisation role. */
export const gymAdmin = buildMe({
  id: 102,
  name: 'tama ngata',
  current_organisation: southern,
  organisations: [southern],
  current_gym: { ...ponsonby, role: 'admin' },
  gyms: [
    { ...ponsonby, role: 'admin' },
    { ...teAro, role: 'admin' },
  ],
  is_organisation_admin: false,
  is_gym_admin: true,
});

/** A personal trainer at one gym. */
export const trainer = buildMe({
  id: 103,
  name: 'liam fonoti',
  current_organisation: southern,
  organisations: [southern],
  current_gym: { ...ponsonby, role: 'personal_trainer' },
  gyms: [{ ...ponsonby, role: 'personal_trainer' }],
  is_organisation_admin: false,
  is_gym_admin: false,
});

/** A member (not staff) of one organisation. */
export const member = buildMe({
  id: 104,
  name: 'aroha member',
  is_staff: false,
  current_organisation: southern,
  organisations: [southern],
  current_gym: ponsonby,
  gyms: [ponsonby],
  is_organisation_admin: false,
  is_gym_admin: false,
});
