// Request bodies of the sign-in calls: the server validates with them (and documents them in OpenAPI); the
// page's forms use the same schemas, so both give the same messages.
import { z } from 'zod';
import {
  EVEN_WITH_FIELD_ERRORS,
  email,
  mustEqualMessage,
  requiredString,
  VALUE_REQUIRED,
} from '../validation-messages';

export const PASSWORD_MAX_LENGTH = 200;
/** A new password's least length (the server also refuses the most common passwords). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_TOO_SHORT = `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const CODE_LENGTH = 6;
export const CODE_FORMAT = `Enter the ${CODE_LENGTH} digits of the code we emailed you`;

/** Passwords are taken as typed: spaces may be part of one. */
const password = z
  .string({ error: VALUE_REQUIRED })
  .min(1, { error: VALUE_REQUIRED })
  .max(PASSWORD_MAX_LENGTH, { error: `Value must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const loginBody = z.object({
  email: email(),
  password,
  /** Keep the session for its whole lifetime rather than the browser session. */
  remember: z.boolean().optional(),
});

export const forgotPasswordBody = z.object({ email: email() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const verifyCodeBody = z.object({
  code: z
    .string({ error: VALUE_REQUIRED })
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: CODE_FORMAT }),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;

const newPasswordFields = {
  password: password.refine((value) => value.length === 0 || value.length >= PASSWORD_MIN_LENGTH, {
    error: PASSWORD_TOO_SHORT,
  }),
  password_confirmation: z.string({ error: VALUE_REQUIRED }).min(1, { error: VALUE_REQUIRED }),
};
// Checked even when the password itself failed (too short), so a form shows both problems at once.
const passwordsMatch = {
  path: ['password_confirmation'],
  error: mustEqualMessage('password'),
  ...EVEN_WITH_FIELD_ERRORS,
};
const sameTwice = (v: { password?: unknown; password_confirmation?: unknown }) =>
  typeof v.password_confirmation !== 'string' ||
  v.password_confirmation === '' ||
  v.password === v.password_confirmation;

/** The new password and its repeat (the reset and invitation forms). */
export const newPasswordBody = z.object(newPasswordFields).refine(sameTwice, passwordsMatch);
export type NewPasswordBody = z.infer<typeof newPasswordBody>;

/** POST /api/reset-password and /api/set-password: the new password with what the emailed link carries. */
export const passwordSetBody = z
  .object({ token: requiredString({ max: 500 }), email: email(), ...newPasswordFields })
  .refine(sameTwice, passwordsMatch);

/** POST /api/accept-invitation: what the emailed invitation link carries (an account that has a password). */
export const acceptInvitationBody = z.object({ token: requiredString({ max: 500 }), email: email() });
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;
