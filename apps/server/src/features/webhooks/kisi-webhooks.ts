// Kisi webhooks: every lock.unlock (allowed or denied) at a gym's place by a member holding that Kisi
// user becomes a visit. Kisi signs the body only (no timestamp), with the key set on the organisation's
// event webhook integration: a replay is caught by the event uuid, and an event is believed only for an
// organisation whose key (or, for one that gave none, the platform's) signed it.
// Other events are recorded, for the organisation whose place they name.

import { type KisiUnlockEvent, kisiSignatureMatches, readKisiEvent } from '../../adapters/kisi';
import { ProviderError } from '../../adapters/provider-error';
import type { AppDeps } from '../../app-deps';
import { doorEventAt, insertVisit, placesWithKisiId } from './kisi-webhooks.repository';
import {
  type EventPlan,
  NO_MATCHING_RECORD,
  NOT_ACTED_ON,
  type WebhookHandler,
  WebhookRejected,
} from './webhook-handler';

/** The event, and the organisations whose key signed it (the only ones it may act for). */
type Place = Awaited<ReturnType<typeof placesWithKisiId>>[number];

/** The event, and the places it names of the organisations whose key signed it (the only ones it may act for). */
interface SignedEvent {
  event: KisiUnlockEvent;
  places: Place[];
}

/**
 * Which organisations' keys signed the event. An organisation that gave its own key (on its event
 * webhook integration in Kisi, saved with its integration here) is believed only with that key; one
 * that gave none, with the platform's (KISI_WEBHOOK_SECRET). An event at a place nobody here holds
 * (Kisi's test event) needs the platform's key. Throws when no key that could be the sender's signed it.
 */
async function signedPlaces(
  deps: AppDeps,
  placeId: number,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<Place[]> {
  const owners = Number.isSafeInteger(placeId) ? await placesWithKisiId(deps.db, String(placeId)) : [];
  const own = owners.filter((o) => {
    if (o.sealedWebhookSecret === null) return false;
    try {
      return kisiSignatureMatches(deps.secrets.open(o.sealedWebhookSecret), headers, rawBody);
    } catch {
      return false;
    }
  });
  if (own.length > 0) return own;
  const platform = deps.providers.kisiWebhookSecret;
  const keyless = owners.filter((o) => o.sealedWebhookSecret === null);
  if (
    platform &&
    kisiSignatureMatches(platform, headers, rawBody) &&
    (owners.length === 0 || keyless.length > 0)
  )
    return keyless;
  if (!platform && keyless.length === owners.length)
    throw new ProviderError('kisi', 'unavailable', 'No Kisi webhook signing key is configured');
  throw new ProviderError('kisi', 'invalid_signature', 'Kisi webhook signature does not match');
}

export function kisiWebhookHandler(deps: AppDeps): WebhookHandler {
  return {
    provider: 'kisi',
    rejectStatus: 401,
    async verify({ headers, rawBody }) {
      let event: KisiUnlockEvent | null;
      try {
        event = readKisiEvent(rawBody);
      } catch {
        event = null;
      }
      // The signature first: an unsigned body is refused as unsigned, whatever it holds.
      const places = await signedPlaces(deps, event?.placeId ?? Number.NaN, headers, rawBody);
      if (!event) throw new WebhookRejected('malformed', 'The body is not JSON');
      if (!event.uuid || event.uuid === 'undefined' || !event.type) {
        throw new WebhookRejected('malformed', 'Not a Kisi event');
      }
      const signed: SignedEvent = { event, places };
      return { eventType: event.type, externalId: event.uuid, payload: JSON.parse(rawBody), event: signed };
    },
    describe: (payload) => {
      const p = (payload ?? {}) as { type?: unknown; uuid?: unknown };
      return {
        eventType: typeof p.type === 'string' ? p.type : null,
        externalId: typeof p.uuid === 'string' ? p.uuid : null,
      };
    },
    async plan(verified) {
      const { event, places: candidates } = verified.event as SignedEvent;
      if (event.type !== 'lock.unlock') {
        // Not acted on, but recorded for the organisation whose place it names (a sandbox test event).
        return { organisationId: candidates[0]?.organisationId ?? null, note: NOT_ACTED_ON };
      }
      return planUnlock(deps, event, candidates);
    },
  };
}

async function planUnlock(deps: AppDeps, event: KisiUnlockEvent, candidates: Place[]): Promise<EventPlan> {
  for (const place of candidates) {
    const found = await doorEventAt(deps.db, place.organisationId, {
      placeId: place.id,
      kisiUserId: String(event.actorId),
      kisiLockId: String(event.lockId),
    });
    const userId = found.userId;
    if (userId === null) continue;
    const { organisationId } = place;
    if (!place.gymTracksVisits || found.door?.tracksVisits === false) {
      return { organisationId, note: 'visits are not tracked at this door' };
    }
    const visitedAt = new Date(event.createdAt);
    return {
      organisationId,
      note: null,
      apply: async (tx) => {
        const recorded = await insertVisit(tx, organisationId, {
          gymId: place.gymId,
          userId,
          doorId: found.door?.id ?? null,
          visitedAt: Number.isNaN(visitedAt.getTime()) ? deps.clock.now() : visitedAt,
          successful: event.success,
          externalEventId: event.uuid,
        });
        return recorded ? null : 'visit already recorded';
      },
    };
  }
  return { organisationId: candidates[0]?.organisationId ?? null, note: NO_MATCHING_RECORD };
}
