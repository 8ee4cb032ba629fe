// /reports/at-risk: members whose visits fell away, who paused or whose payment failed recently, each
// with the reason in words; marking one contacted with a note; whether those contacted a month ago
// stayed; the CSV. The gym and page sit in the address. Admins (organisation, and gym admins for theirs).
import { dayAndMonth } from '@gym/domain/at-risk';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { Button, EmptyState, Group, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconMoodHappy, IconPhoneCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { GymFilter } from '@/components/ui/list-filters';
import { ListPagination } from '@/components/ui/list-pagination';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import { notifyError } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { type AtRiskRow, useAtRisk, useExportAtRisk } from '../api/at-risk-api';
import { filtersFromSearch, withFilters } from '../lib/at-risk-filters';
import { ContactModal } from './contact-modal';
import { FollowUpFigures } from './follow-up-figures';

const COLUMNS = ['Member', 'Gym', 'Why', 'Last contacted', ''];

function LastContact({ row }: { row: AtRiskRow }) {
  const contact = row.last_contact;
  if (!contact) return <Text size="sm">Not yet</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {formatDate(new Date(contact.contacted_at))}
        {contact.by ? ` by ${contact.by.name}` : ''}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {contact.note}
      </Text>
    </Stack>
  );
}

export function AtRiskScreen() {
  const organisationId = useCurrentUser().current_organisation?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const report = useAtRisk(organisationId, filters.gymId, filters.page);
  const exporter = useExportAtRisk();
  const [contacting, setContacting] = useState<{ id: number; name: string } | null>(null);
  const meta = report.data?.meta;
  const rows = report.data?.data;
  const window = meta?.window;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Members at risk</Title>
          <Text c="dimmed" mt={4}>
            {window
              ? `Visits from ${dayAndMonth(window.baseline_from as CalendarDate)} to ${dayAndMonth(window.through as CalendarDate)}, pauses and failed payments since ${dayAndMonth(window.recent_from as CalendarDate)}`
              : 'Members whose visits fell away, who paused or whose payment failed recently'}
          </Text>
        </div>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="default"
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate(filters.gymId, {
              onError: (error) => notifyError(error, 'Could not export the members at risk'),
            })
          }
        >
          Export CSV
        </Button>
      </Group>
      <GymFilter gymId={filters.gymId} onChange={(gym) => setParams((p) => withFilters(p, { gym }))} />
      {report.isError ? (
        <LoadErrorAlert
          what="the members at risk"
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <>
          {meta ? <FollowUpFigures followUp={meta.follow_up} /> : null}
          {rows && rows.length === 0 ? (
            <EmptyState
              icon={<IconMoodHappy size={32} aria-hidden />}
              title="Nobody is at risk"
              description="No member's visits fell away, and nobody paused or had a payment fail in the last two weeks."
            />
          ) : (
            <ListTable label="Members at risk" minWidth={760}>
              <Table striped aria-label="Members at risk" aria-busy={report.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((c) => (
                      <Table.Th key={c || 'actions'}>
                        {c || <VisuallyHidden>Actions</VisuallyHidden>}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                {rows ? (
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={row.user.id}>
                        <Table.Td {...cellLabel('Member')}>
                          <Text size="sm" fw={500}>
                            {row.user.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {row.user.email}
                          </Text>
                        </Table.Td>
                        <Table.Td {...cellLabel('Gym')}>{row.gym.name}</Table.Td>
                        <Table.Td {...cellLabel('Why')}>
                          <List size="sm" spacing={2}>
                            {row.reasons.map((r) => (
                              <List.Item key={r.kind}>{r.text}</List.Item>
                            ))}
                          </List>
                        </Table.Td>
                        <Table.Td {...cellLabel('Last contacted')}>
                          <LastContact row={row} />
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconPhoneCheck size={14} aria-hidden />}
                            aria-label={`Mark ${row.user.name} as contacted`}
                            onClick={() => setContacting({ id: row.user.id, name: row.user.name })}
                          >
                            Mark contacted
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                ) : (
                  <SkeletonRows columns={COLUMNS.length} />
                )}
              </Table>
            </ListTable>
          )}
        </>
      )}
      <ListPagination
        meta={meta}
        noun="members"
        onPage={(page) => setParams((p) => withFilters(p, { page: String(page) }))}
      />
      <ContactModal member={contacting} onClose={() => setContacting(null)} />
    </Stack>
  );
}
