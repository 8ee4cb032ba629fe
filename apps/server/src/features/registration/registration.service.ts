// Joining on the join site (spec sections 2, 3, 7): the gym and memberships a link opens, the unique-email
// check, registering (the person, their membership of the organisation, and the membership they chose,
// held as a staging subscription until they confirm), and changing what they typed.

import type { RegisterOptions } from '@gym/domain/api/registration';
import {
  type RegisterBody,
  type RegisterFieldsBody,
  type RegisterFieldsUpdate,
  registerFieldsBody,
} from '@gym/domain/api/registration-requests';
import { anchorDayFor } from '@gym/domain/billing-schedule';
import { type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { ageOn, mayJoinAtAge } from '@gym/domain/member-age';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { hashPassword, passwordProblem } from '../../auth/password';
import { hit } from '../../auth/rate-limit';
import { createSession } from '../../auth/session';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { conflict, notFound, validationError } from '../../http/app-error';
import { mergedUpdate } from '../../http/merged-update';
import { sendCode } from '../auth';
import { findJoinablePrice, findPriceByLinkToken } from '../catalogue';
import { readLogo } from '../gyms';
import * as repo from './registration.repository';

export const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';
const LINK_INVALID = 'This membership link is no longer valid. Ask the gym for a new one.';
const BYPASS_INVALID = 'This age-bypass link is no longer valid. Ask the gym for a new one.';
const NOT_AT_GYM = 'This membership is not available at this gym';
const DOB_UNREAL = 'Enter your date of birth';
/**
 * The one age gate, at registration and again at confirmation: younger than the organisation's minimum
 * age without an age-bypass link is a 422 on `dob` (a person without a date of birth is not asked).
 */
export function checkAge(input: {
  dob: CalendarDate | null;
  today: CalendarDate;
  minimumAge: number;
  ageBypass: boolean;
}): void {
  if (input.dob !== null && !mayJoinAtAge({ ...input, dob: input.dob }))
    throw validationError({ dob: [tooYoung(input.minimumAge)] });
}

const tooYoung = (minimumAge: number) =>
  `You must be ${minimumAge} or older to join. If you are younger, ask the gym for an age-bypass link and open it to join.`;

/** The gym picker, or the gym and memberships a gym link or private price link opens. */
export async function registerOptions(
  deps: AppDeps,
  query: { gym?: string | undefined; price_link?: string | undefined; age_bypass?: string | undefined },
): Promise<RegisterOptions> {
  const bypass = query.age_bypass ? await repo.liveAgeBypassLink(deps.db, query.age_bypass) : null;
  if (query.age_bypass && !bypass) throw notFound(BYPASS_INVALID);
  if (query.price_link) {
    const link = await findPriceByLinkToken(deps.db, query.price_link);
    if (!link) throw notFound(LINK_INVALID);
    const gyms = await repo.gymsOfPrice(deps.db, link.organisation_id, link.price_id);
    const prices = gyms[0]
      ? await repo.pricesAtGym(deps.db, link.organisation_id, gyms[0].id, link.price_id)
      : [];
    return {
      gyms,
      gym: gyms.length === 1 ? gyms[0]! : null,
      prices,
      price_link: { price_id: link.price_id, age_bypass: link.age_bypass },
      age_bypass: link.age_bypass || bypass?.organisation_id === link.organisation_id,
      minimum_age: await repo.minimumAge(deps.db, link.organisation_id),
    };
  }
  if (query.gym) {
    const [gym] = await repo.joinableGyms(deps.db, { uuid: query.gym });
    if (!gym) throw notFound('This gym link is not valid.');
    const org = await repo.organisationOfGym(deps.db, gym.id);
    return {
      gyms: [gym],
      gym,
      prices: await repo.pricesAtGym(deps.db, org!.organisation_id, gym.id),
      price_link: null,
      age_bypass: bypass?.organisation_id === org!.organisation_id,
      minimum_age: org!.minimum_age,
    };
  }
  const gyms = await repo.joinableGyms(deps.db, bypass ? { organisationId: bypass.organisation_id } : {});
  return { gyms, gym: null, prices: [], price_link: null, age_bypass: bypass !== null, minimum_age: null };
}

/**
 * A gym's logo for the join site, by the uuid of its join link: public like the gym's name, so the
 * register screen shows it before anyone signs in. 404 for no such gym or no logo.
 */
export async function joinGymLogo(deps: AppDeps, uuid: string) {
  const gym = await repo.joinGymLogo(deps.db, uuid);
  const bytes = gym ? await readLogo(deps, gym.logo_path) : null;
  if (!gym || !bytes) throw notFound('This gym has no logo.');
  return {
    bytes,
    etag: `"${new Date(gym.logo_version).getTime().toString(36)}-${bytes.length.toString(36)}"`,
  };
}

export async function isEmailUnique(deps: AppDeps, email: string, ip: string): Promise<boolean> {
  await hit(deps.db, deps.clock.now(), [{ key: `unique-email:ip:${ip}`, max: 120, windowSeconds: 3600 }]);
  return !(await repo.emailTaken(deps.db, email));
}

interface Choice {
  organisationId: number;
  gymId: number;
  priceId: number;
  priceLinkId: number | null;
  ageBypassLinkId: number | null;
}

/** The membership the form names, checked: a public price at the gym, or the price of a live link. */
async function resolveChoice(
  db: Executor,
  fields: Pick<RegisterFieldsBody, 'gym_id' | 'price_id' | 'price_link' | 'age_bypass' | 'dob'>,
  today: CalendarDate,
): Promise<Choice> {
  let organisationId: number;
  let priceId: number;
  let priceLinkId: number | null = null;
  let linkBypass = false;
  let gymId = fields.gym_id;
  if (fields.price_link) {
    const link = await findPriceByLinkToken(db, fields.price_link);
    if (!link) throw validationError({ price_link: [LINK_INVALID] });
    organisationId = link.organisation_id;
    priceId = link.price_id;
    priceLinkId = link.link_id;
    linkBypass = link.age_bypass;
    const gyms = await repo.gymsOfPrice(db, organisationId, priceId);
    if (gymId === null && gyms.length === 1) gymId = gyms[0]!.id;
    if (gymId === null) throw validationError({ gym_id: ['Choose your gym'] });
    if (!gyms.some((g) => g.id === gymId)) throw validationError({ gym_id: [NOT_AT_GYM] });
  } else {
    const org = gymId === null ? null : await repo.organisationOfGym(db, gymId);
    if (!org || gymId === null) throw validationError({ gym_id: ['Choose your gym'] });
    organisationId = org.organisation_id;
    const joinable = await repo.pricesAtGym(db, organisationId, gymId);
    if (!joinable.some((p) => p.id === fields.price_id)) throw validationError({ price_id: [NOT_AT_GYM] });
    priceId = fields.price_id!;
    // Double-check through the catalogue's own rule (archived or private prices open nothing).
    if (!(await findJoinablePrice(db, organisationId, priceId, null)))
      throw validationError({ price_id: [NOT_AT_GYM] });
  }
  let ageBypassLinkId: number | null = null;
  if (fields.age_bypass) {
    const bypass = await repo.liveAgeBypassLink(db, fields.age_bypass);
    if (!bypass || bypass.organisation_id !== organisationId)
      throw validationError({ age_bypass: [BYPASS_INVALID] });
    ageBypassLinkId = bypass.id;
  }
  if (fields.dob > today || ageOn(fields.dob, today) > 120) throw validationError({ dob: [DOB_UNREAL] });
  const minimumAge = await repo.minimumAge(db, organisationId);
  checkAge({ dob: fields.dob, today, minimumAge, ageBypass: linkBypass || ageBypassLinkId !== null });
  return { organisationId, gymId, priceId, priceLinkId, ageBypassLinkId };
}

const personal = (b: RegisterFieldsBody) => ({
  name: b.name,
  mobileNumber: b.mobile_number,
  dob: b.dob,
  address: b.address,
  suburb: b.suburb,
  city: b.city,
  postCode: b.post_code,
  emergencyContactName: b.emergency_contact_name,
  emergencyContactEmail: b.emergency_contact_email,
  emergencyContactMobileNumber: b.emergency_contact_mobile_number,
  emergencyContactRelationship: b.emergency_contact_relationship,
});

const answers = (b: RegisterFieldsBody) => ({
  confidenceAndExperience: b.confidence_and_experience,
  hearAboutUs: b.hear_about_us,
  hearAboutUsOther: b.hear_about_us === 'other' ? b.hear_about_us_other : null,
});

const staging = (choice: Choice, today: CalendarDate) => ({
  gymId: choice.gymId,
  priceId: choice.priceId,
  privatePriceLinkId: choice.priceLinkId,
  startDate: today,
  anchorDay: anchorDayFor({ startDate: today }),
});

interface Client {
  ip: string;
  userAgent?: string | undefined;
}

/** Registers a new member and signs them in; the session counts once the emailed code is entered. */
export async function register(deps: AppDeps, body: RegisterBody, client: Client) {
  const now = deps.clock.now();
  const today = todayInAuckland(now);
  await hit(deps.db, now, [{ key: `register:ip:${client.ip}`, max: 20, windowSeconds: 3600 }]);
  const problems: Record<string, string[]> = {};
  const weak = passwordProblem(body.password);
  if (weak) problems.password = [weak];
  if (await repo.emailTaken(deps.db, body.email)) problems.email = [EMAIL_TAKEN];
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const choice = await resolveChoice(deps.db, body, today);
  const passwordHash = await hashPassword(body.password);

  const { user, token } = await deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      ...personal(body),
      email: body.email,
      passwordHash,
      isStaff: false,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertMember(tx, {
      organisationId: choice.organisationId,
      userId: user.id,
      homeGymId: choice.gymId,
      ...answers(body),
      ageBypassLinkId: choice.ageBypassLinkId,
      startDate: today,
      createdAt: now,
      updatedAt: now,
    });
    const sub = await repo.insertSubscription(tx, {
      organisationId: choice.organisationId,
      userId: user.id,
      ...staging(choice, today),
      isStaging: true,
      initialState: 'upcoming',
      upcomingState: 'upcoming',
      createdAt: now,
      updatedAt: now,
    });
    await appendActivity(tx, {
      organisationId: choice.organisationId,
      actorUserId: user.id,
      userId: user.id,
      subjectType: 'subscription',
      subjectId: sub.id,
      action: 'member.registered',
      data: { gym_id: choice.gymId, price_id: choice.priceId, private_price_link_id: choice.priceLinkId },
      createdAt: now,
    });
    const token = await createSession(tx, deps.env, now, {
      userId: user.id,
      organisationId: choice.organisationId,
      gymId: choice.gymId,
      twoFactorVerified: false,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return { user, token };
  });
  await sendCode(deps, user, now, 'confirm_email');
  return { user, token };
}

/** What the member typed, as stored, with the membership chosen (the fields a partial change keeps). */
async function storedRegisterFields(deps: AppDeps, auth: AuthContext) {
  const user = await repo.findUser(deps.db, auth.user.id);
  if (!user) throw notFound('You are not a member here.');
  const member = await repo.lockMember(deps.db, auth.organisationId, auth.user.id);
  if (!member) throw notFound('You are not a member here.');
  const sub = await repo.currentSubscription(deps.db, auth.organisationId, auth.user.id);
  return {
    name: user.name,
    mobile_number: user.mobileNumber,
    dob: user.dob,
    address: user.address,
    suburb: user.suburb,
    city: user.city,
    post_code: user.postCode,
    emergency_contact_name: user.emergencyContactName,
    emergency_contact_email: user.emergencyContactEmail,
    emergency_contact_mobile_number: user.emergencyContactMobileNumber,
    emergency_contact_relationship: user.emergencyContactRelationship,
    confidence_and_experience: member.confidenceAndExperience,
    hear_about_us: member.hearAboutUs,
    hear_about_us_other: member.hearAboutUsOther,
    gym_id: sub?.gymId ?? member.homeGymId,
    price_id: sub?.priceId ?? null,
  } as Record<string, unknown>;
}

/** Going back a step: the member changes what they typed, and the membership while not yet confirmed. */
export async function updateRegisterFields(deps: AppDeps, auth: AuthContext, given: RegisterFieldsUpdate) {
  const body = mergedUpdate(registerFieldsBody, await storedRegisterFields(deps, auth), given);
  const now = deps.clock.now();
  const today = todayInAuckland(now);
  const choice = await resolveChoice(deps.db, body, today);
  if (choice.organisationId !== auth.organisationId) throw validationError({ price_id: [NOT_AT_GYM] });
  await deps.db.transaction(async (tx) => {
    const member = await repo.lockMember(tx, auth.organisationId, auth.user.id);
    if (!member) throw notFound('You are not a member here.');
    const sub = await repo.currentSubscription(tx, auth.organisationId, auth.user.id);
    const changesMembership = sub !== null && (sub.priceId !== choice.priceId || sub.gymId !== choice.gymId);
    if (sub && !sub.isStaging && changesMembership) {
      throw conflict('Your membership is confirmed. Ask the gym to change it.');
    }
    await repo.updateUser(tx, auth.user.id, { ...personal(body), updatedAt: now });
    await repo.updateMember(tx, auth.organisationId, auth.user.id, {
      ...answers(body),
      homeGymId: choice.gymId,
      ageBypassLinkId: choice.ageBypassLinkId ?? member.ageBypassLinkId,
      updatedAt: now,
    });
    if (sub?.isStaging) {
      await repo.updateSubscription(tx, auth.organisationId, sub.id, {
        ...staging(choice, today),
        updatedAt: now,
      });
    } else if (!sub) {
      await repo.insertSubscription(tx, {
        organisationId: auth.organisationId,
        userId: auth.user.id,
        ...staging(choice, today),
        isStaging: true,
        initialState: 'upcoming',
        upcomingState: 'upcoming',
        createdAt: now,
        updatedAt: now,
      });
    }
    await appendActivity(tx, {
      organisationId: auth.organisationId,
      actorUserId: auth.user.id,
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: auth.user.id,
      action: 'member.register_fields_changed',
      data: { gym_id: choice.gymId, price_id: choice.priceId },
      createdAt: now,
    });
  });
}
