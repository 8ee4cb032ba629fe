// Pausing online, within the gym's limits: the same preview staff get (credit days, the next payment)
// before confirming, and a pause not yet begun can be removed.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { addDays } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import { errorMessage } from '@/lib/notify';
import { useAccount, usePause, useRemovePause } from '../api/account-api';
import { ActionError } from './action-error';

export function PauseForm() {
  const account = useAccount();
  const preview = usePause();
  const book = usePause();
  const remove = useRemovePause();
  const [start, setStart] = useState<string>('');
  const [end, setEnd] = useState<string>('');
  if (account.isLoading) return <Loader aria-label="Loading your membership" />;
  const m = account.data?.membership;
  if (!account.data || !m)
    return (
      <Alert color="red" role="alert">
        {errorMessage(account.error, 'You do not hold a membership here.')}
      </Alert>
    );
  const s = account.data.self_service;
  const pause = m.subscription.pause;
  const back = (
    <Button component={Link} to={route('account')} size="lg" variant="subtle">
      Back to my membership
    </Button>
  );
  if (pause) {
    return (
      <Stack gap="md">
        <Text size="lg">
          {pause.status === 'scheduled' ? 'Your pause is booked' : 'You are paused'}:{' '}
          {formatDate(pause.start_date as CalendarDate)} to{' '}
          {formatDate(addDays(pause.end_date as CalendarDate, -1))}. You are back on{' '}
          {formatDate(pause.end_date as CalendarDate)}.
        </Text>
        <ActionError mutation={remove} />
        {pause.status === 'scheduled' ? (
          <Button
            size="lg"
            color="red"
            variant="light"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(pause.id, {
                // Back to an empty form: the removed pause's preview is no longer what the form shows.
                onSuccess: () => {
                  preview.reset();
                  book.reset();
                },
              })
            }
          >
            Remove this pause
          </Button>
        ) : (
          <Text>A pause that has begun ends on its end date.</Text>
        )}
        {back}
      </Stack>
    );
  }
  if (!s.member_pauses_allowed)
    return (
      <Stack gap="md">
        <Text>Pauses are arranged with the gym’s staff; ask at the front desk.</Text>
        {back}
      </Stack>
    );
  const body = { start_date: start, end_date: end };
  const shown = preview.data?.preview;
  return (
    <Stack gap="md">
      <Text>
        A pause lasts {s.member_pause_min_days} to {s.member_pause_max_days} days
        {s.member_pause_notice_days > 0 ? `, booked at least ${s.member_pause_notice_days} days ahead` : ''}
        {'; '}you can pause {s.member_pauses_per_year === 1 ? 'once' : `${s.member_pauses_per_year} times`} in
        12 months. No payment is taken while you are paused, days you have paid for are added back, and your
        tag does not open the doors.
      </Text>
      <TextInput
        type="date"
        size="md"
        label="First day paused"
        value={start}
        onChange={(e) => {
          setStart(e.currentTarget.value);
          preview.reset();
        }}
      />
      <TextInput
        type="date"
        size="md"
        label="First day back"
        value={end}
        onChange={(e) => {
          setEnd(e.currentTarget.value);
          preview.reset();
        }}
      />
      <ActionError mutation={preview} />
      <ActionError mutation={book} />
      {shown ? (
        <Alert color="blue" title="What this pause does" role="status">
          {shown.days} days paused. {shown.credit_days} paid days are added back.{' '}
          {shown.next_charge_date
            ? `Your next payment is on ${formatDate(shown.next_charge_date as CalendarDate)}.`
            : 'No payment is due after it.'}
        </Alert>
      ) : null}
      {shown ? (
        <Button size="lg" loading={book.isPending} onClick={() => book.mutate({ ...body, dry_run: false })}>
          Pause my membership
        </Button>
      ) : (
        <Button
          size="lg"
          disabled={!start || !end}
          loading={preview.isPending}
          onClick={() => preview.mutate({ ...body, dry_run: true })}
        >
          Check this pause
        </Button>
      )}
      {back}
    </Stack>
  );
}
