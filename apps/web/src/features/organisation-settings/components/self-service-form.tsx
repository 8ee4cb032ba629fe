// What members may do on their own account on the join site: pause (and within which limits) and cancel
// online. Staff actions are not limited by these.
import { type SelfServiceSettings, selfServiceSettingsSchema } from '@gym/domain/self-service';
import { NumberInput, Switch } from '@mantine/core';
import { useState } from 'react';
import type { Organisation } from '../api/organisation-answers';
import { useSectionSave } from '../lib/use-section-save';
import { SettingsSection } from './settings-section';

const NUMBERS: { key: keyof SelfServiceSettings; label: string; max: number }[] = [
  { key: 'member_pause_min_days', label: 'Shortest pause (days)', max: 365 },
  { key: 'member_pause_max_days', label: 'Longest pause (days)', max: 365 },
  { key: 'member_pauses_per_year', label: 'Pauses per 12 months', max: 12 },
  { key: 'member_pause_notice_days', label: 'Days of notice before a pause', max: 90 },
];

export function SelfServiceForm({ organisation }: { organisation: Organisation }) {
  const [settings, setSettings] = useState<SelfServiceSettings>(organisation.self_service);
  const section = useSectionSave(organisation.id, 'self-service', {
    success: 'What members may do online is saved.',
    fields: Object.keys(organisation.self_service),
  });
  const set = (key: keyof SelfServiceSettings, value: unknown) => {
    setSettings((current) => ({ ...current, [key]: value }));
    section.clear(key);
  };
  return (
    <SettingsSection
      title="Members’ own account"
      description="What members can do themselves on the join site."
      pending={section.pending}
      formRef={section.formRef}
      onSave={() => section.save(selfServiceSettingsSchema, settings)}
    >
      <Switch
        label="Members may pause online"
        checked={settings.member_pauses_allowed}
        error={section.errors.member_pauses_allowed}
        onChange={(e) => set('member_pauses_allowed', e.currentTarget.checked)}
      />
      {NUMBERS.map(({ key, label, max }) => (
        <NumberInput
          key={key}
          label={label}
          min={0}
          max={max}
          allowDecimal={false}
          disabled={!settings.member_pauses_allowed}
          value={settings[key] as number}
          error={section.errors[key]}
          onChange={(value) => set(key, typeof value === 'number' ? value : Number.NaN)}
        />
      ))}
      <Switch
        label="Members may cancel online"
        description="New Zealand’s Commerce Commission expects members to be able to cancel as easily as they joined."
        checked={settings.member_online_cancellation}
        error={section.errors.member_online_cancellation}
        onChange={(e) => set('member_online_cancellation', e.currentTarget.checked)}
      />
    </SettingsSection>
  );
}
