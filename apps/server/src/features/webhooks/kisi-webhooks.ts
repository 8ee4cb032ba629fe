// Kisi webhooks: every lock.unlock (allowed or denied) at a gym's place by a member holding that Kisi
// user becomes a visit. Kisi signs the body only (no timestamp): a replay is caught by the event uuid.
// Other events are recorded, for the organisation whose place they name.

import type { KisiUnlockEvent } from '../../adapters/kisi';
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

export function kisiWebhookHandler(deps: AppDeps): WebhookHandler {
  // Verifying needs only the platform's signing key, not an organisation's API key.
  const verifier = deps.providers.kisiWebhookSecret ? deps.providers.kisi('') : null;
  return {
    provider: 'kisi',
    rejectStatus: 401,
    async verify({ headers, rawBody }) {
      if (!verifier) {
        throw new ProviderError('kisi', 'unavailable', 'No Kisi webhook signing key is configured');
      }
      let event: KisiUnlockEvent;
      try {
        event = verifier.verifyWebhook(headers, rawBody);
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw new WebhookRejected('malformed', 'The body is not JSON');
      }
      if (!event.uuid || event.uuid === 'undefined' || !event.type) {
        throw new WebhookRejected('malformed', 'Not a Kisi event');
      }
      return { eventType: event.type, externalId: event.uuid, payload: JSON.parse(rawBody), event };
    },
    describe: (payload) => {
      const p = (payload ?? {}) as { type?: unknown; uuid?: unknown };
      return {
        eventType: typeof p.type === 'string' ? p.type : null,
        externalId: typeof p.uuid === 'string' ? p.uuid : null,
      };
    },
    async plan(verified) {
      const event = verified.event as KisiUnlockEvent;
      if (event.type !== 'lock.unlock') {
        // Not acted on, but recorded for the organisation whose place it names (a sandbox test event).
        const candidates = Number.isSafeInteger(event.placeId)
          ? await placesWithKisiId(deps.db, String(event.placeId))
          : [];
        return { organisationId: candidates[0]?.organisationId ?? null, note: NOT_ACTED_ON };
      }
      return planUnlock(deps, event);
    },
  };
}

async function planUnlock(deps: AppDeps, event: KisiUnlockEvent): Promise<EventPlan> {
  const candidates = await placesWithKisiId(deps.db, String(event.placeId));
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
