// The account home: the membership card in its colour (green, amber, red) with its state, offering and
// price, the next payment (surcharge included), term and cooling-off, what is owed, door access in words,
// and what the member can do now.
import type { Account } from '@gym/domain/api/account';
import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import { formatDate, formatDateTime } from '@gym/domain/format';
import { Alert, Badge, Button, Card, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import { errorMessage } from '@/lib/notify';
import { useAccount, useUndoCancellation } from '../api/account-api';
import classes from './account.module.css';
import { ActionError } from './action-error';

const STATE_LABEL: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
  grace: 'Payment overdue',
  upcoming: 'Starting soon',
};
const COLOUR: Record<string, string> = { green: 'green', amber: 'yellow', red: 'red' };

type Membership = NonNullable<Account['membership']>;

function Facts({ m }: { m: Membership }) {
  const s = m.subscription;
  return (
    <dl className={classes.facts}>
      <dt>Price</dt>
      <dd>
        {s.price.formatted_amount} {m.frequency_label.toLowerCase()}
      </dd>
      <dt>Membership</dt>
      <dd>{m.membership_type_label}</dd>
      {m.next_payment ? (
        <>
          <dt>Next payment</dt>
          <dd>
            {m.next_payment.formatted_total} on {formatDate(m.next_payment.date as CalendarDate)}
            {m.next_payment.surcharge > 0 ? ' (card surcharge included)' : ''}
          </dd>
        </>
      ) : null}
      {s.term_ends_at ? (
        <>
          <dt>Term ends</dt>
          <dd>{formatDate(s.term_ends_at as CalendarDate)}</dd>
        </>
      ) : null}
      {m.cooling_period_ends_at ? (
        <>
          <dt>Cooling-off</dt>
          <dd>until the end of {formatDate(addDays(m.cooling_period_ends_at as CalendarDate, -1))}</dd>
        </>
      ) : null}
      <dt>Balance owing</dt>
      <dd>{s.formatted_balance_owing}</dd>
      <dt>Paid by</dt>
      <dd>{m.payment_method?.label ?? 'No way to pay chosen'}</dd>
    </dl>
  );
}

export function MembershipHome() {
  const account = useAccount();
  const undo = useUndoCancellation();
  if (account.isLoading) return <Loader aria-label="Loading your membership" />;
  if (!account.data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(account.error)}
      </Alert>
    );
  const m = account.data.membership;
  if (!m) return <Text>You do not hold a membership here.</Text>;
  const s = m.subscription;
  const settings = account.data.self_service;
  return (
    <Stack gap="md">
      <Card
        withBorder
        padding="lg"
        className={`${classes.card} ${classes[s.card_colour]}`}
        aria-label={`Membership card, ${s.card_colour}`}
      >
        <Stack gap="sm">
          <Text fw={700} size="lg">
            {m.offering_name} at {m.gym.name}
          </Text>
          <Badge color={COLOUR[s.card_colour]} size="lg" variant="filled">
            {STATE_LABEL[s.state] ?? s.state}
          </Badge>
          <Text fw={600} data-testid="door-access">
            {m.door_access.text}
          </Text>
          <Facts m={m} />
          {s.pause ? (
            <Text>
              {s.pause.status === 'scheduled' ? 'Pause booked' : 'Paused'}:{' '}
              {formatDate(s.pause.start_date as CalendarDate)} to{' '}
              {formatDate(addDays(s.pause.end_date as CalendarDate, -1))}, back on{' '}
              {formatDate(s.pause.end_date as CalendarDate)}.
            </Text>
          ) : null}
          {s.cancelled_at && s.ends_at ? (
            <Text>
              {m.cancelled_online ? 'You cancelled online. ' : 'Cancelled. '}
              Your membership ends after {formatDate(addDays(s.ends_at as CalendarDate, -1))}.
            </Text>
          ) : null}
        </Stack>
      </Card>
      <ActionError mutation={undo} />
      <Stack gap="sm">
        {s.balance_owing > 0 ? (
          <Button component={Link} to={route('account.pay')} size="lg" color="red">
            Pay {s.formatted_balance_owing} now
          </Button>
        ) : null}
        {s.can.undo_cancellation && s.undo_cancellation_until ? (
          <Button size="lg" loading={undo.isPending} onClick={() => undo.mutate()}>
            Undo my cancellation (until {formatDateTime(new Date(s.undo_cancellation_until))})
          </Button>
        ) : null}
        {s.can.pause || s.can.remove_pause ? (
          settings.member_pauses_allowed || s.can.remove_pause ? (
            <Button component={Link} to={route('account.pause')} size="lg" variant="light">
              {s.can.remove_pause ? 'My pause' : 'Pause my membership'}
            </Button>
          ) : null
        ) : null}
        {s.can.cancel && settings.member_online_cancellation ? (
          <Button component={Link} to={route('account.cancel')} size="lg" variant="subtle" color="red">
            Cancel my membership
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
