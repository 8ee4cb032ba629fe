// Pause: first day paused, first day back, and why; the review shows the credit days, the next payment and
// when door access stops and starts again.
import type { PausePreview } from '@gym/domain/api/subscriptions';
import type { PauseBody } from '@gym/domain/api/subscriptions-requests';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { List, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { NzDateInput } from '@/components/ui/nz-date-input';
import { errorProps } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { pauseSubscription, usePause } from '../api/subscription-actions';
import { pauseSentences } from '../lib/action-text';
import { ActionModal } from './action-modal';

interface Props {
  subscriptionId: number;
  opened: boolean;
  onClose: () => void;
}

export function PauseDialog({ subscriptionId, opened, onClose }: Props) {
  const [draft, setDraft] = useState({
    start_date: todayInAuckland(new Date()) as string,
    end_date: '',
    reason: '',
  });
  const [preview, setPreview] = useState<PausePreview | null>(null);
  const pause = usePause(subscriptionId);
  const change = (patch: Partial<typeof draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setPreview(null);
  };
  const body = () => draft as unknown as Omit<PauseBody, 'dry_run'>;
  return (
    <ActionModal
      opened={opened}
      onClose={() => {
        setPreview(null);
        onClose();
      }}
      title="Pause membership"
      confirmLabel="Pause membership"
      fields={(errors) => (
        <Stack gap="sm">
          <NzDateInput
            label="First day paused"
            required
            value={draft.start_date}
            onChange={(value) => change({ start_date: value })}
            {...errorProps(errors, 'start_date')}
          />
          <NzDateInput
            label="First day back"
            required
            value={draft.end_date}
            onChange={(value) => change({ end_date: value })}
            {...errorProps(errors, 'end_date')}
          />
          <TextInput
            label="Reason"
            required
            value={draft.reason}
            onChange={(event) => change({ reason: event.currentTarget.value })}
            {...errorProps(errors, 'reason')}
          />
        </Stack>
      )}
      summary={
        preview ? (
          <List size="sm">
            {pauseSentences(preview).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : null
      }
      onReview={async () =>
        setPreview((await pauseSubscription(subscriptionId, { ...body(), dry_run: true })).preview)
      }
      onConfirm={async () => {
        await pause.mutateAsync(body());
        notifySuccess('The membership is paused as planned.', 'Pause booked');
        setPreview(null);
      }}
    />
  );
}
