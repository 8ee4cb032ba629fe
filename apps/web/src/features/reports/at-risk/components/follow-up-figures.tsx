// Did following up help? Of the members contacted a month or more ago, how many stayed, against those at
// risk then whom nobody contacted: two figures, also read as a table.
import { dayAndMonth } from '@gym/domain/at-risk';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { FollowUp } from '../api/at-risk-api';

export function FollowUpFigures({ followUp }: { followUp: FollowUp }) {
  const from = dayAndMonth(followUp.contacts_from as CalendarDate);
  const asOf = dayAndMonth(followUp.as_of as CalendarDate);
  const groups = [
    { name: 'Contacted', who: `Contacted from ${from} to ${asOf}`, figures: followUp.contacted },
    { name: 'Not contacted', who: `At risk on ${asOf}, not contacted`, figures: followUp.not_contacted },
  ];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="follow-up-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="follow-up-title">
            Did following up help?
          </Title>
          <Text size="sm" c="dimmed">
            Members still with a membership today, a month or more after the contact.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {groups.map((g) => (
            <div key={g.name}>
              <Text size="sm" c="dimmed">
                {g.who}
              </Text>
              <Text size="xl" fw={700}>
                {g.figures.members === 0 ? 'Nobody yet' : `${g.figures.in_words} stayed`}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Table aria-label="Stayed after a month, contacted and not" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Members</Table.Th>
              <Table.Th>How many</Table.Th>
              <Table.Th>Stayed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((g) => (
              <Table.Tr key={g.name}>
                <Table.Td>{g.who}</Table.Td>
                <Table.Td>{g.figures.members}</Table.Td>
                <Table.Td>{g.figures.stayed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
