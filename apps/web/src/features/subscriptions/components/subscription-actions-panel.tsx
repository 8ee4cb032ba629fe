// The staff actions on one membership, for the member page: a button for each action the server says the
// membership allows now (pause, remove a booked pause, cancel, undo, change price, start early, record a
// payment), each opening a dialog that says what will happen to money and door access before it acts.

import type { SubscriptionActions } from '@gym/domain/api/subscriptions';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { subscriptionStateLabel, undoUntilPhrase } from '@gym/domain/labels';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useRemovePause, useSubscriptionActions, useUndoCancellation } from '../api/subscription-actions';
import { ActionModal } from './action-modal';
import { CancelDialog } from './cancel-dialog';
import { ManualPaymentDialog } from './manual-payment-dialog';
import { PauseDialog } from './pause-dialog';
import { PriceChangeDialog, PriceHistorySection } from './price-change-dialog';
import { StartEarlyDialog } from './start-early-dialog';

type Dialog = 'pause' | 'remove-pause' | 'cancel' | 'undo' | 'price' | 'start-early' | 'payment' | null;

const day = (value: string) => formatDate(value as CalendarDate);
const COLOURS = { green: 'green', amber: 'yellow', red: 'red' } as const;

function Facts({ sub }: { sub: SubscriptionActions }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color={COLOURS[sub.card_colour]} variant="light">
          {subscriptionStateLabel(sub.state)}
        </Badge>
        {sub.balance_owing > 0 ? <Text size="sm">Owing {sub.formatted_balance_owing}</Text> : null}
      </Group>
      {sub.pause ? (
        <Text size="sm">
          {sub.pause.status === 'active' ? 'Paused' : 'Pause booked'} from {day(sub.pause.start_date)}; back
          on {day(sub.pause.end_date)}.
        </Text>
      ) : null}
      {sub.cancelled_at && sub.ends_at ? (
        <Text size="sm">
          Cancelled; access ends {day(sub.ends_at)}
          {sub.undo_cancellation_until && sub.can.undo_cancellation
            ? ` (${undoUntilPhrase(new Date(sub.undo_cancellation_until))})`
            : ''}
          .
        </Text>
      ) : null}
      {sub.scheduled_price_change ? (
        <Text size="sm">
          Price changes to {sub.scheduled_price_change.formatted_amount} from{' '}
          {day(sub.scheduled_price_change.takes_effect_at)}.
        </Text>
      ) : null}
    </Stack>
  );
}

export function SubscriptionActionsPanel({ subscriptionId }: { subscriptionId: number }) {
  const query = useSubscriptionActions(subscriptionId);
  const [open, setOpen] = useState<Dialog>(null);
  const undo = useUndoCancellation(subscriptionId);
  const removePause = useRemovePause(subscriptionId);
  const close = () => setOpen(null);

  if (query.isPending) return <Skeleton height={60} aria-label="Loading the membership’s actions" />;
  if (query.isError)
    return (
      <Alert color="red" title="The membership’s actions could not be loaded">
        {errorMessage(query.error)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const sub = query.data;
  const can = sub.can;
  const none = !Object.values(can).some(Boolean);
  return (
    <section aria-label="Subscription actions">
      <Stack gap="sm">
        <Facts sub={sub} />
        <Group gap="xs">
          {can.pause ? (
            <Button variant="light" onClick={() => setOpen('pause')}>
              Pause
            </Button>
          ) : null}
          {can.remove_pause ? (
            <Button variant="light" color="gray" onClick={() => setOpen('remove-pause')}>
              Remove booked pause
            </Button>
          ) : null}
          {can.change_price ? (
            <Button variant="light" onClick={() => setOpen('price')}>
              Change price
            </Button>
          ) : null}
          {can.start_early ? (
            <Button variant="light" onClick={() => setOpen('start-early')}>
              Start early
            </Button>
          ) : null}
          {can.record_payment ? (
            <Button variant="light" color="green" onClick={() => setOpen('payment')}>
              Record payment
            </Button>
          ) : null}
          {can.undo_cancellation ? (
            <Button variant="light" onClick={() => setOpen('undo')}>
              Undo cancellation
            </Button>
          ) : null}
          {can.cancel ? (
            <Button variant="light" color="red" onClick={() => setOpen('cancel')}>
              Cancel membership
            </Button>
          ) : null}
        </Group>
        {none ? (
          <Text size="sm" c="dimmed">
            No actions are open for this membership now.
          </Text>
        ) : null}
        <PriceHistorySection userId={sub.user_id} />
      </Stack>
      <PauseDialog subscriptionId={sub.id} opened={open === 'pause'} onClose={close} />
      <CancelDialog subscriptionId={sub.id} opened={open === 'cancel'} onClose={close} />
      <PriceChangeDialog subscription={sub} opened={open === 'price'} onClose={close} />
      <StartEarlyDialog subscriptionId={sub.id} opened={open === 'start-early'} onClose={close} />
      <ManualPaymentDialog subscriptionId={sub.id} opened={open === 'payment'} onClose={close} />
      <ActionModal
        opened={open === 'undo'}
        onClose={close}
        title="Undo cancellation"
        confirmLabel="Undo cancellation"
        summary={
          <Text size="sm">
            The membership carries on as before: payments continue from{' '}
            {sub.current_period_end ? day(sub.current_period_end) : 'its next date'} and door access is kept.
          </Text>
        }
        onConfirm={async () => {
          await undo.mutateAsync();
          notifySuccess('The membership carries on.', 'Cancellation undone');
        }}
      />
      {sub.pause ? (
        <ActionModal
          opened={open === 'remove-pause'}
          onClose={close}
          title="Remove booked pause"
          confirmLabel="Remove pause"
          color="red"
          summary={
            <Text size="sm">
              The pause from {day(sub.pause.start_date)} to {day(sub.pause.end_date)} is removed: payments and
              door access carry on as usual.
            </Text>
          }
          onConfirm={async () => {
            await removePause.mutateAsync(sub.pause!.id);
            notifySuccess('The booked pause is removed.', 'Pause removed');
          }}
        />
      ) : null}
    </section>
  );
}
