// Create or change an offering (spec sections 3 and 5): name, description, type, the mandated flags, the
// gyms it opens, opening hours (Limited Hours) and, when new, its prices. The page checks with the
// domain's schema first; the server's 422 messages land on the same fields.

import type { OfferingType } from '@gym/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Radio,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { route } from '@/config/paths';
import {
  ERROR_INPUT_CLASS,
  errorProps,
  type FieldErrors,
  serverFieldErrors,
  useScrollToFirstError,
} from '@/lib/form';
import { useGymOptions } from '@/lib/gym-options';
import { errorMessage } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { useCatalogueChoices } from '../api/catalogue-settings';
import type { Offering } from '../api/offering-answers';
import { useSaveOffering } from '../api/save-offering';
import { typeChoices } from '../lib/choices';
import {
  checkOfferingDraft,
  emptyOfferingDraft,
  errorsAfterChange,
  type OfferingDraft,
  offeringDraftOf,
  shownFields,
} from '../lib/offering-draft';
import { GymPicker } from './gym-picker';
import { HoursEditor } from './hours-editor';
import { PriceList } from './price-list';

interface OfferingFormProps {
  /** The offering to change; absent for a new one. */
  offering?: Offering;
}

export function OfferingForm({ offering }: OfferingFormProps) {
  const isNew = offering === undefined;
  const user = useCurrentUser();
  const gyms = useGymOptions();
  const choices = useCatalogueChoices();
  const navigate = useNavigate();
  const save = useSaveOffering(offering?.id ?? null);
  const [draft, setDraft] = useState<OfferingDraft>(() =>
    offering ? offeringDraftOf(offering) : emptyOfferingDraft(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const scrollToFirstError = useScrollToFirstError();

  const change = (patch: Partial<OfferingDraft>) => {
    setErrors((current) => errorsAfterChange(current, draft, patch));
    setDraft((current) => ({ ...current, ...patch }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const { input, errors: found } = checkOfferingDraft(draft, { withPrices: isNew });
    setErrors(found);
    if (!input) {
      scrollToFirstError();
      return;
    }
    save.mutate(input, {
      onSuccess: (saved) => void navigate(route('offerings.show', { id: saved.id })),
      onError: (error) => {
        const fields = serverFieldErrors(error);
        setErrors(fields ?? {});
        const shown = shownFields(draft);
        const elsewhere = Object.entries(fields ?? {}).filter(([key]) => !shown.has(key));
        if (!fields || elsewhere.length > 0) {
          setProblem([errorMessage(error), ...elsewhere.map(([, message]) => message)].join(' '));
        }
        scrollToFirstError();
      },
    });
  };

  const limited = draft.type === 'limited_access';
  return (
    <form onSubmit={submit} noValidate aria-label={isNew ? 'New offering' : 'Edit offering'}>
      <Stack gap="lg" maw={880}>
        {problem ? (
          <Alert color="red" role="alert" title="Could not save the offering" className={ERROR_INPUT_CLASS}>
            {problem}
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          required
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          {...errorProps(errors, 'name')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={draft.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
          {...errorProps(errors, 'description')}
        />
        <Radio.Group
          label="Type"
          required
          value={draft.type}
          onChange={(value) => change({ type: value as OfferingType })}
          {...errorProps(errors, 'type')}
        >
          <Group mt={6}>
            {typeChoices(choices.types, offering?.type).map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Group>
        </Radio.Group>
        <Fieldset legend="Rules">
          <Stack gap="xs">
            <Checkbox
              label="Mandated"
              checked={draft.mandated}
              onChange={(event) => change({ mandated: event.currentTarget.checked })}
            />
            <Checkbox
              label="Hours mandated"
              description="A Limited Hours offering must list at least one day of opening hours"
              checked={draft.hours_mandated}
              onChange={(event) => change({ hours_mandated: event.currentTarget.checked })}
            />
            <Checkbox
              label="Prices mandated"
              checked={draft.prices_mandated}
              onChange={(event) => change({ prices_mandated: event.currentTarget.checked })}
            />
          </Stack>
        </Fieldset>
        <GymPicker
          allGyms={draft.all_gyms_access}
          gymIds={draft.gyms}
          gyms={gyms}
          onChange={change}
          errors={errors}
          mayChooseAll={user.is_organisation_admin}
        />
        {limited ? (
          <HoursEditor
            hours={draft.hours}
            onChange={(hours) => change({ hours })}
            errors={errors}
            required={draft.hours_mandated}
          />
        ) : null}
        {isNew ? (
          <PriceList
            prices={draft.prices}
            onChange={(prices) => change({ prices })}
            errors={errors}
            frequencies={choices.frequencies}
          />
        ) : (
          <Alert color="blue" title="Prices">
            Prices are managed on the offering's page, not in this form.{' '}
            <Anchor component={Link} to={route('offerings.show', { id: offering.id })}>
              Go to the prices of {offering.name}
            </Anchor>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            component={Link}
            to={isNew ? route('offerings.index') : route('offerings.show', { id: offering.id })}
          >
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isNew ? 'Create offering' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
