// The frame of every subscription action: the fields, then "Review" asks the server what the action will
// do to money and door access (its dry run) and shows it, and only then the confirm button acts. A 422
// puts the server's messages beside the fields (error-input class, first one scrolled into view); any
// other refusal (409: the membership changed meanwhile) is shown in the dialog, which stays open.
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { type FieldErrors, scrollToFirstError, serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';

export interface ActionModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The fields; they get the field messages. Absent for an action with nothing to fill in. */
  fields?: (errors: FieldErrors) => ReactNode;
  /** What the action will do, from the server's dry run; null before review. */
  summary: ReactNode | null;
  /** Asks the server what will happen (sets the summary through the caller's state). */
  onReview?: () => Promise<unknown>;
  /** The action itself; the modal closes when it succeeds. */
  onConfirm: () => Promise<unknown>;
  confirmLabel: string;
  color?: string;
  /** Forget the review (a field changed after it). */
  onReset?: () => void;
}

export function ActionModal(props: ActionModalProps) {
  const { opened, title, fields, summary, onReview, onConfirm, confirmLabel, color = 'blue' } = props;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const close = () => {
    if (pending) return;
    setErrors({});
    setProblem(null);
    props.onClose();
  };

  const run = async (step: () => Promise<unknown>, closeAfter: boolean) => {
    setPending(true);
    setProblem(null);
    try {
      await step();
      setErrors({});
      setPending(false);
      if (closeAfter) props.onClose();
    } catch (error) {
      setPending(false);
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) {
        setErrors(fieldErrors);
        requestAnimationFrame(() => formRef.current && scrollToFirstError(formRef.current));
      } else setProblem(errorMessage(error));
    }
  };

  const reviewing = onReview !== undefined && summary === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (reviewing) void run(onReview, false);
    else void run(onConfirm, true);
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg">
      <form ref={formRef} onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          {fields?.(errors)}
          {summary !== null ? (
            <Alert color={color === 'red' ? 'orange' : 'blue'} title="What will happen" role="status">
              {summary}
            </Alert>
          ) : null}
          {problem ? (
            <Alert color="red" title="Not done" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              Close
            </Button>
            {reviewing ? (
              <Button type="submit" loading={pending}>
                Review
              </Button>
            ) : (
              <Button type="submit" color={color} loading={pending}>
                {confirmLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
