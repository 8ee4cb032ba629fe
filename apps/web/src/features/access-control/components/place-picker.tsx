// Which Kisi place is the gym's: Kisi's places (those of other gyms shown but not choosable), and
// linking the chosen one, which brings its doors.
import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorMessage, notifySuccess } from '@/lib/notify';
import type { KisiPlace } from '../api/access-answers';
import { useLinkPlace } from '../api/link-place';
import { usePlaces } from '../api/list-places';

interface PlacePickerProps {
  organisationId: number;
  gym: { id: number; name: string };
  children: (place: KisiPlace) => ReactNode;
}

const optionOf = (place: KisiPlace, gymId: number) => ({
  value: place.place_id,
  label: place.gym && place.gym.id !== gymId ? `${place.name} (linked to ${place.gym.name})` : place.name,
  disabled: place.gym !== null && place.gym.id !== gymId,
});

export function PlacePicker({ organisationId, gym, children }: PlacePickerProps) {
  const places = usePlaces(organisationId, true);
  const link = useLinkPlace();
  const [chosen, setChosen] = useState<string | null>(null);
  if (places.isPending) return <Loader size="sm" role="status" aria-label="Loading Kisi places" />;
  if (places.isError) {
    return (
      <Alert color="yellow" role="alert" title="Kisi places are not available">
        {errorMessage(places.error)}
      </Alert>
    );
  }
  const linked = places.data.find((p) => p.gym?.id === gym.id) ?? null;
  const choice = chosen ?? linked?.place_id ?? null;
  const submit = () => {
    if (choice === null) return;
    link.mutate(
      { organisationId, gymId: gym.id, placeId: choice },
      {
        onSuccess: ({ place, doors }) => {
          setChosen(null);
          notifySuccess(
            `${place.name} is linked, with ${doors.length} door${doors.length === 1 ? '' : 's'}.`,
            gym.name,
          );
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {places.data.length === 0 ? (
        <Text size="sm">Kisi has no places for this organisation yet. Add one in Kisi first.</Text>
      ) : (
        <Group align="flex-end" gap="sm">
          <Select
            label="Kisi place"
            description={linked ? `Linked: ${linked.name}` : 'Not linked to a place yet'}
            placeholder="Choose the gym’s place"
            data={places.data.map((place) => optionOf(place, gym.id))}
            value={choice}
            onChange={setChosen}
            allowDeselect={false}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button
            onClick={submit}
            loading={link.isPending}
            disabled={choice === null}
            variant={linked && choice === linked.place_id ? 'default' : 'filled'}
          >
            {linked && choice === linked.place_id ? 'Refresh doors' : 'Link place'}
          </Button>
        </Group>
      )}
      {linked ? children(linked) : null}
    </Stack>
  );
}
