// Which billing frequencies prices may use (spec section 9: the organisation-level set).
import { ORGANISATION_FREQUENCY_KEYS, priceFrequenciesSchema } from '@gym/domain';
import { Checkbox, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { ERROR_INPUT_CLASS, type FieldErrors } from '@/lib/form';
import type { Organisation } from '../api/organisation-answers';
import { FREQUENCY_LABELS, frequenciesOf, tickedOf } from '../lib/price-frequencies';
import { useSectionSave } from '../lib/use-section-save';
import { SettingsSection } from './settings-section';

/** The group is what the first-error scroll lands on when no frequency is ticked. */
const errorClassOf = (errors: FieldErrors) => ({
  className: [...ORGANISATION_FREQUENCY_KEYS, 'price_frequencies'].some((key) => errors[key])
    ? ERROR_INPUT_CLASS
    : undefined,
});

export function PriceFrequenciesForm({ organisation }: { organisation: Organisation }) {
  const [frequencies, setFrequencies] = useState(organisation.price_frequencies);
  const section = useSectionSave(organisation.id, 'price-frequencies', {
    success: 'The price frequencies are saved.',
    fields: [...ORGANISATION_FREQUENCY_KEYS, 'price_frequencies'],
  });
  return (
    <SettingsSection
      title="Price frequencies"
      description="How often members can be charged. New prices offer only the frequencies ticked here."
      pending={section.pending}
      formRef={section.formRef}
      onSave={() => section.save(priceFrequenciesSchema, frequencies)}
    >
      <Checkbox.Group
        label="Billing frequencies"
        value={tickedOf(frequencies)}
        onChange={(ticked) => setFrequencies(frequenciesOf(ticked))}
        error={[...ORGANISATION_FREQUENCY_KEYS, 'price_frequencies']
          .map((key) => section.errors[key])
          .find(Boolean)}
        {...errorClassOf(section.errors)}
      >
        <SimpleGrid cols={{ base: 2, xs: 3 }} mt="xs" spacing="sm">
          {ORGANISATION_FREQUENCY_KEYS.map((key) => (
            <Checkbox key={key} value={key} label={FREQUENCY_LABELS[key]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </SettingsSection>
  );
}
