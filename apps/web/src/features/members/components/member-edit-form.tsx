// Editing a member's profile: every member field of the specification, saved with PUT /api/members/{id};
// the server's 422 messages land beside their fields.
import { memberUpdateSchema } from '@gym/domain/api/members-requests';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import {
  CONFIDENCE_ANSWERS,
  CONFIDENCE_LABELS,
  HEAR_ABOUT_US_ANSWERS,
  HEAR_ABOUT_US_LABELS,
} from '@gym/domain/member-answers';
import {
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { NzDateInput } from '@/components/ui/nz-date-input';
import {
  checkPayload,
  errorProps,
  type FieldErrors,
  serverFieldErrors,
  useScrollToFirstError,
} from '@/lib/form';
import { errorMessage, notifySuccess } from '@/lib/notify';
import type { Member } from '../api/member-answers';
import { useUpdateMember } from '../api/members-api';

const TEXT_FIELDS = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['mobile_number', 'Mobile number'],
  ['dob', 'Date of birth'],
] as const;
const CONTACT_FIELDS = [
  ['emergency_contact_name', 'Contact name'],
  ['emergency_contact_relationship', 'Relationship'],
  ['emergency_contact_mobile_number', 'Contact mobile number'],
  ['emergency_contact_email', 'Contact email'],
] as const;
const ADDRESS_FIELDS = [
  ['address', 'Street address'],
  ['suburb', 'Suburb'],
  ['city', 'City'],
  ['post_code', 'Post code'],
] as const;
const FLAGS = [
  ['email_notifications_enabled', 'Email notifications'],
  ['push_notifications_enabled', 'Push notifications'],
  ['payment_reminders', 'Payment reminders'],
] as const;

type TextField =
  | (typeof TEXT_FIELDS)[number][0]
  | (typeof CONTACT_FIELDS)[number][0]
  | (typeof ADDRESS_FIELDS)[number][0]
  | 'notes'
  | 'hear_about_us_other';

function draftOf(member: Member) {
  const text = {} as Record<TextField, string>;
  for (const [key] of [...TEXT_FIELDS, ...CONTACT_FIELDS, ...ADDRESS_FIELDS])
    text[key] = (member[key] as string | null) ?? '';
  text.notes = member.notes ?? '';
  text.hear_about_us_other = member.hear_about_us_other ?? '';
  return {
    text,
    flags: {
      email_notifications_enabled: member.email_notifications_enabled,
      push_notifications_enabled: member.push_notifications_enabled,
      payment_reminders: member.payment_reminders,
    },
    confidence: member.confidence_and_experience,
    hearAboutUs: member.hear_about_us,
    tags: member.tags,
    billingDate: member.billing_date ?? '',
  };
}

