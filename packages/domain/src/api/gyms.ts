// The gym answers (the Gym entity of the specification, section 3), shared by the server (which sends
// them) and the page (which checks them on arrival). Secrets are never sent: only whether one is set.
import { z } from 'zod';
import { STAFF_ROLES } from '../roles';
import { envelope, pageEnvelope } from './envelope';

const role = z.enum(STAFF_ROLES).nullable();

export const destinationAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  bank_account_number: z.string(),
});

const gymSummarySchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  role,
  role_label: z.string(),
  has_payment_account: z.boolean(),
  tracks_visits: z.boolean(),
  staff_count: z.number(),
  members_count: z.number(),
  created_at: z.string(),
});

const gymSchema = gymSummarySchema.extend({
  organisation: z.object({ id: z.number(), name: z.string() }),
  /** Whether the viewer may change this gym; without it the payment and integration settings are null. */
  can_manage: z.boolean(),
  stripe_id: z.string().nullable(),
  price_change_notification_reply_to: z.string().nullable(),
  break_fee_percentage: z.number(),
  formatted_break_fee: z.string(),
  card_surcharge_percentage: z.number(),
  formatted_card_surcharge: z.string(),
  general_card_surcharge_text: z.string().nullable(),
  branch_app_id: z.string().nullable(),
  branch_key: z.string().nullable(),
  branch_secret_set: z.boolean(),
  akahu_app_token: z.string().nullable(),
  akahu_app_secret_set: z.boolean(),
  destination_account: destinationAccountSchema.nullable(),
  place: z.object({ id: z.number(), name: z.string(), place_id: z.string() }).nullable(),
  doors: z.array(
    z.object({ id: z.number(), name: z.string(), door_id: z.string(), tracks_visits: z.boolean() }),
  ),
  updated_at: z.string(),
});

export const gymAnswer = envelope(gymSchema);
export const gymPageAnswer = pageEnvelope(gymSummarySchema);
export const destinationAccountAnswer = envelope(destinationAccountSchema);

export type GymSummary = z.infer<typeof gymSummarySchema>;
export type Gym = z.infer<typeof gymSchema>;
export type DestinationAccount = z.infer<typeof destinationAccountSchema>;
