// A confirmation before an action that changes or removes something. The modal traps focus (Mantine),
// waits for the server, and shows the server's message if it refuses (e.g. 409: the price has
// subscriptions), staying open so the person can read it.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '@/lib/notify';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  /** The action; the modal closes when it succeeds. */
  onConfirm: () => Promise<unknown>;
}

export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  color = 'blue',
  onConfirm,
}: ConfirmModalProps) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    setPending(true);
    setProblem(null);
    try {
      await onConfirm();
      setPending(false);
      onClose();
    } catch (error) {
      setPending(false);
      setProblem(errorMessage(error));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title}>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        {problem ? (
          <Alert color="red" role="alert" title="That did not work">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={pending}>
            {problem ? 'Close' : 'Cancel'}
          </Button>
          <Button color={color} loading={pending} onClick={() => void confirm()} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
