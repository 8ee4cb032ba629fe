// The front desk's check-in (GET /api/check-in/members, GET /api/check-in/members/{id}, POST
// /api/check-in): a member found as the desk types, with what the desk needs to decide at a glance, and
// the visit a check-in records. Shared by the server (which validates and answers) and the page.
import { z } from 'zod';
import { CHECK_IN_REFUSALS } from '../check-in';
import { idSchema, VALUE_REQUIRED } from '../validation-messages';
import { envelope } from './envelope';
import { CARD_COLOURS, SUBSCRIPTION_STATES } from './members';

/** What the desk typed: a name, email, mobile, tag number, or a scanned code. */
export const checkInLookupQuery = z.object({
  query: z.string({ error: VALUE_REQUIRED }).max(100, { error: 'Value must be at most 100 characters' }),
});

const doorDecisionSchema = z.object({
  allowed: z.boolean(),
  reason: z.enum(CHECK_IN_REFUSALS).nullable(),
  /** Plain words for the reason ("Membership paused"), null when allowed. */
  reason_label: z.string().nullable(),
});

const checkInMember = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  profile_picture: z.string().nullable(),
  tags: z.array(z.string()),
  home_gym: z.object({ id: z.number(), name: z.string() }).nullable(),
  last_visit_at: z.string().nullable(),
  /** The latest membership, or null for a member without one. */
  subscription: z
    .object({
      id: z.number(),
      offering_name: z.string(),
      state: z.enum(SUBSCRIPTION_STATES),
      card_colour: z.enum(CARD_COLOURS),
      balance_owing: z.number(),
      formatted_balance_owing: z.string(),
      periods_owing: z.number(),
    })
    .nullable(),
  /** What the door would do now: the same rule as door access. */
  door: doorDecisionSchema,
});
export type CheckInMember = z.infer<typeof checkInMember>;

export const checkInMembersAnswer = envelope(z.array(checkInMember));
export const checkInMemberAnswer = envelope(checkInMember);

export const checkInBody = z.object({
  user_id: idSchema,
  /** Made by the page once per check-in: pressed twice, one visit. */
  idempotency_key: z
    .string({ error: VALUE_REQUIRED })
    .trim()
    .regex(/^[\w-]{8,64}$/, { error: 'Value must be 8 to 64 letters, digits, - or _' }),
});
export type CheckInBody = z.infer<typeof checkInBody>;

const checkInOutcome = z.object({
  visit: z.object({
    id: z.number(),
    visited_at: z.string(),
    successful: z.boolean(),
    gym: z.object({ id: z.number(), name: z.string() }),
    refused_reason: z.enum(CHECK_IN_REFUSALS).nullable(),
    refused_reason_label: z.string().nullable(),
  }),
  member: checkInMember,
});
export const checkInAnswer = envelope(checkInOutcome);
/** What a check-in recorded, and the member as the desk now sees them. */
export type CheckInOutcome = z.infer<typeof checkInOutcome>;
