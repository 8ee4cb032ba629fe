// One payment in full: its charge, every attempt at it with the providers' ids, the failure in plain
// words, who recorded a manual payment, and (for admins of its gym) "Retry now" on a failed charge,
// confirmed first since it takes money.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate, formatDateTime } from '@gym/domain/format';
import { chargeStatusLabel, failureLabel } from '@gym/domain/labels';
import { Alert, Button, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/ui/table-states';
import { notifyError, notifySuccess } from '@/lib/notify';
import { type PaymentDetail, paymentTypeLabel } from '../api/payment-answers';
import { usePayment, useRetryPayment } from '../api/payments-api';
import { PaymentStatusBadge } from './payment-status-badge';

const NONE = '--';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </div>
  );
}

function Details({ payment, onOpen }: { payment: PaymentDetail; onOpen(id: number): void }) {
  const retry = useRetryPayment();
  const confirmRetry = () =>
    modals.openConfirmModal({
      title: 'Retry this payment now?',
      children: (
        <Text size="sm">
          {payment.user.name} will be charged {payment.formatted_total} again by{' '}
          {paymentTypeLabel(payment.type).toLowerCase()} now.
        </Text>
      ),
      labels: { confirm: 'Retry now', cancel: 'Cancel' },
      onConfirm: () =>
        retry.mutate(payment.id, {
          onSuccess: (answer) => {
            notifySuccess(
              answer.created ? 'The payment was sent again.' : 'This payment had already been retried.',
            );
            onOpen(answer.retry_payment_id);
          },
          onError: (error) => notifyError(error, 'Could not retry the payment'),
        }),
    });
  const charge = payment.charge;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <PaymentStatusBadge group={payment.status_group} />
        <Text size="sm" c="dimmed">
          {payment.formatted_total} · {paymentTypeLabel(payment.type)} · attempt {payment.attempt}
        </Text>
      </Group>
      {payment.error_explanation ? (
        <Alert color="red" title="Why it failed" role="note">
          <Text size="sm">{payment.error_explanation}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            {failureLabel(payment.error_status)}
            {payment.error_description ? `: ${payment.error_description}` : ''}
          </Text>
        </Alert>
      ) : null}
      <SimpleGrid component="dl" cols={2} spacing="md" verticalSpacing="sm" m={0}>
        <Fact label="Member">{`${payment.user.name} (${payment.user.email})`}</Fact>
        <Fact label="Gym">{payment.gym.name}</Fact>
        <Fact label="Made">{formatDateTime(new Date(payment.created_at))}</Fact>
        <Fact label="Period">
          {payment.period_start_at ? formatDate(payment.period_start_at as CalendarDate) : NONE}
          {payment.period_end_at ? ` to ${formatDate(payment.period_end_at as CalendarDate)}` : ''}
        </Fact>
        <Fact label="Amount">{payment.formatted_amount}</Fact>
        <Fact label="Surcharge">{payment.formatted_surcharge}</Fact>
        <Fact label="Akahu payment">{payment.akahu_id ?? NONE}</Fact>
        <Fact label="Stripe payment">{payment.stripe_id ?? NONE}</Fact>
        <Fact label="Processed by">{payment.processed_by?.name ?? NONE}</Fact>
        <Fact label="Retry / pro rata">{`${payment.is_retry ? 'Retry' : 'First attempt'} · ${payment.is_pro_rata ? 'Pro rata' : 'Full period'}`}</Fact>
      </SimpleGrid>
      {charge ? (
        <section aria-labelledby="payment-charge">
          <Title order={3} size="h5" id="payment-charge" mb="xs">
            Charge
          </Title>
          <Text size="sm">
            {charge.formatted_total} due {formatDate(charge.due_date as CalendarDate)} ·{' '}
            {chargeStatusLabel(charge.status)}
            {charge.next_retry_on
              ? ` · tried again automatically on ${formatDate(charge.next_retry_on as CalendarDate)}`
              : ''}
          </Text>
        </section>
      ) : null}
      <section aria-labelledby="payment-attempts">
        <Title order={3} size="h5" id="payment-attempts" mb="xs">
          Attempts
        </Title>
        <Table aria-label="Attempts" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Provider id</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payment.attempts.map((a) => (
              <Table.Tr key={a.id} aria-current={a.id === payment.id ? 'true' : undefined}>
                <Table.Td>{a.attempt}</Table.Td>
                <Table.Td>{formatDateTime(new Date(a.created_at))}</Table.Td>
                <Table.Td>
                  <PaymentStatusBadge group={a.status_group} />
                </Table.Td>
                <Table.Td>{a.akahu_id ?? a.stripe_id ?? NONE}</Table.Td>
                <Table.Td>{a.error_explanation ?? NONE}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
      {payment.retry.allowed ? (
        <Button onClick={confirmRetry} loading={retry.isPending} color="orange">
          Retry now
        </Button>
      ) : payment.status_group === 'failed' && payment.retry.reason ? (
        <Text size="sm" c="dimmed">
          {payment.retry.reason}
        </Text>
      ) : null}
    </Stack>
  );
}

export function PaymentDrawer({
  organisationId,
  paymentId,
  onClose,
  onOpen,
}: {
  organisationId: number;
  paymentId: number | null;
  onClose(): void;
  onOpen(id: number): void;
}) {
  const payment = usePayment(organisationId, paymentId);
  return (
    <Drawer
      opened={paymentId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={`Payment ${paymentId ?? ''}`}
    >
      {payment.isPending ? (
        <Loader role="status" aria-label="Loading the payment" />
      ) : payment.isError ? (
        <LoadErrorAlert what="the payment" error={payment.error} onRetry={() => void payment.refetch()} />
      ) : (
        <Details payment={payment.data} onOpen={onOpen} />
      )}
    </Drawer>
  );
}
