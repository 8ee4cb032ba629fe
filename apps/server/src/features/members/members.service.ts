// Members: who may read and change whom, the list, one member, adding, editing and the soft delete.
// Reading is for any staff of the member's home gym (organisation admins: every member); changing is for
// admins of that gym. Another organisation's member answers 404.
import type { Member } from '@gym/domain/api/members';
import type { MemberCreateInput, MemberFilters, MemberUpdateInput } from '@gym/domain/api/members-requests';
import type { BillingFrequency } from '@gym/domain/billing-frequency';
import {
  anchorDayFor,
  BILLING_DATE_CHANGE_PROBLEMS,
  BILLING_DATE_PROBLEMS,
  billingDateChangeProblem,
  billingDateProblem,
} from '@gym/domain/billing-schedule';
import { type CalendarDate, toCalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';
import { coolingOffEndDate, termEndDate, termOf } from '@gym/domain/term';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { AppError, conflict, forbidden, notFound, validationError } from '../../http/app-error';
import { drainMembershipOutbox, transition } from '../billing';
import { roleAt } from '../gyms';
import { presentPaymentTypes } from '../payments';
import { presentCredential } from './member-credentials';
import { memberAddedMail } from './members.mail';
import {
  billingDateMembership,
  presentListItem,
  presentMember,
  presentSubscription,
} from './members.presenter';
import * as repo from './members.repository';
import { listMembers, type MemberScope } from './members-list.repository';
import * as w from './members-write.repository';

export const NOT_YOUR_GYM = 'You can only see members of your gyms.';
const ONLY_GYM_ADMINS = 'Only admins of the member’s gym can change members.';
const OWES_MONEY = (amount: number) =>
  `This member owes ${formatMoney(amount)}. Confirm to delete them anyway; the balance stays on record.`;

/** The members a person may read: the whole organisation for its admins, otherwise their gyms'. */
function readScope(auth: AuthContext): MemberScope {
  return { organisationId: auth.organisationId, gymIds: auth.isOrganisationAdmin ? null : auth.staffGymIds };
}

/** The members a person may export: the whole organisation for its admins, their admin gyms' otherwise. */
export function exportScope(auth: AuthContext): MemberScope {
  if (auth.isOrganisationAdmin) return { organisationId: auth.organisationId, gymIds: null };
  const adminGyms = auth.staffGymIds.filter((id) => roleAt(auth, id) === 'admin');
  if (adminGyms.length === 0) throw forbidden('Only admins can export members.');
  return { organisationId: auth.organisationId, gymIds: adminGyms };
}

/**
 * A gym filter is refused rather than quietly emptied: another organisation's gym (or none) answers 404,
 * a gym of this organisation outside the person's gyms 403.
 */
export async function checkGymFilter(
  deps: AppDeps,
  auth: AuthContext,
  scope: MemberScope,
  filters: Pick<MemberFilters, 'gym_id'>,
) {
  if (!filters.gym_id) return;
  if (!(await w.gymOf(deps.db, auth.organisationId, filters.gym_id))) throw notFound('Gym not found.');
  if (scope.gymIds !== null && !scope.gymIds.includes(filters.gym_id)) throw forbidden(NOT_YOUR_GYM);
}

export async function memberPage(
  deps: AppDeps,
  auth: AuthContext,
  filters: MemberFilters,
  page: { limit: number; offset: number },
) {
  const scope = readScope(auth);
  await checkGymFilter(deps, auth, scope, filters);
  const now = deps.clock.now();
  const { rows, total, capped } = await listMembers(
    deps.db,
    scope,
    filters,
    { now, today: toCalendarDate(now) },
    page,
  );
  return { rows: rows.map((row) => presentListItem(row, now)), total, capped };
}

/** The member, if this person may reach them for this purpose: 404 elsewhere, 403 outside their gyms. */
export async function memberFor(deps: AppDeps, auth: AuthContext, userId: number, access: 'read' | 'manage') {
  const row = await repo.findMember(deps.db, auth.organisationId, userId);
  if (!row) throw notFound('Member not found.');
  if (auth.isOrganisationAdmin) return row;
  const gymId = row.home_gym_id;
  if (gymId === null || !auth.staffGymIds.includes(gymId)) throw forbidden(NOT_YOUR_GYM);
  if (access === 'manage' && roleAt(auth, gymId) !== 'admin') throw forbidden(ONLY_GYM_ADMINS);
  return row;
}

export async function memberDetail(
  deps: AppDeps,
  organisationId: number,
  row: repo.MemberRow,
): Promise<Member> {
  const now = deps.clock.now();
  const { subscription, extras, paymentTypes, credentials } = await repo.memberRecords(
    deps.db,
    organisationId,
    row.id,
  );
  const records = {
    paymentTypes:
      presentPaymentTypes(paymentTypes, [
        { id: row.id, defaultPaymentTypeId: row.default_payment_type_id },
      ]).get(row.id) ?? [],
    credentials: credentials.map(presentCredential),
  };
  if (!subscription) return presentMember(row, null, records);
  return presentMember(row, presentSubscription(subscription, extras, now), records);
}

export async function showMember(deps: AppDeps, auth: AuthContext, userId: number) {
  return memberDetail(deps, auth.organisationId, await memberFor(deps, auth, userId, 'read'));
}

/**
 * Staff add a member: the person (or their existing account), their membership of the organisation and a
 * staged subscription the billing run leaves alone until the member confirms on the join site, where the
 * emailed link takes them to add a photo and a payment method.
 */
export async function createMember(deps: AppDeps, actor: Actor, input: MemberCreateInput) {
  const { auth } = actor;
  const organisationId = auth.organisationId;
  const gym = await w.gymOf(deps.db, organisationId, input.gym_id);
  if (!gym) throw validationError({ gym_id: ['Select a gym of this organisation'] });
  if (roleAt(auth, gym.id) !== 'admin') throw forbidden('Only admins of this gym can add members to it.');
  const price = await w.bookablePrice(deps.db, organisationId, input.price_id, gym.id);
  if (!price) throw validationError({ price_id: ['Select a price of this organisation'] });
  if (!price.opens_gym) throw validationError({ price_id: ['This price is not offered at the chosen gym'] });
  const now = deps.clock.now();
  const today = toCalendarDate(now);
  if (input.start_date < today)
    throw validationError({ start_date: ['The start date cannot be in the past'] });
  const frequency = price.billing_frequency as BillingFrequency;
  const billingDate = input.billing_date ?? null;
  const problem = billingDateProblem({ frequency, startDate: input.start_date, billingDate });
  if (problem !== null) throw validationError({ billing_date: [BILLING_DATE_PROBLEMS[problem]] });

  const term = termOf(price);
  const userId = await deps.db.transaction(async (tx) => {
    const existing = await repo.findUserByEmail(tx, input.email);
    if (existing?.deleted_at)
      throw validationError({ email: ['This email address belongs to a closed account.'] });
    let id: number;
    if (existing) {
      id = existing.id;
      const membership = await repo.membershipExists(tx, organisationId, id);
      if (membership && !membership.deleted_at)
        throw validationError({ email: ['This person is already a member of this organisation.'] });
    } else {
      id = await w.insertPerson(tx, {
        name: input.name,
        email: input.email,
        mobileNumber: input.mobile_number,
      });
    }
    await w.upsertMembership(tx, {
      organisationId,
      userId: id,
      gymId: gym.id,
      startDate: input.start_date,
      // The engine's first charge runs pro-rata up to it when the member confirms (firstBillingDate).
      billingDate,
      now,
    });
    const subscriptionId = await w.insertStagedSubscription(tx, {
      organisationId,
      gymId: gym.id,
      userId: id,
      priceId: price.id,
      startDate: input.start_date,
      anchorDay: anchorDayFor({ startDate: input.start_date, frequency, billingDate }),
      initialState: 'upcoming',
      upcomingState: 'upcoming',
      // Not billed until the member confirms on the join site with a payment method.
      isStaging: true,
      isTermMembership: term !== null,
      termEndsAt: term ? termEndDate(input.start_date, term) : null,
      coolingPeriodEndsAt: term ? coolingOffEndDate(input.start_date) : null,
      createdAt: now,
      updatedAt: now,
    });
    await appendActivity(tx, {
      organisationId,
      actorUserId: auth.user.id,
      userId: id,
      subjectType: 'subscription',
      subjectId: subscriptionId,
      action: 'member.created',
      data: {
        gym_id: gym.id,
        price_id: price.id,
        start_date: input.start_date,
        billing_date: billingDate,
        existing_account: Boolean(existing),
      },
      requestId: actor.requestId,
      createdAt: now,
    });
    return id;
  });

  const offeringName =
    (await repo.latestSubscription(deps.db, organisationId, userId))?.price.offering_name ?? '';
  const query = new URLSearchParams({ email: input.email });
  const mail = memberAddedMail({
    name: input.name,
    gymName: gym.name,
    offeringName,
    startDate: formatDate(input.start_date, 'long'),
    url: `${deps.env.REGISTER_URL.replace(/\/+$/, '')}/?${query}`,
  });
  try {
    await deps.mailer.send({ to: input.email, ...mail });
  } catch (error) {
    throw new AppError('provider_unavailable', {
      message: 'The member was added, but the email could not be sent. Please try again shortly.',
      cause: error,
    });
  }
  return userId;
}

const USER_FIELDS = {
  name: 'name',
  email: 'email',
  mobile_number: 'mobileNumber',
  dob: 'dob',
  email_notifications_enabled: 'emailNotificationsEnabled',
  push_notifications_enabled: 'pushNotificationsEnabled',
  payment_reminders: 'paymentReminders',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_email: 'emergencyContactEmail',
  emergency_contact_mobile_number: 'emergencyContactMobileNumber',
  emergency_contact_relationship: 'emergencyContactRelationship',
  address: 'address',
  suburb: 'suburb',
  city: 'city',
  post_code: 'postCode',
} as const;

const MEMBERSHIP_FIELDS = {
  notes: 'notes',
  tags: 'tags',
  confidence_and_experience: 'confidenceAndExperience',
  hear_about_us: 'hearAboutUs',
  hear_about_us_other: 'hearAboutUsOther',
} as const;

function pick<M extends Record<string, string>>(input: Record<string, unknown>, fields: M) {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(fields)) {
    if (input[key] !== undefined) values[column] = input[key];
  }
  return values;
}

