// The organisation's name (spec section 5: required).
import { organisationNameSchema } from '@gym/domain';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorProps } from '@/lib/form';
import type { Organisation } from '../api/organisation-answers';
import { useSectionSave } from '../lib/use-section-save';
import { SettingsSection } from './settings-section';

export function NameForm({ organisation }: { organisation: Organisation }) {
  const [name, setName] = useState(organisation.name);
  const section = useSectionSave(organisation.id, 'name', {
    success: 'The organisation name is saved.',
    fields: ['name'],
  });
  return (
    <SettingsSection
      title="Organisation name"
      description="Shown to staff in the menu and to members in emails and on the join site."
      pending={section.pending}
      formRef={section.formRef}
      onSave={() => section.save(organisationNameSchema, { name }, (saved) => setName(saved.name))}
    >
      <TextInput
        label="Name"
        required
        autoComplete="organization"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          section.clear('name');
        }}
        {...errorProps(section.errors, 'name')}
      />
    </SettingsSection>
  );
}
