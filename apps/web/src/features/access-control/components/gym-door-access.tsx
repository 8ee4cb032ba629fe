// A gym's door access (Kisi): the organisation's connection (organisation admins), the gym's place and
// its doors. For the gym's admins only.
import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useCurrentUser } from '@/lib/session/me';
import { DoorList } from './door-list';
import { KisiIntegration } from './kisi-integration';
import { PlacePicker } from './place-picker';

/** The parts of a gym this needs (the gym answer of GET /api/gyms/{id} has them). */
export interface GymForDoorAccess {
  id: number;
  name: string;
  can_manage: boolean;
}

export function GymDoorAccess({ gym }: { gym: GymForDoorAccess }) {
  const user = useCurrentUser();
  const headingId = useId();
  const organisationId = user.current_organisation?.id;
  if (!gym.can_manage || organisationId === undefined) return null;

  const places: ReactNode = (
    <PlacePicker organisationId={organisationId} gym={gym}>
      {(place) => <DoorList organisationId={organisationId} placeId={place.place_id} />}
    </PlacePicker>
  );
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} id={headingId}>
            Door access
          </Title>
          <Text size="sm" c="dimmed">
            Members and staff open the gym’s doors through Kisi.
          </Text>
        </Stack>
        {user.is_organisation_admin ? (
          <KisiIntegration organisationId={organisationId}>{places}</KisiIntegration>
        ) : (
          places
        )}
      </Stack>
    </Card>
  );
}
