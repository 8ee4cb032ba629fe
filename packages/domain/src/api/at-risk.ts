// The at-risk report (GET /api/reports/at-risk, its CSV export, marking a member contacted) and the
// weekly digest setting (GET/PUT /api/reports/digest-setting). Shared by the server and the page.
import { z } from 'zod';
import { AT_RISK_REASON_KINDS } from '../at-risk';
import { pageMeta } from './envelope';
import { listPage } from './payments';

const positiveId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message });

export const atRiskFilters = z.object({ gym_id: positiveId('Choose a gym').optional() });
export type AtRiskFilters = z.infer<typeof atRiskFilters>;

export const atRiskQuery = atRiskFilters.extend(listPage.shape);
export const atRiskExportBody = atRiskFilters;

/** The longest note kept with a contact. */
export const CONTACT_NOTE_MAX = 2000;

export const contactRequest = z.object({
  user_id: positiveId('Choose a member'),
  note: z
    .string({ error: 'Write what was said' })
    .trim()
    .min(1, { error: 'Write what was said' })
    .max(CONTACT_NOTE_MAX, { error: `Keep the note under ${CONTACT_NOTE_MAX} characters` }),
});
export type ContactRequest = z.infer<typeof contactRequest>;

const contactAnswer = z.object({
  id: z.number(),
  contacted_at: z.string(),
  note: z.string(),
  by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type AtRiskContact = z.infer<typeof contactAnswer>;
export const contactCreatedAnswer = z.object({ data: contactAnswer });

const atRiskRow = z.object({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  gym: z.object({ id: z.number(), name: z.string() }),
  reasons: z.array(z.object({ kind: z.enum(AT_RISK_REASON_KINDS), text: z.string() })),
  /** The latest contact made about the member, if any. */
  last_contact: contactAnswer.nullable(),
});
export type AtRiskRow = z.infer<typeof atRiskRow>;

const group = z.object({ members: z.number(), stayed: z.number(), in_words: z.string() });
export const followUpAnswer = z.object({
  contacts_from: z.string(),
  as_of: z.string(),
  contacted: group,
  not_contacted: group,
});
export type FollowUp = z.infer<typeof followUpAnswer>;

export const atRiskAnswer = z.object({
  data: z.array(atRiskRow),
  meta: pageMeta.extend({
    window: z.object({ baseline_from: z.string(), recent_from: z.string(), through: z.string() }),
    follow_up: followUpAnswer,
  }),
});
export type AtRiskAnswer = z.infer<typeof atRiskAnswer>;

export const AT_RISK_EXPORT_COLUMNS = [
  'Member ID',
  'Member',
  'Member email',
  'Gym',
  'Reasons',
  'Last contacted',
  'Contact note',
] as const;

export const digestSettingRequest = z.object({
  weekly_digest: z.boolean({ error: 'Choose on or off' }),
});
export const digestSettingAnswer = z.object({ data: digestSettingRequest });
export type DigestSetting = z.infer<typeof digestSettingRequest>;
