// The current user of the specification (section 3), shaped as the answer schema of @gym/domain/api/me
// describes it: who is signed in, where, and with which roles.
import type { Me } from '@gym/domain/api/me';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { paymentTypesOf } from '../payments';
import { joinFacts, memberProfile } from './auth.repository';

/** The address of a user's photo (its file name in it, so a new photo is a new address). */
const profilePictureUrl = (userId: number, path: string | null) =>
  path ? `/api/users/${userId}/profile-picture?v=${encodeURIComponent(path.split('/').pop() ?? '')}` : null;

export async function presentMe(deps: AppDeps, auth: AuthContext): Promise<Me> {
  const { user, memberships, organisation, gym } = auth;
  // A member of no organisation yet (a person signed in before joining anywhere) has no record to read.
  const profile =
    user.isStaff || !auth.organisationId ? null : await memberProfile(deps.db, user.id, auth.organisationId);
  const paymentTypes = profile
    ? await paymentTypesOf(deps.db, auth.organisationId, [
        { id: user.id, defaultPaymentTypeId: profile.member?.defaultPaymentTypeId ?? null },
      ])
    : null;
  const join =
    user.isStaff || !auth.organisationId ? null : await joinFacts(deps.db, auth.organisationId, user.id);
  const gymsHere = memberships.gyms.filter((g) => g.organisation_id === organisation?.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    is_staff: user.isStaff,
    two_factor_enabled: user.twoFactorEnabled,
    current_organisation: organisation
      ? {
          id: organisation.id,
          name: organisation.name,
          role: organisation.role,
          multi_gym: organisation.multi_gym,
        }
      : null,
    current_gym: gym ? { id: gym.id, name: gym.name, role: gym.role } : null,
    organisations: memberships.organisations.map((o) => ({
      id: o.id,
      name: o.name,
      role: o.role,
      multi_gym: o.multi_gym,
    })),
    gyms: gymsHere.map((g) => ({ id: g.id, name: g.name, role: g.role })),
    is_organisation_admin: auth.isOrganisationAdmin,
    is_gym_admin: auth.isGymAdmin,
    profile_picture: profilePictureUrl(user.id, user.profilePicturePath),
    payment_types: (paymentTypes?.get(user.id) ?? []).map(({ id, type, model, declined_at }) => ({
      id,
      type,
      model,
      declined_at,
    })),
    start_date: profile?.member?.startDate ?? null,
    billing_date: profile?.member?.billingDate ?? null,
    default_payment_type: profile?.member?.defaultPaymentTypeId ?? null,
    general_card_surcharge_text:
      join?.general_card_surcharge_text ??
      (join && join.card_surcharge_basis_points > 0
        ? `Card payments carry a ${join.card_surcharge_basis_points / 100}% surcharge; bank payments carry none.`
        : null),
    offering: join ? { id: join.offering_id, name: join.offering_name } : null,
    price_id: join?.price_id ?? null,
    registration_complete: join?.complete ?? false,
  };
}
