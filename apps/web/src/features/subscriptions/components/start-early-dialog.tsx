// Start early: what is charged now for the days brought forward, and that the first full payment stays on
// the original start date.
import { List, Loader } from '@mantine/core';
import { ApiError } from '@/lib/api-error';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useStartEarly, useStartEarlyData } from '../api/subscription-actions';
import { startEarlySentences } from '../lib/action-text';
import { ActionModal } from './action-modal';

interface Props {
  subscriptionId: number;
  opened: boolean;
  onClose: () => void;
}

export function StartEarlyDialog({ subscriptionId, opened, onClose }: Props) {
  const data = useStartEarlyData(subscriptionId, opened);
  const start = useStartEarly(subscriptionId);
  const summary = data.isPending ? (
    <Loader size="sm" role="status" aria-label="Working out the charge" />
  ) : data.isError ? (
    errorMessage(data.error)
  ) : (
    <List size="sm">
      {startEarlySentences(data.data).map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
  return (
    <ActionModal
      opened={opened}
      onClose={onClose}
      title="Start membership today"
      confirmLabel="Start today and charge"
      summary={summary}
      onConfirm={async () => {
        if (!data.data?.can_start_early)
          throw new ApiError(409, data.data?.reason ?? 'This membership cannot start early.');
        await start.mutateAsync();
        notifySuccess(
          `The membership starts today; ${data.data.formatted_total} is being charged.`,
          'Started',
        );
      }}
    />
  );
}
