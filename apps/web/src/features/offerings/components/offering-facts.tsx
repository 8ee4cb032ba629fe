// What an offering is: its description, type, gyms, rules and (Limited Hours) opening hours.
import { formatTimeOfDay, parseTimeOfDay } from '@gym/domain';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Offering } from '../api/offering-answers';
import { gymsText } from './offerings-table';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** '09:00:00' → '9:00 am'; text the server sent that is no time is shown as is. */
function hoursText(time: string): string {
  const parsed = parseTimeOfDay(time);
  return parsed ? formatTimeOfDay(parsed) : time;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

function OpeningHours({ hours }: { hours: Offering['hours'] }) {
  if (hours.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No opening hours are set.
      </Text>
    );
  }
  const sorted = [...hours].sort((a, b) => a.day - b.day || a.open_at.localeCompare(b.open_at));
  return (
    <Table striped maw={520} aria-labelledby="opening-hours-heading">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Day</Table.Th>
          <Table.Th>Opens</Table.Th>
          <Table.Th>Closes</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((h) => (
          <Table.Tr key={h.id}>
            <Table.Td>{h.day_label}</Table.Td>
            <Table.Td>{hoursText(h.open_at)}</Table.Td>
            <Table.Td>{hoursText(h.close_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function OfferingFacts({ offering }: { offering: Offering }) {
  const limited = offering.type === 'limited_access';
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="offering-details-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="offering-details-heading">
          Details
        </Title>
        {offering.description ? <Text>{offering.description}</Text> : null}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" m={0}>
          <Fact label="Type">{offering.type_label}</Fact>
          <Fact label="Gyms">{gymsText(offering)}</Fact>
          <Fact label="Prices on sale">{offering.prices_count}</Fact>
          <Fact label="Mandated">{yesNo(offering.mandated)}</Fact>
          <Fact label="Hours mandated">{yesNo(offering.hours_mandated)}</Fact>
          <Fact label="Prices mandated">{yesNo(offering.prices_mandated)}</Fact>
        </SimpleGrid>
        {limited || offering.hours.length > 0 ? (
          <Stack gap="xs">
            <Title order={3} size="h4" id="opening-hours-heading">
              Opening hours
            </Title>
            <OpeningHours hours={offering.hours} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
