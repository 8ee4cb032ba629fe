// The doors of the gym's Kisi place, each with whether its unlocks count as visits.
import { Alert, Loader, Switch, Table, Text } from '@mantine/core';
import { errorMessage } from '@/lib/notify';
import { useDoors } from '../api/list-doors';
import { useSetDoorTracksVisits } from '../api/set-door-tracks-visits';

export function DoorList({ organisationId, placeId }: { organisationId: number; placeId: string }) {
  const doors = useDoors(organisationId, placeId);
  const setting = useSetDoorTracksVisits();
  if (doors.isPending) return <Loader size="sm" role="status" aria-label="Loading the doors" />;
  if (doors.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the doors">
        {errorMessage(doors.error)}
      </Alert>
    );
  }
  if (doors.data.length === 0) return <Text size="sm">Kisi lists no doors at this place.</Text>;
  return (
    <Table aria-label="Doors" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Door</Table.Th>
          <Table.Th>Counts visits</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {doors.data.map((door) => (
          <Table.Tr key={door.door_id}>
            <Table.Td>{door.name}</Table.Td>
            <Table.Td>
              {door.id === null ? (
                <Text size="sm" c="dimmed">
                  New in Kisi: refresh the doors
                </Text>
              ) : (
                <Switch
                  aria-label={`${door.name} counts visits`}
                  checked={door.tracks_visits}
                  disabled={setting.isPending}
                  onChange={(event) =>
                    setting.mutate({
                      organisationId,
                      placeId,
                      doorId: door.door_id,
                      tracksVisits: event.currentTarget.checked,
                    })
                  }
                />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
