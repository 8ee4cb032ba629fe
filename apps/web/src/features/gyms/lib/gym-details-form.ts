// The gym details form (name, price-change reply-to address, break fee %): text as typed in, the
// PUT /api/gyms/{id} body out. The body and its messages are @gym/domain/api/gym-requests'; this form only
// turns the typed fee into a number first.
import { VALUE_REQUIRED } from '@gym/domain';
import { BREAK_FEE_MAX_PERCENT, gymUpdateBody, percentageSchema } from '@gym/domain/api/gym-requests';
import { z } from 'zod';
import type { Gym } from '../api/gym-answers';

/** '2.5' or '2.5%' → 2.5; then the shared percentage rule (at most two decimals, 0 to 100). */
const breakFee = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: VALUE_REQUIRED });
      return z.NEVER;
    }
    // A signed number is a number: '-5' is then told the least it may be, not that it is no number.
    if (!/^-?\d+(\.\d+)?\s*%?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Value must be a number' });
      return z.NEVER;
    }
    return Number(text.replace(/\s*%$/, ''));
  })
  .pipe(percentageSchema(BREAK_FEE_MAX_PERCENT));

/** A text field feeds a body field that also takes null (cleared) or nothing (unchanged). */
const typedText = z.string().transform((text): string | null | undefined => text);

export const gymDetailsFormSchema = z.object({
  // The form always sends the name, and it may not be blank; the call itself also takes a body without it.
  name: gymUpdateBody.shape.name.unwrap(),
  price_change_notification_reply_to: typedText.pipe(gymUpdateBody.shape.price_change_notification_reply_to),
  break_fee_percentage: breakFee,
});

export type GymDetailsInput = z.output<typeof gymDetailsFormSchema>;
export type GymDetailsValues = z.input<typeof gymDetailsFormSchema>;
export const GYM_DETAILS_FIELDS = [
  'name',
  'price_change_notification_reply_to',
  'break_fee_percentage',
] as const;

export const gymDetailsValuesOf = (gym: Gym): GymDetailsValues => ({
  name: gym.name,
  price_change_notification_reply_to: gym.price_change_notification_reply_to ?? '',
  break_fee_percentage: String(gym.break_fee_percentage),
});
