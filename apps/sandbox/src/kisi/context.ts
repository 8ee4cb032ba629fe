// Everything the Kisi routes need, passed around as one object.
import type { SandboxRuntime } from '../shared/runtime';
import type { KisiState } from './state';

export interface KisiSettings {
  /** The organisation owner's API key (`Authorization: KISI-LOGIN <key>`). */
  apiKey: string;
  /** Further keys accepted as the owner's (organisations the product stored, remembered at start-up). */
  extraApiKeys?: Set<string>;
  /** Places remembered for one of those keys: that key lists only these, and the others never see them. */
  placeKeys?: Map<number, string>;
  /** HMAC key for `X-Signature` on event webhooks (empty: unsigned, as when none is set in Kisi). */
  webhookSecret: string;
  /**
   * Each Kisi organisation's own event-webhook key, by its API key (in Kisi the key is set on the
   * organisation's event webhook integration): events at that organisation's places are signed with it.
   */
  webhookSecrets?: Map<string, string>;
}

/** The key an event at this place is signed with: its organisation's own, else the simulator's. */
export function webhookSecretFor(settings: KisiSettings, placeId: number | null): string {
  const apiKey = (placeId !== null ? settings.placeKeys?.get(placeId) : undefined) ?? settings.apiKey;
  return settings.webhookSecrets?.get(apiKey) ?? settings.webhookSecret;
}

export interface KisiContext {
  runtime: SandboxRuntime;
  state: KisiState;
  settings: KisiSettings;
}

export const nowIso = (ctx: KisiContext): string => ctx.runtime.clock.now().toISOString();
