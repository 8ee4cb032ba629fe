// A grace period: how long a membership carries on after a failed payment (failed-payment grace) or
// at the end of a term (term membership grace). Both the length and its unit are required.
import { Group, NativeSelect, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { errorProps } from '@/lib/form';
import type { Organisation } from '../api/organisation-answers';
import {
  GRACE_KINDS,
  type GraceDraft,
  type GraceKind,
  graceDraftOf,
  gracePayload,
  MAX_GRACE_PERIOD,
  UNIT_CHOICES,
} from '../lib/grace-period-draft';
import { useSectionSave } from '../lib/use-section-save';
import { SettingsSection } from './settings-section';

const TEXT: Record<GraceKind, { title: string; description: string; success: string }> = {
  'grace-period': {
    title: 'Failed-payment grace period',
    description:
      'How long a member keeps access after a payment fails. If it is still unpaid when this runs out, the membership is cancelled.',
    success: 'The failed-payment grace period is saved.',
  },
  'term-membership-grace-period': {
    title: 'Term membership grace period',
    description:
      'Used instead of the failed-payment grace period for members on a fixed-term membership: how long they keep access after a payment fails.',
    success: 'The term membership grace period is saved.',
  },
};

export function GracePeriodForm({ organisation, kind }: { organisation: Organisation; kind: GraceKind }) {
  const names = GRACE_KINDS[kind];
  const text = TEXT[kind];
  const [draft, setDraft] = useState<GraceDraft>(() => graceDraftOf(organisation, kind));
  const section = useSectionSave(organisation.id, kind, {
    success: text.success,
    fields: [names.period, names.unit],
  });
  const unitChoices =
    draft.unit === '' ? [{ value: '', label: 'Choose a unit' }, ...UNIT_CHOICES] : UNIT_CHOICES;

  return (
    <SettingsSection
      title={text.title}
      description={text.description}
      pending={section.pending}
      formRef={section.formRef}
      onSave={() =>
        section.save(names.schema, gracePayload(kind, draft), (saved) => setDraft(graceDraftOf(saved, kind)))
      }
    >
      <Group align="flex-start" grow>
        <NumberInput
          label="Length"
          required
          min={1}
          max={draft.unit === '' ? undefined : MAX_GRACE_PERIOD[draft.unit]}
          description={draft.unit === '' ? undefined : `1 to ${MAX_GRACE_PERIOD[draft.unit]} ${draft.unit}`}
          clampBehavior="none"
          value={draft.period}
          onChange={(period) => {
            setDraft((current) => ({ ...current, period }));
            section.clear(names.period);
          }}
          {...errorProps(section.errors, names.period)}
        />
        <NativeSelect
          label="Unit"
          required
          data={unitChoices}
          value={draft.unit}
          onChange={(event) => {
            const unit = event.currentTarget.value as GraceDraft['unit'];
            setDraft((current) => ({ ...current, unit }));
            section.clear(names.unit);
          }}
          {...errorProps(section.errors, names.unit)}
        />
      </Group>
    </SettingsSection>
  );
}
