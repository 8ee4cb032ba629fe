// A believable New Zealand member: name, contact details, address and the join-site answers.
import { addDays, type CalendarDate as IsoDate } from '@gym/domain/calendar-date';
import {
  CONFIDENCE,
  emailPart,
  FIRST_NAMES,
  HEAR_ABOUT_US,
  HEAR_ABOUT_US_OTHER,
  LAST_NAMES,
  MOBILE_PREFIXES,
  NOTES,
  RELATIONSHIPS,
  STREETS,
  SUBURBS,
  TAGS,
} from './nz-data';
import type { Random } from './random';

export interface Person {
  name: string;
  email: string;
  mobileNumber: string;
  dob: IsoDate;
  address: string;
  suburb: string;
  city: string;
  postCode: string;
  emergencyContactName: string | null;
  emergencyContactMobileNumber: string | null;
  emergencyContactRelationship: string | null;
  paymentReminders: boolean;
  notes: string | null;
  tags: string[];
  confidenceAndExperience: string | null;
  hearAboutUs: string | null;
  hearAboutUsOther: string | null;
}

export function mobileNumber(random: Random): string {
  return `${random.pick(MOBILE_PREFIXES)} ${random.digits(3)} ${random.digits(4)}`;
}

/** A new person in `city`; `emails` keeps addresses unique across the whole seed. */
export function makePerson(
  random: Random,
  city: string,
  today: IsoDate,
  emails: Set<string>,
  email?: string,
): Person {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  let address = email;
  if (!address) {
    const base = `${emailPart(first)}.${emailPart(last)}`;
    address = `${base}@example.co.nz`;
    for (let n = 2; emails.has(address); n++) address = `${base}${n}@example.co.nz`;
  }
  emails.add(address);
  const suburb = random.pick(SUBURBS[city]!);
  const hearAboutUs = random.chance(0.9) ? random.weighted(HEAR_ABOUT_US) : null;
  const hasEmergency = random.chance(0.7);
  return {
    name: `${first} ${last}`,
    email: address,
    mobileNumber: mobileNumber(random),
    dob: addDays(today, -random.int(16 * 365 + 10, 68 * 365)),
    address: `${random.int(1, 240)} ${random.pick(STREETS)}`,
    suburb: suburb.name,
    city: suburb.city,
    postCode: suburb.postCode,
    emergencyContactName: hasEmergency
      ? `${random.pick(FIRST_NAMES)} ${random.chance(0.6) ? last : random.pick(LAST_NAMES)}`
      : null,
    emergencyContactMobileNumber: hasEmergency ? mobileNumber(random) : null,
    emergencyContactRelationship: hasEmergency ? random.pick(RELATIONSHIPS) : null,
    paymentReminders: random.chance(0.7),
    notes: random.chance(0.15) ? random.pick(NOTES) : null,
    tags: random.chance(0.35) ? random.sample(TAGS, random.int(1, 2)) : [],
    confidenceAndExperience: random.chance(0.9) ? random.pick(CONFIDENCE) : null,
    hearAboutUs,
    hearAboutUsOther: hearAboutUs === 'other' ? random.pick(HEAR_ABOUT_US_OTHER) : null,
  };
}
