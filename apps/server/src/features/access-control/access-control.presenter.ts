// Access-control rows shaped as the answer schemas of @gym/domain/api/access-control describe them: the
// integration (never its key), a gym's place and its doors.
import { type Door, INTEGRATION_NAMES, type Integration, type Place } from '@gym/domain/api/access-control';
import type { DoorRow, IntegrationRow, PlaceRow } from './access-control.repository';

export const presentIntegration = (row: IntegrationRow): Integration => ({
  id: row.id,
  integration_type: 'kisi' as const,
  api_key_set: row.apiKey !== '',
  webhook_secret_set: row.sealedWebhookSecret !== null,
  integration: { id: row.id, type: 'kisi', name: INTEGRATION_NAMES.kisi, api_key_set: row.apiKey !== '' },
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const presentPlace = (row: PlaceRow): Place => ({
  id: row.id,
  name: row.name,
  place_id: row.placeId,
  gym_id: row.gymId,
});

export const presentDoor = (row: DoorRow): Door => ({
  id: row.id,
  name: row.name,
  door_id: row.doorId,
  tracks_visits: row.tracksVisits,
});
