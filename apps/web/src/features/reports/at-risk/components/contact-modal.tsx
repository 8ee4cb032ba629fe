// "Mark contacted": what was said to a member at risk, checked here with the server's own schema, saved,
// and confirmed; the server's field messages (422) show on the field, anything else in place.
import { CONTACT_NOTE_MAX, contactRequest } from '@gym/domain/api/at-risk';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorClass, messagesOf, serverMessages } from '@/lib/form';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useMarkContacted } from '../api/at-risk-api';

interface Props {
  member: { id: number; name: string } | null;
  onClose: () => void;
}

export function ContactModal({ member, onClose }: Props) {
  const mark = useMarkContacted();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  // The member stays named while the dialog fades out.
  const [shown, setShown] = useState(member);
  if (member && member !== shown) setShown(member);

  const close = () => {
    if (mark.isPending) return;
    setNote('');
    setNoteError(undefined);
    setProblem(null);
    onClose();
  };

  const save = () => {
    if (!member) return;
    setProblem(null);
    const parsed = contactRequest.safeParse({ user_id: member.id, note });
    if (!parsed.success) {
      setNoteError(messagesOf<'note'>(parsed.error.issues).note);
      return;
    }
    mark.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(`${member.name} is marked as contacted.`, 'Contact saved');
        setNote('');
        onClose();
      },
      onError: (error) => {
        const fields = serverMessages(error, ['note', 'user_id'] as const);
        if (fields.note) setNoteError(fields.note);
        else setProblem(fields.user_id ?? errorMessage(error));
      },
    });
  };

  return (
    <Modal
      opened={member !== null}
      onClose={close}
      title={`Mark ${shown?.name ?? ''} as contacted`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Write what was said. A month on, the report shows whether the members contacted stayed.
          </Text>
          <Textarea
            label="What was said"
            required
            rows={4}
            maxLength={CONTACT_NOTE_MAX}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setNoteError(undefined);
            }}
            error={noteError}
            {...errorClass(noteError)}
            data-autofocus
          />
          {problem ? (
            <Alert color="red" role="alert" title="That did not work">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={mark.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mark.isPending}>
              Save contact
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
