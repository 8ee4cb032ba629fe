// My details: contact, address, emergency contact and notification preferences; a new email address
// (confirmed by a code sent to it before it replaces the old one); a new password; and everything the gym
// holds about me as a file (Privacy Act 2020, principle 6).
import type { AccountDetails } from '@gym/domain/api/account';
import {
  Alert,
  Button,
  Card,
  Loader,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage, notifySuccess } from '@/lib/notify';
import {
  downloadMyData,
  useChangePassword,
  useConfirmEmailChange,
  useDetails,
  useStartEmailChange,
  useUpdateDetails,
} from '../api/account-api';
import { ActionError } from './action-error';

type TextField = Exclude<
  keyof AccountDetails,
  | 'email'
  | 'pending_email'
  | 'email_notifications_enabled'
  | 'push_notifications_enabled'
  | 'payment_reminders'
>;
const TEXT_FIELDS: { field: TextField; label: string; type?: string; autoComplete?: string }[] = [
  { field: 'name', label: 'Name', autoComplete: 'name' },
  { field: 'mobile_number', label: 'Mobile number', type: 'tel', autoComplete: 'tel' },
  { field: 'address', label: 'Street address', autoComplete: 'address-line1' },
  { field: 'suburb', label: 'Suburb', autoComplete: 'address-level3' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'post_code', label: 'Post code', autoComplete: 'postal-code' },
  { field: 'emergency_contact_name', label: 'Emergency contact name' },
  { field: 'emergency_contact_relationship', label: 'Emergency contact relationship' },
  { field: 'emergency_contact_mobile_number', label: 'Emergency contact mobile', type: 'tel' },
  { field: 'emergency_contact_email', label: 'Emergency contact email', type: 'email' },
];

function ContactForm({ details }: { details: AccountDetails }) {
  const save = useUpdateDetails();
  const [draft, setDraft] = useState(details);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.fromEntries(
      Object.entries(draft).filter(([key, value]) => details[key as keyof AccountDetails] !== value),
    );
    delete changed.email;
    delete changed.pending_email;
    save.mutate(changed, { onSuccess: () => notifySuccess('Your details are saved.') });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="My details">
      <Stack gap="sm">
        {TEXT_FIELDS.map(({ field, label, type, autoComplete }) => (
          <TextInput
            key={field}
            label={label}
            type={type ?? 'text'}
            size="md"
            autoComplete={autoComplete}
            value={draft[field] ?? ''}
            onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}
          />
        ))}
        <Switch
          size="md"
          label="Email me about my membership"
          checked={draft.email_notifications_enabled}
          onChange={(e) => setDraft({ ...draft, email_notifications_enabled: e.currentTarget.checked })}
        />
        <Switch
          size="md"
          label="Remind me before a payment is taken"
          checked={draft.payment_reminders}
          onChange={(e) => setDraft({ ...draft, payment_reminders: e.currentTarget.checked })}
        />
        <Switch
          size="md"
          label="App notifications"
          checked={draft.push_notifications_enabled}
          onChange={(e) => setDraft({ ...draft, push_notifications_enabled: e.currentTarget.checked })}
        />
        <ActionError mutation={save} />
        <Button type="submit" size="lg" loading={save.isPending}>
          Save my details
        </Button>
      </Stack>
    </form>
  );
}

function EmailChange({ details }: { details: AccountDetails }) {
  const start = useStartEmailChange();
  const confirm = useConfirmEmailChange();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  return (
    <Stack gap="sm">
      <Text>Your email address is {details.email}.</Text>
      <TextInput
        label="New email address"
        type="email"
        size="md"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      <ActionError mutation={start} />
      <Button size="lg" variant="light" loading={start.isPending} onClick={() => start.mutate(email)}>
        Send a code to the new address
      </Button>
      {details.pending_email ? (
        <>
          <Text>Enter the code we sent to {details.pending_email}.</Text>
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            size="md"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <ActionError mutation={confirm} />
          <Button
            size="lg"
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(code, { onSuccess: () => notifySuccess('Your email address is changed.') })
            }
          >
            Use the new address
          </Button>
        </>
      ) : null}
    </Stack>
  );
}

function PasswordChange() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return (
    <Stack gap="sm">
      <PasswordInput
        label="Current password"
        size="md"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.currentTarget.value)}
      />
      <PasswordInput
        label="New password"
        size="md"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <PasswordInput
        label="New password again"
        size="md"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.currentTarget.value)}
      />
      <ActionError mutation={change} />
      {change.isSuccess ? <Alert color="green">{change.data.message}</Alert> : null}
      <Button
        size="lg"
        variant="light"
        loading={change.isPending}
        onClick={() =>
          change.mutate(
            { current_password: current, password, password_confirmation: repeat },
            {
              onSuccess: () => {
                for (const set of [setCurrent, setPassword, setRepeat]) set('');
              },
            },
          )
        }
      >
        Change my password
      </Button>
    </Stack>
  );
}

export function DetailsScreen() {
  const details = useDetails();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  if (details.isLoading) return <Loader aria-label="Loading your details" />;
  if (!details.data)
    return (
      <Alert color="red" role="alert">
        {errorMessage(details.error)}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <ContactForm details={details.data} />
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Email address
        </Title>
        <EmailChange details={details.data} />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          Password
        </Title>
        <PasswordChange />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          My data
        </Title>
        <Stack gap="sm">
          <Text>
            Download everything the gym holds about you: your details, memberships, payments, visits and
            activity.
          </Text>
          {downloadError ? <Alert color="red">{downloadError}</Alert> : null}
          <Button
            size="lg"
            variant="light"
            loading={downloading}
            onClick={() => {
              setDownloading(true);
              setDownloadError(null);
              downloadMyData().then(
                () => setDownloading(false),
                (failure: unknown) => {
                  setDownloading(false);
                  setDownloadError(errorMessage(failure));
                },
              );
            }}
          >
            Download my data
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
