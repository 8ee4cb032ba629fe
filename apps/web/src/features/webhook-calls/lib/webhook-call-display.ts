// How a webhook call reads on screen: provider and status names, the status colour, its remark, and
// the recorded body and headers in a readable form.
import type { WebhookCall, WebhookCallStatus, WebhookProvider } from '../api/webhook-call-answers';

export const PROVIDER_LABELS: Record<WebhookProvider, string> = {
  akahu: 'Akahu',
  stripe: 'Stripe',
  kisi: 'Kisi',
};

export const STATUS_LABELS: Record<WebhookCallStatus, string> = {
  processed: 'Processed',
  rejected: 'Rejected',
  duplicate: 'Duplicate',
  failed: 'Failed',
};

const STATUS_COLOURS: Record<string, string> = {
  processed: 'green',
  duplicate: 'gray',
  rejected: 'orange',
  failed: 'red',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A provider's name; one this page does not know yet shows as sent. */
export const providerLabel = (provider: string) =>
  PROVIDER_LABELS[provider as WebhookProvider] ?? capitalised(provider);

export function statusBadge(status: string): { label: string; color: string } {
  return {
    label: STATUS_LABELS[status as WebhookCallStatus] ?? capitalised(status),
    color: STATUS_COLOURS[status] ?? 'blue',
  };
}

/** Why a call was refused or failed, or the note on one that was taken; null when there is neither. */
export function remarkOf(
  call: Pick<WebhookCall, 'error' | 'note'>,
): { kind: 'error' | 'note'; text: string } | null {
  if (call.error) return { kind: 'error', text: call.error };
  if (call.note) return { kind: 'note', text: call.note };
  return null;
}

/** The recorded body, indented; null when none was kept (the server keeps only a body that is JSON). */
export function prettyBody(payload: unknown): string | null {
  if (payload === null || payload === undefined) return null;
  if (typeof payload === 'string') return payload;
  return JSON.stringify(payload, null, 2);
}

/** Headers by name, for a stable list. */
export const headerEntries = (headers: Record<string, string>): [string, string][] =>
  Object.entries(headers).sort(([a], [b]) => a.localeCompare(b));