/**
 * A change of the member's fixed billing date (given and not what is stored), checked by the domain's
 * rule against their latest membership (billingDateChangeProblem), in the edit's transaction. The
 * membership's anchor follows it as adding the member anchors it (anchorDayFor), through the membership's
 * transition, whose entry keeps the dates; answers the subscription to drain after the commit.
 */
async function changeBillingDate(
  tx: Executor,
  actor: Actor,
  userId: number,
  billingDate: CalendarDate | null,
  now: Date,
): Promise<number | null | 'unchanged'> {
  const { auth } = actor;
  const locked = await w.lockMembership(tx, auth.organisationId, userId);
  if (!locked || locked.deleted_at) throw notFound('Member not found.');
  const from = locked.billing_date ?? null;
  if (from === billingDate) return 'unchanged';
  const sub = await w.lockLatestSubscription(tx, auth.organisationId, userId);
  const membership = billingDateMembership(sub);
  const problem = billingDateChangeProblem({ membership, billingDate, today: toCalendarDate(now) });
  if (problem !== null) throw validationError({ billing_date: [BILLING_DATE_CHANGE_PROBLEMS[problem]] });
  if (!sub || !membership) return null;
  const anchorDay = anchorDayFor({ frequency: membership.frequency, startDate: sub.start_date, billingDate });
  await transition(tx, {
    kind: 'billing_date_changed',
    organisationId: auth.organisationId,
    subscriptionId: sub.id,
    userId,
    now,
    actorUserId: auth.user.id,
    requestId: actor.requestId,
    set: { anchorDay },
    data: { from_billing_date: from, billing_date: billingDate, anchor_day: anchorDay },
  });
  return sub.id;
}