export function MemberEditForm({ member, onDone }: { member: Member; onDone(): void }) {
  const update = useUpdateMember(member.id);
  const [draft, setDraft] = useState(() => draftOf(member));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const scroll = useScrollToFirstError(formRef);
  const setText = (key: TextField, value: string) =>
    setDraft((d) => ({ ...d, text: { ...d.text, [key]: value } }));

  const knownConfidence = (CONFIDENCE_ANSWERS as readonly string[]).includes(draft.confidence ?? '');
  const knownHeard = (HEAR_ABOUT_US_ANSWERS as readonly string[]).includes(draft.hearAboutUs ?? '');
  const billingDateOpen = member.billing_date_locked_reason === null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload: Record<string, unknown> = {
      ...draft.text,
      ...draft.flags,
      dob: draft.text.dob || null,
      tags: draft.tags,
      // An answer the form does not know stays as it is (shown as 'Unknown answer').
      ...(knownConfidence || draft.confidence === null
        ? { confidence_and_experience: draft.confidence }
        : {}),
      ...(knownHeard || draft.hearAboutUs === null ? { hear_about_us: draft.hearAboutUs } : {}),
      // Sent only when changed, and only while it can change (before the membership's first charge).
      ...(billingDateOpen && draft.billingDate !== (member.billing_date ?? '')
        ? { billing_date: draft.billingDate || null }
        : {}),
    };
    const checked = checkPayload(memberUpdateSchema, payload);
    if (!checked.input) {
      setErrors(checked.errors);
      scroll();
      return;
    }
    update.mutate(payload, {
      onSuccess: () => {
        notifySuccess('Profile saved.');
        onDone();
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) {
          setErrors(fields);
          scroll();
        }
      },
    });
  };

  const input = (key: TextField, label: string) =>
    key === 'dob' ? (
      <NzDateInput
        key={key}
        label={label}
        value={draft.text[key]}
        onChange={(value) => setText(key, value)}
        {...errorProps(errors, key)}
      />
    ) : (
      <TextInput
        key={key}
        label={label}
        type={key.endsWith('email') ? 'email' : 'text'}
        value={draft.text[key]}
        onChange={(e) => setText(key, e.currentTarget.value)}
        {...errorProps(errors, key)}
      />
    );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit profile">
      <Stack gap="sm">
        {update.isError && !serverFieldErrors(update.error) && (
          <Alert color="red" role="alert" title="Could not save the profile">
            {errorMessage(update.error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{TEXT_FIELDS.map(([k, l]) => input(k, l))}</SimpleGrid>
        {billingDateOpen ? (
          <NzDateInput
            label="Billing date"
            description="A fixed day to bill on: the first payment covers the start date up to it, pro-rata, and full periods run from it. Leave empty to bill from the start date."
            value={draft.billingDate}
            onChange={(value) => setDraft((d) => ({ ...d, billingDate: value }))}
            clearable
            {...errorProps(errors, 'billing_date')}
          />
        ) : (
          <div>
            <Text size="sm" fw={500}>
              Billing date
            </Text>
            <Text size="sm">
              {member.billing_date ? formatDate(member.billing_date as CalendarDate, 'full') : 'Not set'}
            </Text>
            <Text size="xs" c="dimmed">
              {member.billing_date_locked_reason}
            </Text>
          </div>
        )}
        <Title order={3} size="h5">
          Emergency contact
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{CONTACT_FIELDS.map(([k, l]) => input(k, l))}</SimpleGrid>
        <Title order={3} size="h5">
          Address
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{ADDRESS_FIELDS.map(([k, l]) => input(k, l))}</SimpleGrid>
        <Select
          label="Confidence and experience"
          data={CONFIDENCE_ANSWERS.map((a) => ({ value: a, label: CONFIDENCE_LABELS[a] }))}
          value={knownConfidence ? draft.confidence : null}
          placeholder={draft.confidence && !knownConfidence ? 'Unknown answer' : 'Not answered'}
          onChange={(value) => setDraft((d) => ({ ...d, confidence: value }))}
          clearable
          {...errorProps(errors, 'confidence_and_experience')}
        />
        <Select
          label="Heard about us"
          data={HEAR_ABOUT_US_ANSWERS.map((a) => ({ value: a, label: HEAR_ABOUT_US_LABELS[a] }))}
          value={knownHeard ? draft.hearAboutUs : null}
          placeholder={draft.hearAboutUs && !knownHeard ? 'Unknown answer' : 'Not answered'}
          onChange={(value) => setDraft((d) => ({ ...d, hearAboutUs: value }))}
          clearable
          {...errorProps(errors, 'hear_about_us')}
        />
        {draft.hearAboutUs === 'other' && input('hear_about_us_other', 'In their words')}
        <Group>
          {FLAGS.map(([key, label]) => (
            <Switch
              key={key}
              label={label}
              checked={draft.flags[key]}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setDraft((d) => ({ ...d, flags: { ...d.flags, [key]: checked } }));
              }}
            />
          ))}
        </Group>
        <TagsInput
          label="Tags"
          value={draft.tags}
          onChange={(tags) => setDraft((d) => ({ ...d, tags }))}
          maxTags={20}
          clearable
          {...errorProps(errors, 'tags')}
        />
        <Textarea
          label="Notes"
          rows={4}
          value={draft.text.notes}
          onChange={(e) => setText('notes', e.currentTarget.value)}
          {...errorProps(errors, 'notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
