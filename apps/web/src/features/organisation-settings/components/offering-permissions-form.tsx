// Which offerings the organisation uses (spec section 3): single-gym offerings, and the 24/7 and
// Limited Hours types.
import { offeringPermissionsSchema } from '@gym/domain';
import { Switch } from '@mantine/core';
import { useState } from 'react';
import type { Organisation } from '../api/organisation-answers';
import { useSectionSave } from '../lib/use-section-save';
import { SettingsSection } from './settings-section';

type Permissions = Organisation['offering_permissions'];

const SWITCHES: { key: keyof Permissions; label: string; description: string }[] = [
  {
    key: 'enable_offerings',
    label: 'Single-gym offerings',
    description: 'Offerings may belong to one gym rather than the whole organisation.',
  },
  { key: 'non_stop', label: '24/7', description: 'Offerings with access at any hour.' },
  { key: 'limited_access', label: 'Limited Hours', description: 'Offerings open on set days and hours.' },
];

export function OfferingPermissionsForm({ organisation }: { organisation: Organisation }) {
  const [permissions, setPermissions] = useState<Permissions>(organisation.offering_permissions);
  const section = useSectionSave(organisation.id, 'offering-permissions', {
    success: 'The offering permissions are saved.',
    fields: SWITCHES.map((s) => s.key),
  });
  return (
    <SettingsSection
      title="Offering permissions"
      description="Which kinds of offering staff can create. Existing offerings are not changed."
      pending={section.pending}
      formRef={section.formRef}
      onSave={() => section.save(offeringPermissionsSchema, permissions)}
    >
      {SWITCHES.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          checked={permissions[key]}
          error={section.errors[key]}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setPermissions((current) => ({ ...current, [key]: checked }));
          }}
        />
      ))}
    </SettingsSection>
  );
}
