// The member's records on the profile: payments and visits (most recent first, a page at a time),
// payment methods, door access with a new Kisi login, and the activity log.

import type { PageMeta } from '@gym/domain/api/envelope';
import { paymentTypeLabel } from '@gym/domain/api/payments';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate, formatDateTime } from '@gym/domain/format';
import { activitySentence, failureLabel, paymentMethodLabel, paymentStatusLabel } from '@gym/domain/labels';
import {
  Alert,
  Badge,
  Button,
  Code,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconCalendarOff, IconCreditCard, IconHistory, IconReceipt } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { cellLabel, ListTable } from '@/components/ui/list-table';
import { SectionCard } from '@/components/ui/section-card';
import { LoadErrorAlert, SkeletonRows } from '@/components/ui/table-states';
import { errorMessage } from '@/lib/notify';
import {
  useDoorAccess,
  useMemberActivityLog,
  useMemberPayments,
  useMemberVisits,
  usePaymentTypes,
  useRecreateKisiLogin,
} from '../api/members-api';

const STATUS_COLOURS = { successful: 'green', upcoming: 'blue', pending: 'gray', failed: 'red' } as const;

function PagedTable<R>({
  label,
  what,
  query,
  columns,
  row,
  empty,
  onPage,
  minWidth,
}: {
  label: string;
  what: string;
  query: UseQueryResult<{ data: R[]; meta: PageMeta }>;
  columns: string[];
  row(item: R): ReactNode;
  empty: ReactNode;
  onPage(page: number): void;
  /** Above a card's width and below this one the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
}) {
  if (query.isError)
    return <LoadErrorAlert what={what} error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (data && data.data.length === 0) return empty;
  return (
    <Stack gap="xs">
      <ListTable label={label} minWidth={minWidth}>
        <Table striped verticalSpacing={4} aria-label={label} aria-busy={query.isFetching}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {data ? (
            <Table.Tbody>{data.data.map(row)}</Table.Tbody>
          ) : (
            <SkeletonRows columns={columns.length} rows={3} />
          )}
        </Table>
      </ListTable>
      {data && data.meta.last_page > 1 && (
        <Pagination
          size="sm"
          total={data.meta.last_page}
          value={data.meta.current_page}
          onChange={onPage}
          getControlProps={(control) => ({
            'aria-label': `${label}: ${control === 'previous' ? 'previous' : 'next'} page`,
          })}
          getItemProps={(page) => ({ 'aria-label': `${label}: page ${page}` })}
        />
      )}
    </Stack>
  );
}

export function MemberPayments({ memberId }: { memberId: number }) {
  const [page, setPage] = useState(1);
  const query = useMemberPayments(memberId, page);
  return (
    <SectionCard title="Payments">
      <PagedTable
        label="Payments"
        what="the payments"
        query={query}
        columns={['Date', 'Amount', 'Period', 'Type', 'Status']}
        minWidth={640}
        onPage={setPage}
        empty={<EmptyState icon={<IconReceipt size={28} aria-hidden />} title="No payments yet" />}
        row={(p) => (
          <Table.Tr key={p.id}>
            <Table.Td {...cellLabel('Date')}>{formatDateTime(new Date(p.created_at))}</Table.Td>
            <Table.Td {...cellLabel('Amount')}>
              {/* What was taken (or asked for): the card surcharge is part of it. */}
              {p.formatted_total}
              {p.surcharge > 0 && (
                <Text size="xs" c="dimmed">
                  incl. {p.formatted_surcharge} card surcharge
                </Text>
              )}
            </Table.Td>
            <Table.Td {...cellLabel('Period')}>
              {p.period_start_at ? formatDate(p.period_start_at as CalendarDate) : '—'}
              {p.period_end_at ? ` – ${formatDate(p.period_end_at as CalendarDate)}` : ''}
            </Table.Td>
            <Table.Td {...cellLabel('Type')}>
              {paymentTypeLabel(p.type)}
              {p.processed_by ? ` (by ${p.processed_by.name})` : ''}
            </Table.Td>
            <Table.Td {...cellLabel('Status')}>
              <Badge variant="light" color={STATUS_COLOURS[p.status_class]}>
                {paymentStatusLabel(p.status)}
              </Badge>
              {(p.error_status || p.error_description) && p.status_class === 'failed' && (
                <Text size="xs" c="dimmed">
                  {failureLabel(p.error_status, p.error_description)}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </SectionCard>
  );
}

export function MemberVisits({ memberId }: { memberId: number }) {
  const [page, setPage] = useState(1);
  const query = useMemberVisits(memberId, page);
  return (
    <SectionCard title="Visits">
      <PagedTable
        label="Visits"
        what="the visits"
        query={query}
        columns={['When', 'Gym', 'Door']}
        minWidth={420}
        onPage={setPage}
        empty={<EmptyState icon={<IconCalendarOff size={28} aria-hidden />} title="No visits yet" />}
        row={(v) => (
          <Table.Tr key={v.id}>
            <Table.Td {...cellLabel('When')}>{formatDateTime(new Date(v.visited_at))}</Table.Td>
            <Table.Td {...cellLabel('Gym')}>{v.gym.name}</Table.Td>
            <Table.Td {...cellLabel('Door')}>{v.successful ? 'Opened' : 'Refused'}</Table.Td>
          </Table.Tr>
        )}
      />
    </SectionCard>
  );
}

export function MemberActivityLog({ memberId }: { memberId: number }) {
  const [page, setPage] = useState(1);
  const query = useMemberActivityLog(memberId, page);
  return (
    <SectionCard title="Activity log">
      <PagedTable
        label="Activity log"
        what="the activity log"
        query={query}
        columns={['When', 'What', 'Who']}
        minWidth={420}
        onPage={setPage}
        empty={<EmptyState icon={<IconHistory size={28} aria-hidden />} title="Nothing recorded yet" />}
        row={(a) => (
          <Table.Tr key={a.id}>
            <Table.Td {...cellLabel('When')}>{formatDateTime(new Date(a.created_at))}</Table.Td>
            <Table.Td {...cellLabel('What')}>{activitySentence(a)}</Table.Td>
            <Table.Td {...cellLabel('Who')}>
              {a.by_member ? 'By the member' : (a.actor?.name ?? 'System')}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </SectionCard>
  );
}

export function MemberPaymentMethods({ memberId }: { memberId: number }) {
  const query = usePaymentTypes(memberId);
  return (
    <SectionCard title="Payment methods">
      {query.isError ? (
        <LoadErrorAlert what="the payment methods" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data && query.data.length === 0 ? (
        <EmptyState icon={<IconCreditCard size={28} aria-hidden />} title="No payment method yet" />
      ) : (
        <Stack gap="xs" aria-busy={query.isLoading}>
          {(query.data ?? []).map((p) => (
            <Group key={p.id} gap="xs">
              <Text size="sm">
                {p.model?.kind === 'bank_account'
                  ? `${paymentMethodLabel(p.model)} (${p.model.name})`
                  : p.model?.kind === 'stripe_card'
                    ? `${paymentMethodLabel(p.model)}, expires ${String(p.model.exp_month).padStart(2, '0')}/${p.model.exp_year}`
                    : paymentTypeLabel(p.type)}
              </Text>
              {p.is_default && (
                <Badge size="sm" variant="light">
                  Default
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/** What the membership allows against what the door system does, as one sentence. */
function doorAccessSentence(should: boolean, has: boolean): string {
  if (should && has) return 'the membership lets them in and the doors open for them.';
  if (!should && !has) return 'the membership does not let them in, and the doors stay shut for them.';
  if (should)
    return 'the membership lets them in, but the door system has not opened the doors for them yet.';
  return 'the membership does not let them in, but the door system still opens the doors for them.';
}

export function MemberDoorAccess({ memberId, canManage }: { memberId: number; canManage: boolean }) {
  const query = useDoorAccess(memberId);
  const recreate = useRecreateKisiLogin(memberId);
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const access = query.data?.access;
  return (
    <SectionCard title="Door access">
      {query.isError ? (
        <LoadErrorAlert what="the door access" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="xs" aria-busy={query.isLoading}>
          {access && (
            <Text size="sm">
              {access.place
                ? `${access.place.gym.name} (${access.place.name}): `
                : 'The gym is not linked to a door system place yet. '}
              {doorAccessSentence(access.should_have_access, access.has_access)}
            </Text>
          )}
          {(query.data?.credentials ?? []).map((c) => (
            <Text key={c.id} size="sm" c="dimmed">
              {c.place.name}: {c.has_door_access ? 'the doors open for them' : 'the doors stay shut for them'}
              , {c.login_id ? `door login ${c.login_id}` : 'no door login yet'}, updated{' '}
              {formatDateTime(new Date(c.updated_at))}
            </Text>
          ))}
          {canManage && (
            <Group>
              <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
                Recreate Kisi login
              </Button>
            </Group>
          )}
          {recreate.isError && (
            <Alert color="red" role="alert" title="Could not recreate the Kisi login">
              {errorMessage(recreate.error)}
            </Alert>
          )}
          {secret && (
            <Alert color="green" title="New Kisi login" withCloseButton onClose={() => setSecret(null)}>
              The member’s old login stops working. The new login’s secret, shown only now:{' '}
              <Code>{secret}</Code>
            </Alert>
          )}
        </Stack>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Recreate the Kisi login?">
        <Stack>
          <Text size="sm">
            The member’s current Kisi login stops working at once and a new one is made. Their door rights do
            not change.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep the current login
            </Button>
            <Button
              loading={recreate.isPending}
              onClick={() =>
                recreate.mutate(undefined, {
                  onSuccess: (made) => setSecret(made.login_secret),
                  onSettled: () => setConfirming(false),
                })
              }
            >
              Recreate login
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
