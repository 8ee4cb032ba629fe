// /members/create: staff add a member (name, email, mobile, gym, price, start date); the member is
// emailed a link to the join site to add a photo and a payment method and confirm. Field messages come
// from the shared schema first and from the server's 422 after.
import { memberCreateSchema } from '@gym/domain/api/members-requests';
import { toCalendarDate } from '@gym/domain/calendar-date';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NzDateInput } from '@/components/ui/nz-date-input';
import { route } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import {
  checkPayload,
  errorProps,
  type FieldErrors,
  serverFieldErrors,
  useScrollToFirstError,
} from '@/lib/form';
import { useGymOptions } from '@/lib/gym-options';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { useCreateMember, useMemberPrices } from '../api/members-api';

const FIELDS = [
  'name',
  'email',
  'mobile_number',
  'gym_id',
  'price_id',
  'start_date',
  'billing_date',
] as const;
type Field = (typeof FIELDS)[number];

export function MemberCreateForm() {
  const user = useCurrentUser();
  const gyms = useGymOptions();
  const prices = useMemberPrices(user.current_organisation?.id ?? 0);
  const create = useCreateMember();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const scroll = useScrollToFirstError(formRef);
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    mobile_number: '',
    gym_id: user.current_gym ? String(user.current_gym.id) : gyms.length === 1 ? String(gyms[0]!.id) : '',
    price_id: '',
    start_date: toCalendarDate(new Date()),
    billing_date: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined as unknown as string }));
  };
  const gymId = Number(values.gym_id) || null;
  const priceChoices = (prices.data ?? [])
    .filter((p) => p.gym === null || p.gym.id === gymId)
    .map((p) => ({
      value: String(p.id),
      label: `${p.offering.name}: ${p.formatted_amount} ${p.billing_frequency_label.toLowerCase()}${p.short_term_label ? ` (${p.short_term_label})` : ''}`,
    }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = {
      ...values,
      gym_id: values.gym_id ? Number(values.gym_id) : undefined,
      price_id: values.price_id ? Number(values.price_id) : undefined,
      // No fixed billing date unless one is chosen: periods then run from the start date.
      billing_date: values.billing_date || undefined,
    };
    const checked = checkPayload(memberCreateSchema, payload);
    if (!checked.input) {
      setErrors(checked.errors);
      scroll();
      return;
    }
    create.mutate(payload, {
      onSuccess: (member) => {
        notifySuccess(`${member.name} was added and emailed a link to finish joining.`);
        void navigate(route('members.show', { id: member.id }));
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

  const otherError = create.isError && !serverFieldErrors(create.error) ? create.error : null;
  return (
    <Stack gap="md" maw={560}>
      <Anchor component={Link} to={route('members.index')} size="sm">
        ← Members
      </Anchor>
      <Title order={1}>Add a member</Title>
      <Text c="dimmed">
        They get an email with a link to the join site, where they add a photo and a payment method and
        confirm. Nothing is charged until they do.
      </Text>
      {otherError && (
        <Alert
          color="red"
          role="alert"
          title={
            isApiError(otherError) && otherError.status === 403 ? 'Not allowed' : 'Could not add the member'
          }
        >
          {errorMessage(otherError)}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <form ref={formRef} onSubmit={submit} noValidate aria-label="Add a member">
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              {...errorProps(errors, 'name')}
            />
            <TextInput
              label="Email"
              type="email"
              required
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              {...errorProps(errors, 'email')}
            />
            <TextInput
              label="Mobile number"
              type="tel"
              required
              value={values.mobile_number}
              onChange={(e) => set('mobile_number', e.currentTarget.value)}
              {...errorProps(errors, 'mobile_number')}
            />
            <Select
              label="Gym"
              required
              data={gyms.map((g) => ({ value: String(g.id), label: g.name }))}
              value={values.gym_id || null}
              onChange={(value) => {
                set('gym_id', value ?? '');
                set('price_id', '');
              }}
              {...errorProps(errors, 'gym_id')}
            />
            <Select
              label="Membership price"
              required
              searchable
              placeholder={prices.isLoading ? 'Loading prices…' : 'Choose a price'}
              data={priceChoices}
              value={values.price_id || null}
              onChange={(value) => set('price_id', value ?? '')}
              nothingFoundMessage="No price on sale at this gym"
              {...errorProps(errors, 'price_id')}
            />
            <NzDateInput
              label="Start date"
              required
              value={values.start_date}
              onChange={(value) => set('start_date', value)}
              {...errorProps(errors, 'start_date')}
            />
            <NzDateInput
              label="Billing date (optional)"
              description="A fixed day to bill on: the first payment covers the start date up to it, pro-rata, and full periods run from it."
              value={values.billing_date}
              onChange={(value) => set('billing_date', value)}
              {...errorProps(errors, 'billing_date')}
            />
            <Group justify="flex-end">
              <Button component={Link} to={route('members.index')} variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Add member
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
