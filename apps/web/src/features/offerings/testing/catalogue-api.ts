// The calls every offering screen makes besides its own, for page tests: the signed-in user, the gyms
// to choose from and the organisation's catalogue switches.
import type { Handler } from '@/testing/mock-api';
import { organisationAdmin } from '@/testing/users';

const GYMS = [
  { id: 11, name: 'Ponsonby' },
  { id: 12, name: 'Te Aro' },
];

const everything = {
  offering_permissions: { enable_offerings: true, non_stop: true, limited_access: true },
  price_frequencies: {
    weekly: true,
    fortnightly: true,
    monthly: true,
    quarterly: true,
    six_monthly: false,
    yearly: true,
  },
};

export const catalogueApi = (table: Record<string, Handler> = {}): Record<string, Handler> => ({
  'GET /api/me': { body: { data: organisationAdmin } },
  'GET /api/gyms': { body: { data: GYMS, meta: { current_page: 1, per_page: 100, total: 2, last_page: 1 } } },
  'GET /api/organisations/1': { body: { data: { id: 1, name: 'Southern Strength', ...everything } } },
  ...table,
});
