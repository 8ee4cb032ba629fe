// A price as typed (dollars as text, choices possibly unmade) and its conversion to @gym/domain's price
// input, checked with priceInputSchema so the page shows the spec's own messages.
import {
  type BillingFrequency,
  centsToDollarString,
  isBlank,
  type PriceInput,
  type PriceInputBody,
  parseDollars,
  priceInputSchema,
  type TermUnit,
} from '@gym/domain';
import { errorsFromIssues, type FieldErrors } from '@/lib/form';
import type { Price } from '../api/offering-answers';
import { draftKey } from './draft-key';

export interface PriceDraft {
  key: string;
  /** Dollars as typed: '24.99'. */
  amount: string;
  billing_frequency: BillingFrequency | '';
  /** Dollars as typed; blank is no joining fee. */
  joining_fee: string;
  private: boolean;
  /** A whole number as typed; blank is no term. */
  term_amount: string;
  term_unit: TermUnit | '';
}

export const PRICE_FIELDS = [
  'amount',
  'billing_frequency',
  'joining_fee',
  'private',
  'term_amount',
  'term_unit',
] as const;

const DOLLARS_EXPECTED = 'Enter an amount in dollars, like 24.99';
const WHOLE_NUMBER_EXPECTED = 'Enter a whole number, like 12';

export const emptyPriceDraft = (): PriceDraft => ({
  key: draftKey(),
  amount: '',
  billing_frequency: '',
  joining_fee: '',
  private: false,
  term_amount: '',
  term_unit: '',
});

export const priceDraftOf = (price: Price): PriceDraft => ({
  key: draftKey(),
  amount: centsToDollarString(price.amount),
  billing_frequency: price.billing_frequency,
  joining_fee: price.joining_fee === 0 ? '' : centsToDollarString(price.joining_fee),
  private: price.private,
  term_amount: price.term_amount === null ? '' : String(price.term_amount),
  term_unit: price.term_unit ?? '',
});

/** Typed dollars → cents; blank → undefined; text that is no amount is reported and left out. */
function cents(text: string, field: string, problems: FieldErrors): number | undefined {
  if (isBlank(text)) return undefined;
  const value = parseDollars(text);
  if (value === null) problems[field] = DOLLARS_EXPECTED;
  return value ?? undefined;
}

function wholeNumber(text: string, field: string, problems: FieldErrors): number | null {
  if (isBlank(text)) return null;
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    problems[field] = WHOLE_NUMBER_EXPECTED;
    return null;
  }
  return Number(trimmed);
}

/** The request body of a draft, and the problems found reading its text (keys relative to the price). */
export function priceBodyOf(draft: PriceDraft): { body: PriceInputBody; problems: FieldErrors } {
  const problems: FieldErrors = {};
  const body = {
    amount: cents(draft.amount, 'amount', problems),
    billing_frequency: draft.billing_frequency || undefined,
    joining_fee: cents(draft.joining_fee, 'joining_fee', problems) ?? null,
    private: draft.private,
    term_amount: wholeNumber(draft.term_amount, 'term_amount', problems),
    term_unit: draft.term_unit || null,
  } as PriceInputBody;
  return { body, problems };
}

/** The checked price, or the messages to show (keys 'amount', 'term_unit', … under `prefix`). */
export function checkPriceDraft(
  draft: PriceDraft,
  prefix = '',
): { input: PriceInput | null; errors: FieldErrors } {
  const { body, problems } = priceBodyOf(draft);
  const parsed = priceInputSchema.safeParse(body);
  const errors = parsed.success ? {} : errorsFromIssues(parsed.error.issues, prefix);
  // What could not be read at all says so, rather than "Value is required".
  for (const [field, message] of Object.entries(problems)) errors[prefix + field] = message;
  const ok = parsed.success && Object.keys(problems).length === 0;
  return { input: ok ? parsed.data : null, errors };
}
