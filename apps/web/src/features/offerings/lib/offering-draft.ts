// An offering as the form holds it, and its conversion to @gym/domain's offering input, checked with
// offeringInputSchema (spec section 5 messages: 'Value is required', 'Add at least one day', …).
import {
  isBlank,
  type OfferingInput,
  type OfferingInputBody,
  type OfferingType,
  offeringInputSchema,
  parseTimeOfDay,
} from '@gym/domain';
import { errorsFromIssues, type FieldErrors } from '@/lib/form';
import type { Offering } from '../api/offering-answers';
import { draftKey } from './draft-key';
import { PRICE_FIELDS, type PriceDraft, priceBodyOf } from './price-draft';

export interface HoursDraft {
  key: string;
  /** '1' (Monday) … '7' (Sunday), or '' before a day is chosen. */
  day: string;
  /** 'HH:mm' */
  open_at: string;
  close_at: string;
}

export interface OfferingDraft {
  name: string;
  description: string;
  type: OfferingType | '';
  all_gyms_access: boolean;
  mandated: boolean;
  hours_mandated: boolean;
  prices_mandated: boolean;
  prices: PriceDraft[];
  hours: HoursDraft[];
  /** Gym ids, as the checkbox group holds them. */
  gyms: string[];
}

export const emptyHoursDraft = (): HoursDraft => ({ key: draftKey(), day: '', open_at: '', close_at: '' });

export const emptyOfferingDraft = (): OfferingDraft => ({
  name: '',
  description: '',
  type: '',
  all_gyms_access: false,
  mandated: false,
  hours_mandated: false,
  prices_mandated: false,
  prices: [],
  hours: [],
  gyms: [],
});

/** The server answers times as 'HH:mm:ss'; time inputs want 'HH:mm'. */
const shortTime = (time: string) => parseTimeOfDay(time) ?? time;

/** Editing: prices are left out, they change on the offering's own page. */
export const offeringDraftOf = (offering: Offering): OfferingDraft => ({
  name: offering.name,
  description: offering.description ?? '',
  type: offering.type,
  all_gyms_access: offering.all_gyms_access,
  mandated: offering.mandated,
  hours_mandated: offering.hours_mandated,
  prices_mandated: offering.prices_mandated,
  prices: [],
  hours: offering.hours.map((h) => ({
    key: draftKey(),
    day: String(h.day),
    open_at: shortTime(h.open_at),
    close_at: shortTime(h.close_at),
  })),
  gyms: offering.gyms.map((gym) => String(gym.id)),
});

/** Every field key the form shows a message beside; others go in the summary at the top. */
export function shownFields(draft: OfferingDraft): Set<string> {
  const keys = ['name', 'description', 'type', 'gyms', 'hours', 'prices'];
  draft.hours.forEach((_, i) => {
    keys.push(`hours.${i}.day`, `hours.${i}.open_at`, `hours.${i}.close_at`);
  });
  draft.prices.forEach((_, i) => {
    for (const field of PRICE_FIELDS) keys.push(`prices.${i}.${field}`);
  });
  return new Set(keys);
}

/**
 * The checked input, or every message at once. `withPrices` is false when editing (the server ignores
 * prices on update). Hours count only for Limited Hours offerings.
 */
export function checkOfferingDraft(
  draft: OfferingDraft,
  options: { withPrices: boolean },
): { input: OfferingInput | null; errors: FieldErrors } {
  const limited = draft.type === 'limited_access';
  // Text that is no amount at all says so, rather than "Value is required".
  const unreadable: FieldErrors = {};
  const prices = (options.withPrices ? draft.prices : []).map((price, i) => {
    const { body, problems } = priceBodyOf(price);
    for (const [field, message] of Object.entries(problems)) unreadable[`prices.${i}.${field}`] = message;
    return body;
  });
  const body = {
    name: draft.name,
    description: draft.description,
    type: draft.type || undefined,
    all_gyms_access: draft.all_gyms_access,
    mandated: draft.mandated,
    hours_mandated: draft.hours_mandated,
    prices_mandated: draft.prices_mandated,
    prices,
    hours: limited
      ? draft.hours.map((h) => ({
          day: isBlank(h.day) ? undefined : Number(h.day),
          open_at: h.open_at,
          close_at: h.close_at,
        }))
      : [],
    gyms: draft.all_gyms_access ? [] : draft.gyms.map(Number),
  } as OfferingInputBody;
  const parsed = offeringInputSchema.safeParse(body);
  const errors = { ...(parsed.success ? {} : errorsFromIssues(parsed.error.issues)), ...unreadable };
  const ok = parsed.success && Object.keys(unreadable).length === 0;
  return { input: ok ? parsed.data : null, errors };
}

type Rows = readonly Record<string, unknown>[];

/** The messages still true after a change: a corrected field (or row field) stops showing its message. */
export function errorsAfterChange(
  errors: FieldErrors,
  before: OfferingDraft,
  patch: Partial<OfferingDraft>,
): FieldErrors {
  const next = { ...errors };
  for (const [key, value] of Object.entries(patch)) {
    delete next[key];
    if (!Array.isArray(value)) continue;
    const old = before[key as keyof OfferingDraft] as unknown as Rows;
    const rows = value as unknown as Rows;
    const nested = Object.keys(next).filter((k) => k.startsWith(`${key}.`));
    // Rows added or removed move every index after them: their messages no longer point anywhere.
    if (rows.length !== old.length) {
      for (const k of nested) delete next[k];
      continue;
    }
    rows.forEach((row, i) => {
      for (const field of Object.keys(row)) {
        if (row[field] !== old[i]?.[field]) delete next[`${key}.${i}.${field}`];
      }
    });
  }
  return next;
}
