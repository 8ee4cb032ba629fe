// Request bodies of the member's own account (issue 24). Updates follow "absent is unchanged, null
// clears": a field not sent is left as it is.
import { z } from 'zod';
import { email, requiredString, VALUE_REQUIRED } from '../validation-messages';
import { verifyCodeBody } from './auth-requests';
import { calendarDateSchema } from './catalogue-requests';

/** Optional text: absent stays absent (unchanged), blank or null clears. */
const editable = (max: number) =>
  z
    .string({ error: 'Value must be text' })
    .trim()
    .max(max, { error: `Value must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value === '' || value === null ? null : value));
const flag = z.boolean({ error: 'Value must be true or false' }).optional();

export const accountDetailsBody = z.object({
  name: requiredString().optional(),
  mobile_number: editable(30),
  address: editable(255),
  suburb: editable(100),
  city: editable(100),
  post_code: editable(10),
  emergency_contact_name: editable(255),
  emergency_contact_email: z
    .union([z.literal(''), z.null(), email()])
    .optional()
    .transform((value) => (value === '' ? null : value)),
  emergency_contact_mobile_number: editable(30),
  emergency_contact_relationship: editable(100),
  email_notifications_enabled: flag,
  push_notifications_enabled: flag,
  payment_reminders: flag,
});
export type AccountDetailsBody = z.output<typeof accountDetailsBody>;

/** POST /api/me/email-change: the new address gets a code; the old one stays until it is entered. */
export const emailChangeBody = z.object({ email: email() });
/** POST /api/me/email-change/confirm. */
export const emailChangeConfirmBody = verifyCodeBody;

const password = z
  .string({ error: VALUE_REQUIRED })
  .min(1, { error: VALUE_REQUIRED })
  .max(200, { error: 'Value must be at most 200 characters' });

/** PUT /api/me/password. */
export const changePasswordBody = z
  .object({ current_password: password, password, password_confirmation: password })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: 'The value must be equal to the password value',
  });

/** POST /api/me/pause: the member's own pause (no reason needed; the gym's limits apply). */
export const memberPauseBody = z
  .object({
    start_date: calendarDateSchema,
    end_date: calendarDateSchema,
    dry_run: z
      .boolean({ error: 'Value must be true or false' })
      .optional()
      .transform((value) => value ?? false),
  })
  .superRefine((body, ctx) => {
    if (body.end_date <= body.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The pause must end after it starts' });
  });
export type MemberPauseBody = z.output<typeof memberPauseBody>;
