// The gym answers, checked on arrival. Mirrors `gymSummarySchema` and `gymSchema` of
// apps/server/src/features/gyms/gyms.presenter.ts, so drift shows as 'invalid_response', not wrong screens.
import { z } from 'zod';

const role = z.enum(['admin', 'personal_trainer']).nullable();

export const pageMetaSchema = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});

export const destinationAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  bank_account_number: z.string(),
});

export const gymSummarySchema = z.object({
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

export const gymSchema = gymSummarySchema.extend({
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

export const gymAnswer = z.object({ data: gymSchema });
export const gymPageAnswer = z.object({ data: z.array(gymSummarySchema), meta: pageMetaSchema });
export const destinationAccountAnswer = z.object({ data: destinationAccountSchema });

export type GymSummary = z.infer<typeof gymSummarySchema>;
export type Gym = z.infer<typeof gymSchema>;
export type DestinationAccount = z.infer<typeof destinationAccountSchema>;

/** Query keys of this feature: everything under ['gyms'] is refreshed after a change. */
export const gymKeys = {
  all: ['gyms'] as const,
  list: (page: number) => ['gyms', 'list', page] as const,
  detail: (id: number) => ['gyms', 'detail', id] as const,
};
