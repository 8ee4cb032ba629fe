// Cancelling online, no staff approval: the member chooses why, then reads exactly what happens (when the
// membership and door access end, the final charge, break fee or cooling-off refund) before confirming;
// a pause is offered instead where the gym allows it. Confirming emails a confirmation.
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  type CancellationReason,
} from '@gym/domain/api/subscriptions-requests';
import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import { formatDate, formatDateTime } from '@gym/domain/format';
import { Alert, Button, Checkbox, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { route } from '@/config/paths';
import { errorMessage } from '@/lib/notify';
import { useAccount, useCancel } from '../api/account-api';
import { ActionError } from './action-error';

export function CancelForm() {
  const account = useAccount();
  const preview = useCancel();
  const confirm = useCancel();
  const [reasons, setReasons] = useState<CancellationReason[]>([]);
  const [comment, setComment] = useState('');
  if (account.isLoading) return <Loader aria-label="Loading your membership" />;
  const m = account.data?.membership;
  if (!account.data || !m)
    return (
      <Alert color="red" role="alert">
        {errorMessage(account.error, 'You do not hold a membership here.')}
      </Alert>
    );
  const back = (
    <Button component={Link} to={route('account')} size="lg" variant="subtle">
      Back to my membership
    </Button>
  );
  const done = confirm.data;
  if (done) {
    const p = done.preview;
    return (
      <Stack gap="md">
        <Alert color="green" role="status" title="Your membership is cancelled">
          It ends after {formatDate(addDays(p.ends_on as CalendarDate, -1))}. We have emailed you a
          confirmation.
          {p.undo_until ? ` You can undo it until ${formatDateTime(new Date(p.undo_until))}.` : ''}
        </Alert>
        {back}
      </Stack>
    );
  }
  const body = { cancellation_reasons: reasons, cancellation_comments: comment.trim() || null };
  const shown = preview.data?.preview;
  return (
    <Stack gap="md">
      {account.data.self_service.member_pauses_allowed && m.subscription.can.pause ? (
        <Alert color="blue" title="Need a break rather than leaving?">
          You can pause instead: no payments while you are away, and you keep your membership.{' '}
          <Link to={route('account.pause')}>Pause my membership</Link>
        </Alert>
      ) : null}
      <Checkbox.Group
        label="Why are you leaving?"
        value={reasons}
        onChange={(value) => {
          setReasons(value as CancellationReason[]);
          preview.reset();
        }}
      >
        <Stack gap="sm" mt="xs">
          {CANCELLATION_REASONS.map((r) => (
            <Checkbox key={r} value={r} label={CANCELLATION_REASON_LABELS[r]} size="md" />
          ))}
        </Stack>
      </Checkbox.Group>
      <Textarea
        label="Anything you would like to tell us"
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={2}
        size="md"
      />
      <ActionError mutation={preview} />
      <ActionError mutation={confirm} />
      {shown ? (
        <Alert color="yellow" title="What cancelling does" role="status">
          <Stack gap={4}>
            <Text>
              Your membership and door access end after{' '}
              {formatDate(addDays(shown.ends_on as CalendarDate, -1))}.
            </Text>
            {shown.kind === 'cooling_off' ? (
              <Text>
                You are inside your cooling-off period: no break fee, and {shown.formatted_refund} of unused
                days is refunded.
              </Text>
            ) : null}
            {shown.break_fee > 0 ? (
              <Text>
                You are leaving your term early: a break fee of {shown.formatted_break_fee} is charged now.
              </Text>
            ) : (
              <Text>
                No further payment is taken
                {shown.kind === 'cooling_off' ? '' : ' after the period you have paid for'}.
              </Text>
            )}
            {shown.undo_until ? (
              <Text>You can undo this until {formatDateTime(new Date(shown.undo_until))}.</Text>
            ) : (
              <Text>This cannot be undone.</Text>
            )}
          </Stack>
        </Alert>
      ) : null}
      {shown ? (
        <Button
          size="lg"
          color="red"
          loading={confirm.isPending}
          onClick={() => confirm.mutate({ ...body, dry_run: false })}
        >
          Cancel my membership
        </Button>
      ) : (
        <Button
          size="lg"
          disabled={reasons.length === 0}
          loading={preview.isPending}
          onClick={() => preview.mutate({ ...body, dry_run: true })}
        >
          See what cancelling does
        </Button>
      )}
      {back}
    </Stack>
  );
}
