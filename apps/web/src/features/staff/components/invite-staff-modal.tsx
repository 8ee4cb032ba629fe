// Inviting staff in two steps: the email first (the server says whether the person has an account, or
// is already staff here), then the name for someone new, and the role: Admin, Personal Trainer, or a
// role at chosen gyms.
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { errorProps, type FieldErrors, scrollToFirstError, serverFieldErrors } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useInviteStaff } from '../api/invite-staff';
import { type ExistingAccount, useCheckStaffEmail } from '../api/staff-exists';
import { checkEmail, checkInvite, emptyInviteDraft, type InviteDraft } from '../lib/invite-draft';
import { RoleFields } from './role-fields';

interface InviteStaffModalProps {
  opened: boolean;
  organisationId: number;
  onClose: () => void;
}

const ALREADY_STAFF = 'This person is already staff of this organisation.';

function AccountNote({ account, email }: { account: ExistingAccount; email: string }) {
  return (
    <Alert color="blue" title={account.deactivated ? 'Deactivated here before' : 'An invitation by email'}>
      We will email {email} an invitation: with an account already, they accept it in one click; without one,
      they set a password. Until then they show as Pending and can do nothing here.
      {account.deactivated ? ' Inviting them again brings them back once they accept.' : ''}
    </Alert>
  );
}

export function InviteStaffModal({ opened, organisationId, onClose }: InviteStaffModalProps) {
  const [draft, setDraft] = useState<InviteDraft>(emptyInviteDraft);
  const [account, setAccount] = useState<ExistingAccount | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const check = useCheckStaffEmail();
  const invite = useInviteStaff();

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    requestAnimationFrame(() => formRef.current && scrollToFirstError(formRef.current));
  };
  const change = (patch: Partial<InviteDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key === 'gymRoles' ? 'gyms' : key];
      return next;
    });
  };
  const close = () => {
    if (invite.isPending) return;
    setDraft(emptyInviteDraft());
    setAccount(null);
    setErrors({});
    onClose();
  };

  const lookUp = () => {
    const { email, error } = checkEmail(draft.email);
    if (!email) return showErrors({ email: error ?? 'Value is not a valid email address' });
    check.mutate(
      { organisationId, email },
      {
        onSuccess: (found) => {
          if (found.already_staff) return showErrors({ email: ALREADY_STAFF });
          setErrors({});
          setAccount(found);
        },
        onError: (failure) => {
          const fields = serverFieldErrors(failure);
          if (fields) showErrors(fields);
        },
      },
    );
  };

  const send = () => {
    const { input, errors: problems } = checkInvite(draft);
    if (!input) return showErrors(problems);
    invite.mutate(
      { organisationId, invite: input },
      {
        onSuccess: (staff) => {
          notifySuccess(
            staff.status === 'pending'
              ? `An invitation is on its way to ${staff.email}.`
              : `${staff.name} is now staff and has been told by email.`,
            'Invitation sent',
          );
          close();
        },
        onError: (failure) => {
          const fields = serverFieldErrors(failure);
          if (fields) showErrors(fields);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (account) send();
    else lookUp();
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite staff" size="lg">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Invite staff">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            data-autofocus
            readOnly={account !== null}
            value={draft.email}
            onChange={(event) => change({ email: event.currentTarget.value })}
            rightSectionWidth={account ? 80 : undefined}
            rightSection={
              account ? (
                <Button variant="subtle" size="compact-xs" onClick={() => setAccount(null)}>
                  Change
                </Button>
              ) : null
            }
            {...errorProps(errors, 'email')}
          />
          {account ? (
            <>
              <AccountNote account={account} email={draft.email.trim()} />
              <TextInput
                label="Name"
                description="How they show here until they accept"
                required
                autoComplete="off"
                value={draft.name}
                onChange={(event) => change({ name: event.currentTarget.value })}
                {...errorProps(errors, 'name')}
              />
              <RoleFields
                role={draft.role}
                gymRoles={draft.gymRoles}
                errors={errors}
                onRole={(role) => change({ role })}
                onGymRoles={(gymRoles) => change({ gymRoles })}
              />
            </>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={check.isPending || invite.isPending}>
              {account === null ? 'Continue' : 'Send invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
