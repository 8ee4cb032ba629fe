// The register screen (/): the member's details, the gym and membership (or the one a private price link
// opened), the two questions, and a password. The email is checked as it is typed; errors sit beside
// their fields; then the emailed code.
import type { JoinPrice } from '@gym/domain/api/registration';
import type { RegisterInput } from '@gym/domain/api/registration-requests';
import {
  CONFIDENCE_ANSWERS,
  CONFIDENCE_LABELS,
  HEAR_ABOUT_US_ANSWERS,
  HEAR_ABOUT_US_LABELS,
} from '@gym/domain/member-answers';
import { Alert, Button, NativeSelect, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NzDateText } from '@/components/ui/nz-date-text';
import { route } from '@/config/paths';
import { NO_CONNECTION_MESSAGE } from '@/lib/api-error';
import { errorsFromIssues, scrollToFirstError, serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { isEmailUnique, registerBodySchema, registerOptionsQuery, useRegister } from '../api/join-api';
import { GymBanner } from './gym-banner';

type Values = Record<string, string>;
const FIELDS = [
  ['name', 'Full name', 'name'],
  ['email', 'Email', 'email'],
  ['mobile_number', 'Mobile number', 'tel'],
  ['dob', 'Date of birth', 'bday'],
  ['address', 'Street address', 'address-line1'],
  ['suburb', 'Suburb (optional)', 'address-level3'],
  ['city', 'Town or city', 'address-level2'],
  ['post_code', 'Post code', 'postal-code'],
  ['emergency_contact_name', 'Emergency contact name', 'off'],
  ['emergency_contact_mobile_number', 'Emergency contact mobile', 'off'],
  ['emergency_contact_relationship', 'Their relationship to you', 'off'],
] as const;

const DRAFT_KEY = 'join-draft';
const readDraft = (): Values => {
  try {
    return JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Values;
  } catch {
    return {};
  }
};

export function RegisterForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const link = {
    gym: params.get('gym') ?? undefined,
    price_link: params.get('price_link') ?? undefined,
    age_bypass: params.get('age_bypass') ?? undefined,
  };
  const options = useQuery(registerOptionsQuery(link));
  const [values, setValues] = useState<Values>(() => readDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const register = useRegister();

  const set = (key: string, value: string) => {
    // The check's schema loads once someone starts filling the form in (the site's first script has no zod).
    registerBodySchema().catch(() => undefined);
    const next = { ...values, [key]: value };
    setValues(next);
    // What was typed survives going back (never the password).
    const { password: _p, ...kept } = next;
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(kept));
  };

  const checkEmail = async () => {
    if (!values.email) return;
    const unique = await isEmailUnique(values.email).catch(() => true);
    setErrors((e) => ({
      ...e,
      email: unique ? '' : 'An account with this email already exists. Sign in instead.',
    }));
  };

  const data = options.data;
  const gymId = values.gym_id ?? (data?.gym ? String(data.gym.id) : '');
  const gym = data?.gym ?? data?.gyms.find((g) => String(g.id) === gymId) ?? null;
  const priceId = data?.price_link ? String(data.price_link.price_id) : (values.price_id ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const registerBody = await registerBodySchema().catch(() => null);
    if (!registerBody) {
      setProblem(NO_CONNECTION_MESSAGE);
      return;
    }
    const input: RegisterInput = {
      ...(values as unknown as RegisterInput),
      gym_id: gymId ? Number(gymId) : null,
      price_id: priceId ? Number(priceId) : null,
      price_link: link.price_link ?? null,
      age_bypass: link.age_bypass ?? null,
    };
    const parsed = registerBody.safeParse(input);
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues) as Record<string, string>);
      requestAnimationFrame(() => scrollToFirstError());
      return;
    }
    register.mutate(input, {
      onSuccess: () => {
        sessionStorage.removeItem(DRAFT_KEY);
        void navigate(route('register.verification-code'));
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields && Object.keys(fields).length > 0) {
          setErrors(
            Object.fromEntries(
              Object.entries(fields).map(([k, v]) => [k, String(Array.isArray(v) ? (v[0] ?? '') : v)]),
            ),
          );
          requestAnimationFrame(() => scrollToFirstError());
        } else setProblem(errorMessage(error));
      },
    });
  };

  const field = (key: string) => ({
    value: values[key] ?? '',
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: errors[key] || undefined,
    className: errors[key] ? 'error-input' : undefined,
    size: 'md' as const,
  });

  if (options.isError)
    return (
      <Alert color="red" role="alert" title="This link does not work">
        {errorMessage(options.error)}
      </Alert>
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Join">
      <Stack gap="md">
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        {gym ? <GymBanner gym={gym} /> : null}
        {data?.price_link ? (
          <Alert color="blue">You are joining on a membership the gym shared with you.</Alert>
        ) : null}
        {!data?.gym && !data?.price_link ? (
          <NativeSelect
            label="Your gym"
            data={[
              { value: '', label: options.isLoading ? 'Loading gyms…' : 'Choose your gym' },
              ...(data?.gyms ?? []).map((g) => ({
                value: String(g.id),
                label: `${g.name} (${g.organisation_name})`,
              })),
            ]}
            value={gymId}
            onChange={(e) => set('gym_id', e.currentTarget.value)}
            error={errors.gym_id || undefined}
            size="md"
          />
        ) : null}
        {data && !data.gym && data.price_link && data.gyms.length > 1 ? (
          <NativeSelect
            label="Your gym"
            data={[
              { value: '', label: 'Choose your gym' },
              ...data.gyms.map((g) => ({ value: String(g.id), label: g.name })),
            ]}
            value={gymId}
            onChange={(e) => set('gym_id', e.currentTarget.value)}
            error={errors.gym_id || undefined}
            size="md"
          />
        ) : null}
        {!data?.price_link ? (
          <GymPrices
            gymUuid={gym?.uuid}
            value={priceId}
            onChange={(v) => set('price_id', v)}
            error={errors.price_id}
          />
        ) : (
          <Text>
            {data.prices[0]?.offering_name}: {data.prices[0]?.formatted_amount}{' '}
            {data.prices[0]?.billing_frequency}
          </Text>
        )}
        {FIELDS.map(([key, label, auto]) =>
          key === 'dob' ? (
            <NzDateText
              key={key}
              label={label}
              autoComplete={auto}
              required
              {...field(key)}
              onChange={(value) => set(key, value)}
            />
          ) : (
            <TextInput
              key={key}
              label={label}
              autoComplete={auto}
              type={key === 'email' ? 'email' : key.includes('mobile') ? 'tel' : 'text'}
              required={key !== 'suburb'}
              {...field(key)}
              onBlur={key === 'email' ? () => void checkEmail() : undefined}
            />
          ),
        )}
        <TextInput
          label="Emergency contact email (optional)"
          type="email"
          {...field('emergency_contact_email')}
        />
        <Radio.Group
          label="How confident are you in a gym?"
          value={values.confidence_and_experience ?? ''}
          onChange={(v) => set('confidence_and_experience', v)}
          error={errors.confidence_and_experience || undefined}
          required
        >
          <Stack gap="xs" mt="xs">
            {CONFIDENCE_ANSWERS.map((a) => (
              <Radio key={a} value={a} label={CONFIDENCE_LABELS[a]} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group
          label="How did you hear about us?"
          value={values.hear_about_us ?? ''}
          onChange={(v) => set('hear_about_us', v)}
          error={errors.hear_about_us || undefined}
          required
        >
          <Stack gap="xs" mt="xs">
            {HEAR_ABOUT_US_ANSWERS.map((a) => (
              <Radio key={a} value={a} label={HEAR_ABOUT_US_LABELS[a]} />
            ))}
          </Stack>
        </Radio.Group>
        {values.hear_about_us === 'other' ? (
          <TextInput label="Where did you hear about us?" {...field('hear_about_us_other')} />
        ) : null}
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description="At least 10 characters"
          required
          {...field('password')}
        />
        <Button type="submit" size="lg" fullWidth loading={register.isPending}>
          Join
        </Button>
      </Stack>
    </form>
  );
}

/** A price as a person reads it: '$25.00 weekly + $10.00 joining fee (12 months)'. */
const priceText = (p: JoinPrice) =>
  `${p.formatted_amount} ${p.billing_frequency.replace('_', ' ')}${p.joining_fee ? ` + ${p.formatted_joining_fee} joining fee` : ''}${p.formatted_term ? ` (${p.formatted_term})` : ''}`;

/** The gym's prices grouped by offering (in the server's order), each offering with its description. */
function byOffering(prices: JoinPrice[]) {
  const groups = new Map<
    number,
    { id: number; name: string; description: string | null; prices: JoinPrice[] }
  >();
  for (const p of prices) {
    const group = groups.get(p.offering_id) ?? {
      id: p.offering_id,
      name: p.offering_name,
      description: p.offering_description?.trim() || null,
      prices: [],
    };
    group.prices.push(p);
    groups.set(p.offering_id, group);
  }
  return [...groups.values()];
}

function GymPrices(props: {
  gymUuid: string | undefined;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const prices = useQuery({
    ...registerOptionsQuery({ gym: props.gymUuid }),
    enabled: Boolean(props.gymUuid),
  });
  if (!props.gymUuid) return null;
  if (prices.isLoading) return <Text>Loading memberships…</Text>;
  const list = prices.data?.prices ?? [];
  if (list.length === 0)
    return <Text>This gym has no memberships to join online yet. Ask at the front desk.</Text>;
  return (
    <Radio.Group
      label="Your membership"
      value={props.value}
      onChange={props.onChange}
      error={props.error || undefined}
      required
      className={props.error ? 'error-input' : undefined}
    >
      <Stack gap="md" mt="xs">
        {byOffering(list).map((o) => (
          <Stack
            key={o.id}
            gap={6}
            role="group"
            aria-labelledby={`offering-${o.id}`}
            aria-describedby={o.description ? `offering-${o.id}-about` : undefined}
          >
            <Text id={`offering-${o.id}`} fw={700}>
              {o.name}
            </Text>
            {o.description ? (
              <Text id={`offering-${o.id}-about`} size="sm" c="dimmed">
                {o.description}
              </Text>
            ) : null}
            {o.prices.map((p) => (
              <Radio
                key={p.id}
                value={String(p.id)}
                aria-label={`${o.name}: ${priceText(p)}`}
                label={priceText(p)}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </Radio.Group>
  );
}
