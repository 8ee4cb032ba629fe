// What the page offers each role, from docs/roles.md: the page shows only the controls the server would
// allow, so nobody fills a form to be told 403 at the end.
import type { Me } from './me';

/** Offerings and prices: organisation admins for every gym, gym admins for their gyms' offerings. */
export const canManageOfferings = (user: Pick<Me, 'is_organisation_admin' | 'is_gym_admin'>) =>
  user.is_organisation_admin || user.is_gym_admin;

/** Payments and the dashboard's figures: money is for admins (organisation admins, gym admins). */
export const canSeeMoney = (user: Pick<Me, 'is_organisation_admin' | 'is_gym_admin'>) =>
  user.is_organisation_admin || user.is_gym_admin;
