// Cancel: reasons and a comment; the review shows when access ends, any refund or break fee, and until
// when it can be undone.
import type { CancellationPreview } from '@gym/domain/api/subscriptions';
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  type CancellationReason,
} from '@gym/domain/api/subscriptions-requests';
import { Checkbox, List, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorProps } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { cancelSubscription, useCancel } from '../api/subscription-actions';
import { cancelSentences } from '../lib/action-text';
import { ActionModal } from './action-modal';

interface Props {
  subscriptionId: number;
  opened: boolean;
  onClose: () => void;
}

export function CancelDialog({ subscriptionId, opened, onClose }: Props) {
  const [reasons, setReasons] = useState<CancellationReason[]>([]);
  const [comments, setComments] = useState('');
  const [preview, setPreview] = useState<CancellationPreview | null>(null);
  const cancel = useCancel(subscriptionId);
  const body = () => ({ cancellation_reasons: reasons, cancellation_comments: comments });
  return (
    <ActionModal
      opened={opened}
      onClose={() => {
        setPreview(null);
        onClose();
      }}
      title="Cancel membership"
      confirmLabel="Cancel membership"
      color="red"
      fields={(errors) => (
        <Stack gap="sm">
          <Checkbox.Group
            label="Reasons"
            required
            value={reasons}
            onChange={(value) => {
              setReasons(value as CancellationReason[]);
              setPreview(null);
            }}
            {...errorProps(errors, 'cancellation_reasons')}
          >
            <Stack gap={6} mt={6}>
              {CANCELLATION_REASONS.map((reason) => (
                <Checkbox key={reason} value={reason} label={CANCELLATION_REASON_LABELS[reason]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label="Comments"
            rows={3}
            value={comments}
            onChange={(event) => {
              setComments(event.currentTarget.value);
              setPreview(null);
            }}
            {...errorProps(errors, 'cancellation_comments')}
          />
        </Stack>
      )}
      summary={
        preview ? (
          <List size="sm">
            {cancelSentences(preview).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : null
      }
      onReview={async () =>
        setPreview((await cancelSubscription(subscriptionId, { ...body(), dry_run: true } as never)).preview)
      }
      onConfirm={async () => {
        await cancel.mutateAsync(body() as never);
        notifySuccess('The membership is cancelled.', 'Cancelled');
        setPreview(null);
        setReasons([]);
        setComments('');
      }}
    />
  );
}
