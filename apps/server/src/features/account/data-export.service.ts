// Everything the gym holds about the member, as one JSON file (Privacy Act 2020, information privacy
// principle 6): their profile, memberships (with pauses and charges), payments, visits, payment methods
// and the activity log about them. Secrets (password hash, provider tokens) are not personal information
// the member gave and are left out. A fixed few queries, each scoped to the organisation and the member.
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { memberRecords } from './data-export.repository';

export async function dataExportOf(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor) {
  const org = actor.auth.organisationId;
  const user = actor.auth.user.id;
  const { profile, memberships, payments, visits, paymentMethods, activity } = await memberRecords(
    deps.db,
    org,
    user,
  );
  return {
    exported_at: deps.clock.now().toISOString(),
    organisation: actor.auth.organisation?.name ?? null,
    profile,
    memberships,
    payments,
    visits,
    payment_methods: paymentMethods,
    activity,
  };
}
