// The current user of the specification (section 3): who is signed in, where, and with which roles; and
// the answers of signing in and of switching organisation or gym. Shared by the server (which sends them)
// and the page (which checks them on arrival).
import { z } from 'zod';
import { STAFF_ROLES } from '../roles';
import { envelope } from './envelope';
import { paymentTypeSchema } from './payment-type';

const role = z.enum(STAFF_ROLES).nullable();
const place = z.object({ id: z.number(), name: z.string(), role });
const organisation = place.extend({ multi_gym: z.boolean() });

const meSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  two_factor_enabled: z.boolean(),
  current_organisation: organisation.nullable(),
  current_gym: place.nullable(),
  organisations: z.array(organisation),
  gyms: z.array(place),
  is_organisation_admin: z.boolean(),
  is_gym_admin: z.boolean(),
  profile_picture: z.string().nullable(),
  /** The member's payment methods as the specification's Payment type: id, type and model. */
  payment_types: z.array(paymentTypeSchema.pick({ id: true, type: true, model: true, declined_at: true })),
  start_date: z.string().nullable(),
  billing_date: z.string().nullable(),
  default_payment_type: z.number().nullable(),
  general_card_surcharge_text: z.string().nullable(),
  /** Join site: the membership the member chose (or holds), and its price. */
  offering: z.object({ id: z.number(), name: z.string() }).nullable(),
  price_id: z.number().nullable(),
  /** Join site: the membership is confirmed and its first payment paid or on its way (welcome is next). */
  registration_complete: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** GET /api/me. */
export const meAnswer = envelope(meSchema);

/** POST /api/login: the user, or null while a two-factor code is due first. */
export const loginAnswer = z.object({ data: meSchema.nullable(), two_factor_required: z.boolean() });

/** The other sign-in steps (sign-out, password links, two-factor codes): a sentence for the user. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** Setting a password or accepting from an invitation link: signed in unless a password is still due. */
export const invitationAnswer = z.object({ message: z.string(), signed_in: z.boolean() });
export type InvitationAnswer = z.infer<typeof invitationAnswer>;

/** POST /api/organisations/{id}/switch and /api/gyms/{id}/switch: where the session now is. */
export const switchAnswer = envelope(
  z.object({ organisation_id: z.number(), gym_id: z.number().nullable() }),
);
export type SwitchAnswer = z.infer<typeof switchAnswer>;