/** Saves the fields given; the activity log keeps which fields changed (not their values: personal data). */
export async function updateMember(deps: AppDeps, actor: Actor, userId: number, input: MemberUpdateInput) {
  const { auth } = actor;
  const row = await memberFor(deps, auth, userId, 'manage');
  const now = deps.clock.now();
  const moved = await deps.db.transaction(async (tx) => {
    const changed =
      input.billing_date === undefined
        ? 'unchanged'
        : await changeBillingDate(tx, actor, row.id, input.billing_date, now);
    if (input.email && (await w.emailTaken(tx, input.email, row.id)))
      throw validationError({ email: ['This email address is already in use.'] });
    const person = pick(input, USER_FIELDS);
    const membership = {
      ...pick(input, MEMBERSHIP_FIELDS),
      ...(changed === 'unchanged' ? {} : { billingDate: input.billing_date }),
    };
    await w.updatePerson(tx, row.id, Object.keys(person).length ? { ...person, updatedAt: now } : {});
    await w.updateMembership(
      tx,
      auth.organisationId,
      row.id,
      Object.keys(membership).length ? { ...membership, updatedAt: now } : {},
    );
    await appendActivity(tx, {
      organisationId: auth.organisationId,
      actorUserId: auth.user.id,
      userId: row.id,
      subjectType: 'member',
      subjectId: row.id,
      action: 'member.updated',
      data: { fields: Object.keys(input).filter((k) => input[k as keyof MemberUpdateInput] !== undefined) },
      requestId: actor.requestId,
      createdAt: now,
    });
    return typeof changed === 'number' ? changed : null;
  });
  // The membership's transition queued its door check: drained as every transition's is.
  if (moved !== null) await drainMembershipOutbox(deps, { subscriptionIds: [moved] });
  return showMember(deps, auth, row.id);
}

/**
 * Soft delete: the membership row is marked deleted (the person, their payments and the balance stay on
 * record). A member who owes money is deleted only when staff confirm they mean it.
 */
export async function deleteMember(deps: AppDeps, actor: Actor, userId: number, confirmed: boolean) {
  const { auth } = actor;
  const row = await memberFor(deps, auth, userId, 'manage');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await w.lockMembership(tx, auth.organisationId, row.id);
    if (!locked || locked.deleted_at) throw notFound('Member not found.');
    const owing = await repo.balanceOwing(tx, auth.organisationId, row.id);
    if (owing > 0 && !confirmed) throw conflict(OWES_MONEY(owing));
    await w.updateMembership(tx, auth.organisationId, row.id, { deletedAt: now, updatedAt: now });
    await appendActivity(tx, {
      organisationId: auth.organisationId,
      actorUserId: auth.user.id,
      userId: row.id,
      subjectType: 'member',
      subjectId: row.id,
      action: 'member.deleted',
      data: { balance_owing: owing },
      requestId: actor.requestId,
      createdAt: now,
    });
  });
  const deleted = await repo.findMember(deps.db, auth.organisationId, row.id, { withDeleted: true });
  return memberDetail(deps, auth.organisationId, deleted!);
}
